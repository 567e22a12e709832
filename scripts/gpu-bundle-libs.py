#!/usr/bin/env python3
"""Copies the shared libraries that the given programs load into DIR, for a machine that has
a GPU driver but none of these libraries. Libraries the tools never call into (FFmpeg's
optional encoders, network protocols, filters and devices) are replaced by small stubs that
define the same symbols and versions, each function returning zero (FFmpeg still calls a few
at start-up and while probing: version queries, format probes), so the archive stays small.

    python3 scripts/gpu-bundle-libs.py DIR PROGRAM...

Not copied: glibc and the C++ runtime (the machine's own are newer or equal). Copied as they
are: everything else, the GL loader (libglvnd) included; the vendor driver stays the
machine's."""
import os, re, shutil, subprocess, sys

# Libraries loaded only because libavcodec/libavformat/libavfilter/libavdevice link them for
# features the tools do not use; the decoders the tools use (H.264, HEVC, VP9, AV1 via
# libdav1d's absence: FFmpeg's own decoders) are inside libavcodec itself.
STUBBED = re.compile(r"^lib(x26[45]|codec2|rsvg-2|SvtAv1Enc|aom|jxl(_threads)?|rav1e|vpx|zvbi|mfx|shine|"
                     r"snappy|bluray|ssh-gcrypt|gnutls|xml2|srt-gnutls|rabbitmq|zmq|chromaprint|placebo|"
                     r"vulkan|OpenCL|theora(enc|dec)|twolame|webpmux|speex|gsm|mp3lame|opus|vorbisenc|vdpau|"
                     r"dav1d|soxr|pocketsphinx|sphinxbase|bs2b|lilv-0|rubberband|mysofa|flite\w*|ass|vidstab|"
                     r"zimg|samplerate|openal|cdio\w*|dc1394|raw1394|iec61883|avc1394|rom1394|jack|caca|"
                     r"crypto|ssl|icu\w+|postproc|avfilter|avdevice|udfread|norm|pgm-5.3|sodium|p11-kit|"
                     r"tasn1|nettle|hogweed|gmp|idn2|unistring)\.so")
SYSTEM = re.compile(r"^(libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s|ld-linux-x86-64|libresolv)\.so")

def run(*args):
    return subprocess.run(args, capture_output=True, text=True).stdout

def needed(path):
    return re.findall(r"\(NEEDED\).*\[(.*)\]", run("readelf", "-d", path))

def resolved(programs):
    found = {}
    for p in programs:
        for line in run("ldd", p).splitlines():
            parts = line.split()
            if "=>" in parts and len(parts) >= 3 and parts[2].startswith("/"):
                found[parts[0]] = parts[2]
    return found

def stub(name, real, wanted, out):
    """A library named `name` defining the symbols of `real` that `wanted` holds."""
    symbols, versions = {}, set()
    for line in run("nm", "-D", "--defined-only", real).splitlines():
        parts = line.split()
        if len(parts) < 3: continue
        base, _, version = parts[2].partition("@")
        version = version.lstrip("@")
        if base in wanted and base not in symbols: symbols[base] = (parts[1], version)
    dump = run("objdump", "-p", real)
    if "Version definitions:" in dump:
        section = dump.split("Version definitions:")[1].split("Version References:")[0]
        for line in section.splitlines():
            parts = line.split()
            if len(parts) >= 4 and parts[1] != "0x01": versions.add(parts[3])
    versions |= {v for _, v in symbols.values() if v}
    source = [
        f"long {s}(void) {{ return 0; }}" if kind in "TtWi" else f"char {s}[4096];"
        for s, (kind, _) in symbols.items()]
    c = os.path.join(out, name + ".c")
    with open(c, "w") as f: f.write("\n".join(source) + "\n")
    command = ["gcc", "-shared", "-fPIC", "-o", os.path.join(out, name), c, f"-Wl,-soname,{name}"]
    if versions:
        script = ""
        for v in sorted(versions):
            members = [s for s, (_, sv) in symbols.items() if sv == v]
            script += f"{v} {{ global: {' '.join(m + ';' for m in members)} }};\n" if members else f"{v} {{ }};\n"
        unversioned = [s for s, (_, sv) in symbols.items() if not sv]
        if unversioned: script += "{ global: " + " ".join(s + ";" for s in unversioned) + " };\n"
        path = os.path.join(out, name + ".map")
        with open(path, "w") as f: f.write(script)
        command.append(f"-Wl,--version-script={path}")
    subprocess.run(command, check=True)
    os.remove(c)
    if versions: os.remove(os.path.join(out, name + ".map"))

def main():
    out, programs = sys.argv[1], sys.argv[2:]
    os.makedirs(out, exist_ok=True)
    found = resolved(programs)
    copied, stubbed, queue, seen = {}, {}, [n for p in programs for n in needed(p)], set()
    for gl in ("libEGL.so.1", "libGL.so.1", "libGLESv2.so.2", "libOpenGL.so.0", "libGLX.so.0"):
        queue.append(gl)
        found.setdefault(gl, "/usr/lib/x86_64-linux-gnu/" + gl)
    while queue:
        name = queue.pop()
        if name in seen or SYSTEM.match(name): continue
        seen.add(name)
        path = found.get(name) or next((d + name for d in ("/lib/x86_64-linux-gnu/", "/usr/lib/x86_64-linux-gnu/")
                                        if os.path.exists(d + name)), None)
        if path is None: sys.exit(f"gpu-bundle-libs: {name} not found")
        if STUBBED.match(name): stubbed[name] = path; continue
        copied[name] = path
        queue += needed(path)
    for name, path in copied.items(): shutil.copy(path, os.path.join(out, name))
    wanted = set()
    for path in list(copied.values()) + programs:
        for line in run("nm", "-D", "--undefined-only", path).splitlines():
            if line.split(): wanted.add(line.split()[-1].split("@")[0])
    for name, path in stubbed.items(): stub(name, path, wanted, out)
    print(f"{len(copied)} libraries copied, {len(stubbed)} stubbed")

main()
