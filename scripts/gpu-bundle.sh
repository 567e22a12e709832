#!/bin/bash
# Packs the release parallax-bench with the shared libraries it links (Swift runtime, SDL2,
# image and text libraries; not glibc, not the GL/EGL vendor libraries) and the DejaVu fonts
# into one archive, to time the renderer on a GPU machine that has an NVIDIA driver but no
# Swift toolchain (headless EGL through SDL's offscreen driver).
#
#   bash scripts/gpu-bundle.sh DIR        # writes DIR/bundle.tar.xz and DIR/run.sh
#   # on the GPU machine, in the folder holding DIR:
#   bash DIR/run.sh --frames 240 --warmup 30 --damage --json gpu.json
#
# run.sh unpacks the archive into /tmp/parallax-gpu, points the library path and fontconfig
# at it, selects SDL's offscreen (EGL) driver and runs parallax-bench with the arguments.
# Where the machine's EGL loader (libglvnd) does not find NVIDIA's vendor library, set
# __EGL_VENDOR_LIBRARY_FILENAMES to its 10_nvidia.json first.
set -euo pipefail
out=${1:?usage: scripts/gpu-bundle.sh DIR}
cd "$(dirname "$0")/.."
swift build -c release --product parallax-bench >/dev/null
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/lib" "$stage/fonts"
cp .build/release/parallax-bench "$stage/"
ldd .build/release/parallax-bench | awk '$3 ~ /^\// {print $3}' | while read -r lib; do
    case "$(basename "$lib")" in
        libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*|ld-linux*) ;;        # the machine's glibc
        libGL.so.*|libGLX.so.*|libGLdispatch.so.*|libEGL.so.*|libOpenGL.so.*) ;;        # the machine's GL loader
        *) cp -L "$lib" "$stage/lib/" ;;
    esac
done
cp /usr/share/fonts/truetype/dejavu/*.ttf "$stage/fonts/"
cat > "$stage/fonts.conf" <<'EOF'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir prefix="relative">fonts</dir><cachedir>/tmp/parallax-gpu-fc</cachedir></fontconfig>
EOF
mkdir -p "$out"
tar -C "$stage" -cf - . | xz -T0 -6 > "$out/bundle.tar.xz"
cat > "$out/run.sh" <<'EOF'
#!/bin/bash
# Unpacks bundle.tar.xz beside this script and runs parallax-bench headless on the GPU.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dest=/tmp/parallax-gpu
mkdir -p "$dest" && tar -C "$dest" -xJf "$here/bundle.tar.xz"
export LD_LIBRARY_PATH="$dest/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export FONTCONFIG_FILE="$dest/fonts.conf" SDL_VIDEODRIVER=offscreen
exec "$dest/parallax-bench" "$@"
EOF
chmod +x "$out/run.sh"
echo "$out/bundle.tar.xz ($(du -h "$out/bundle.tar.xz" | cut -f1)) and $out/run.sh"
