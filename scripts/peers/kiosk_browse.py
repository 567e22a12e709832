#!/usr/bin/env python3
"""Browses a home screen with the same key presses, whatever draws it, and measures the CPU
its processes use: starts COMMAND on DISPLAY, waits for a window whose name matches NAME,
lets it settle, focuses it, then presses Right x40, Down, Right x16, Down, Right x16 at
8 keys per second (xdotool). Prints the CPU seconds per second of browsing of COMMAND and
every process it started (utime + stime from /proc) and the median of the frames per second
its window title shows once a second, then presses Q and stops them.

    kiosk_browse.py DISPLAY NAME SETTLE_SECONDS COMMAND [ARGS...]
"""
import os, re, signal, subprocess, sys, time

display, name, settle, command = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4:]
env = dict(os.environ, DISPLAY=display)
tick = os.sysconf("SC_CLK_TCK")


def tree(root):
    """The pids of root and its descendants."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def cpu_seconds(root):
    total = 0
    for pid in tree(root):
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])      # utime, stime
    return total / tick


def xdotool(*args):
    return subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True).stdout.strip()


process = subprocess.Popen(command, env=env, start_new_session=True)
try:
    window = ""
    for _ in range(600):
        window = xdotool("search", "--onlyvisible", "--name", name).split("\n")[0]
        if window:
            break
        time.sleep(0.1)
    if not window:
        sys.exit(f"kiosk_browse: no window named {name}")
    time.sleep(settle)
    xdotool("windowfocus", window)
    xdotool("key", "s")
    keys = ["Right"] * 40 + ["Down"] + ["Right"] * 16 + ["Down"] + ["Right"] * 16
    c0, t0 = cpu_seconds(process.pid), time.monotonic()
    fps = []
    for k, key in enumerate(keys):
        wait = t0 + k / 8 - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        xdotool("key", key)
        if k % 8 == 7:      # once a second: the frames per second the window title shows
            match = re.search(r"(\d+) fps", xdotool("getwindowname", window))
            if match:
                fps.append(int(match.group(1)))
    time.sleep(0.5)
    c1, t1 = cpu_seconds(process.pid), time.monotonic()
    xdotool("key", "q")
    time.sleep(1)
    shown = f"frames per second in the title {sorted(fps)[len(fps) // 2]} median, {min(fps)} min" if fps else "no fps in the title"
    print(f"cpu seconds per second {(c1 - c0) / (t1 - t0):.3f} over {t1 - t0:.1f} s of browsing ({len(keys)} keys); {shown}")
finally:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
