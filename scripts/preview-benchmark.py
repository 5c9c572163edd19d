#!/usr/bin/env python3
"""Measures `easel preview` in headless Chromium (the README's workbench table).

  swift build -c release
  python3 scripts/preview-benchmark.py [--easel .build/release/easel] [--edits 50] [--taps 30] [--seconds 5]

Three numbers, all timed in the page (performance.now() / Date.now() when the
frame is drawn into the canvas):

- edit-to-pixels: the demo scene (a copy of Examples/demo.json) is rewritten
  (a new file renamed over it, as editors save) with another label text; the
  time from just before the rename to the page's drawing of the new frame.
- touch-to-pixels: a tap on the demo's MiniPicker right arrow through
  WebDriver pointer actions; the time from the page sending the touch's end
  to its drawing of the frame that includes it.
- frames per second: a 1280x720 scene whose views animate without end, drawn
  by the page over a few seconds.

Besides the wall-clock times, which a loaded machine stretches, it reports the
CPU time `easel preview` and its workers used per edit and per tap (from
/proc/PID/stat: user + system of the server and of its reaped workers), and
the server's own time from the settled file to the encoded tiles
(status.milliseconds), so that a run on a busy machine can be read.

Needs chromium and chromium-driver (Debian), and nothing else besides Python 3.
"""
import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Driver:
    """A chromedriver session over plain HTTP (the W3C WebDriver protocol)."""

    def __init__(self, width=1500, height=1000):
        self.port = free_port()
        self.profile = tempfile.mkdtemp(prefix="easel-bench-chromium-")
        self.process = subprocess.Popen(["/usr/bin/chromedriver", f"--port={self.port}"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                if self.call("GET", "/status")["ready"]:
                    break
            except OSError:
                time.sleep(0.05)
        binary = next(p for p in ["/usr/lib/chromium/chromium", "/usr/bin/chromium"] if os.path.exists(p))
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": binary,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--force-device-scale-factor=1",
                     f"--user-data-dir={self.profile}", "--no-first-run", "--disable-extensions",
                     "--disable-background-timer-throttling", "--disable-renderer-backgrounding"]}}}}
        self.session = self.call("POST", "/session", caps)["sessionId"]

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=120) as answer:
            return json.loads(answer.read())["value"]

    def open(self, url):
        self.call("POST", f"/session/{self.session}/url", {"url": url})

    def run(self, script, *args):
        return self.call("POST", f"/session/{self.session}/execute/sync", {"script": script, "args": list(args)})

    def wait(self, script, seconds=30, *args):
        deadline = time.time() + seconds
        while time.time() < deadline:
            value = self.run(script, *args)
            if value:
                return value
            time.sleep(0.01)
        raise SystemExit(f"timed out waiting for: {script}")

    def pointer(self, steps):
        self.call("POST", f"/session/{self.session}/actions", {"actions": [
            {"type": "pointer", "id": "finger", "parameters": {"pointerType": "mouse"}, "actions": steps}]})
        self.call("DELETE", f"/session/{self.session}/actions")

    def quit(self):
        try:
            self.call("DELETE", f"/session/{self.session}")
            self.call("GET", "/shutdown")
        except OSError:
            pass
        self.process.wait(timeout=10)
        shutil.rmtree(self.profile, ignore_errors=True)


def start_preview(easel, scene, plugins, extra=()):
    env = dict(os.environ, EASEL_PLUGIN_PATH="", XDG_CACHE_HOME=tempfile.mkdtemp(prefix="easel-bench-cache-"))
    process = subprocess.Popen([easel, "preview", scene, "--plugins", plugins, *extra], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=env, text=True)
    url = process.stdout.readline().strip()
    if not url.startswith("http://"):
        raise SystemExit(f"easel preview printed no URL: {url!r}")
    return process, url


def cpu_seconds(pid, depth=0):
    """User + system CPU seconds of a process, of its children it has waited for, and of
    those still running (the live worker)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    # After the command: state is field 3, so utime, stime, cutime, cstime (14-17) are [11:15].
    total = sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    if depth < 2:
        for task in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{task}/children") as f:
                    total += sum(cpu_seconds(int(child), depth + 1) for child in f.read().split())
            except OSError:
                pass
    return total


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def write_atomically(path, text):
    temporary = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".new")
    with open(temporary, "w") as f:
        f.write(text)
    before = time.time() * 1000
    os.rename(temporary, path)
    return before


# The stages of a frame, in order, as the page records them (paints[].timings, wall-clock ms):
# the server's (changed: the inotify event read; settled: the quiet period over; received: the
# touch message taken; request: the command or request sent to the worker; reply: its answer
# read; encoded: the tiles encoded; sent: the frame message written to the socket) and the
# page's (arrived: the frame message handled; decoded: the tiles' PNGs decoded; at: painted).
EDIT_STAGES = ["written", "changed", "settled", "request", "reply", "state", "copied", "encoded", "published", "sent",
               "arrived", "decoded", "at"]
TOUCH_STAGES = ["sent", "received", "request", "reply", "state", "copied", "encoded", "published", "sent_frame", "arrived",
                "decoded", "at"]


def breakdown(entries, stages):
    """The median time between consecutive stages over the entries that have both."""
    parts = []
    for first, second in zip(stages, stages[1:]):
        values = [entry[second] - entry[first] for entry in entries
                  if entry.get(first) is not None and entry.get(second) is not None]
        if values:
            parts.append(f"{first}→{second} {statistics.median(values):.1f}")
    return ", ".join(parts)


def edit_to_pixels(driver, scene, count):
    original = open(scene).read()
    latencies, server, stages = [], [], []
    for index in range(count):
        generation = driver.run("return window.easelPreview.status.generation")
        text = original.replace("Easel: UIKit-style widgets from plugins", f"Easel: edit {index}")
        written = write_atomically(scene, text)
        paint = driver.wait("""
            const p = window.easelPreview;
            return p.paints.find((entry) => entry.generation > arguments[0]) || null;""", 30, generation)
        latencies.append(paint["at"] - written)
        stages.append(dict(paint.get("timings") or {}, written=written, at=paint["at"], pixels=paint.get("pixels")))
        server.append(driver.run("return window.easelPreview.status.milliseconds"))
        time.sleep(0.15)
    return latencies, server, stages


def touch_to_pixels(driver, count):
    # The demo's MiniPicker is at 24, 336, 180 x 34: its arrows are its outer 22 points.
    right, left = driver.run("""
        const box = document.getElementById('frame').getBoundingClientRect(), s = window.easelPreview.status;
        const at = (x, y) => [box.left + x * box.width / s.width, box.top + y * box.height / s.height];
        return [at(196, 353), at(32, 353)];""")
    driver.run("window.easelPreview.inputLatencies = []; return true")
    for index in range(count):
        # Alternate between the arrows, three taps each, so that the picker never stops at an end.
        x, y = right if index % 6 < 3 else left
        driver.pointer([{"type": "pointerMove", "x": int(x), "y": int(y), "origin": "viewport"},
                        {"type": "pointerDown", "button": 0}, {"type": "pause", "duration": 20},
                        {"type": "pointerUp", "button": 0}])
        time.sleep(0.1)
    time.sleep(0.5)
    paints = driver.run("return window.easelPreview.inputPaints") or []   # (none in pages before the breakdown)
    stages = [dict(entry.get("timings") or {}, sent=entry["sent"], at=entry["at"]) for entry in paints]
    for entry, paint in zip(stages, paints):
        entry["sent_frame"] = (paint.get("timings") or {}).get("sent")
    return driver.run("return window.easelPreview.inputLatencies"), stages


FPS_SCENE = {
    "canvas": {"size": [1280, 720], "scale": 1, "background": "#ffffff"},
    "root": {"backgroundColor": "#eef1f5", "subviews": [
        {"class": "Label", "frame": [40, 30, 800, 40],
         "properties": {"text": "Easel preview: 1280 x 720 animation", "fontSize": 28, "textColor": "#27303d"}},
        {"class": "CalendarPicker", "frame": [880, 60, 300, 287], "properties": {"year": 2026, "month": 11, "selectedDay": 21}},
        {"class": "Swatch", "id": "a", "frame": [40, 120, 160, 160], "opaque": False,
         "properties": {"color": "#2f6fd0", "cornerRadius": 24}},
        {"class": "Swatch", "id": "b", "frame": [40, 420, 220, 140], "opaque": False,
         "properties": {"color": "#e0483e", "cornerRadius": 70}},
        {"class": "View", "id": "c", "frame": [600, 560, 120, 120], "backgroundColor": "#1f9d55"}]},
    "steps": [
        {"at": 0, "animate": {"view": "a", "duration": 2, "curve": "easeInOut", "options": ["repeat", "autoreverse"],
                              "set": {"center": [760, 200]}}},
        {"at": 0, "animate": {"view": "b", "duration": 3, "curve": "linear", "options": ["repeat", "autoreverse"],
                              "set": {"center": [1100, 490], "alpha": 0.4}}},
        {"at": 0, "animate": {"view": "c", "duration": 1.5, "curve": "easeInOut", "options": ["repeat", "autoreverse"],
                              "set": {"transform": {"rotate": 3.14159}}}}],
}


PLUGIN_SCENE = {
    "canvas": {"size": [400, 200], "scale": 1, "background": "#ffffff"},
    "root": {"subviews": [
        {"class": "Label", "frame": [20, 150, 360, 30], "properties": {"text": "a rebuilt plugin draws", "fontSize": 20}},
        {"class": "TintView", "frame": [20, 20, 100, 100]}]},
}


def build_tints(work):
    """Tests/Fixtures/preview_tint.c built red and blue (TintView fills its rect in one colour)."""
    builds = []
    for name, flags in [("red", []), ("blue", ["-DTINT_R=0", "-DTINT_B=1"])]:
        output = os.path.join(work, f"tint-{name}.so")
        subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-I", os.path.join(ROOT, "Sources", "EaselABI", "include"), *flags,
                        os.path.join(ROOT, "Tests", "Fixtures", "preview_tint.c"), "-o", output], check=True)
        builds.append(output)
    return builds


def plugin_to_pixels(driver, folder, builds, count):
    """A plugin rebuilt `count` times (the two builds in turn, each copied next to the loaded file and
    renamed over it, as a linker's output that lands at once): from before the rename to the paint."""
    latencies, stages = [], []
    target = os.path.join(folder, "preview_tint.so")
    for index in range(count):
        generation = driver.run("return window.easelPreview.status.generation")
        temporary = os.path.join(folder, ".preview_tint.so.new")
        shutil.copy(builds[(index + 1) % 2], temporary)
        written = time.time() * 1000
        os.rename(temporary, target)
        paint = driver.wait("""
            const p = window.easelPreview;
            return p.paints.find((entry) => entry.generation > arguments[0]) || null;""", 30, generation)
        latencies.append(paint["at"] - written)
        stages.append(dict(paint.get("timings") or {}, written=written, at=paint["at"]))
        time.sleep(0.4)
    return latencies, stages


def frames_per_second(driver, seconds):
    time.sleep(1)
    start = driver.run("return [window.easelPreview.framesDrawn, performance.now()]")
    time.sleep(seconds)
    end = driver.run("return [window.easelPreview.framesDrawn, performance.now()]")
    return (end[0] - start[0]) / ((end[1] - start[1]) / 1000)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--easel", default=os.path.join(ROOT, ".build", "release", "easel"))
    parser.add_argument("--plugins", help="the sample plugins' folder (default: the easel executable's)")
    parser.add_argument("--edits", type=int, default=50)
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--swaps", type=int, default=20, help="rebuilt plugins for plugin-to-pixels (0: skip)")
    args = parser.parse_args()
    plugins = args.plugins or os.path.dirname(os.path.abspath(args.easel))
    work = tempfile.mkdtemp(prefix="easel-bench-")
    demo = os.path.join(work, "demo.json")
    shutil.copy(os.path.join(ROOT, "Examples", "demo.json"), demo)
    for name in os.listdir(os.path.join(ROOT, "Examples")):
        if name.endswith((".png", ".jpg", ".svg")):
            shutil.copy(os.path.join(ROOT, "Examples", name), work)

    driver = Driver()
    preview, url = start_preview(args.easel, demo, plugins)
    try:
        driver.open(url)
        driver.wait("return window.easelPreview.framesDrawn > 0 && window.easelPreview.status.live")
        before = cpu_seconds(preview.pid)
        edits, server, edit_stages = edit_to_pixels(driver, demo, args.edits)
        edit_cpu = (cpu_seconds(preview.pid) - before) / len(edits) * 1000
        driver.wait("return window.easelPreview.status.live")
        time.sleep(0.5)
        before = cpu_seconds(preview.pid)
        taps, tap_stages = touch_to_pixels(driver, args.taps)
        tap_cpu = (cpu_seconds(preview.pid) - before) / args.taps * 1000
    finally:
        preview.terminate()
        preview.wait()

    swaps, swap_stages, swap_cpu = [], [], 0
    if args.swaps:
        tints = build_tints(work)
        folder = os.path.join(work, "plugins")
        os.mkdir(folder)
        shutil.copy(tints[0], os.path.join(folder, "preview_tint.so"))
        plugin_scene = os.path.join(work, "plugin.json")
        with open(plugin_scene, "w") as f:
            json.dump(PLUGIN_SCENE, f)
        preview, url = start_preview(args.easel, plugin_scene, plugins, extra=["--plugins", folder])
        try:
            driver.open(url)
            driver.wait("return window.easelPreview.framesDrawn > 0 && window.easelPreview.status.live")
            time.sleep(1)
            before = cpu_seconds(preview.pid)
            swaps, swap_stages = plugin_to_pixels(driver, folder, tints, args.swaps)
            swap_cpu = (cpu_seconds(preview.pid) - before) / len(swaps) * 1000
        finally:
            preview.terminate()
            preview.wait()

    fps_scene = os.path.join(work, "animation.json")
    with open(fps_scene, "w") as f:
        json.dump(FPS_SCENE, f)
    preview, url = start_preview(args.easel, fps_scene, plugins)
    try:
        driver.open(url)
        driver.wait("return window.easelPreview.framesDrawn > 0")
        fps = frames_per_second(driver, args.seconds)
    finally:
        preview.terminate()
        preview.wait()
        driver.quit()
    shutil.rmtree(work, ignore_errors=True)

    print(f"edit-to-pixels over {len(edits)} edits: median {statistics.median(edits):.0f} ms, "
          f"p95 {percentile(edits, 0.95):.0f} ms (min {min(edits):.0f}, max {max(edits):.0f}); "
          f"server (settled file to encoded tiles) median {statistics.median(server):.0f} ms; "
          f"CPU of easel preview and its workers {edit_cpu:.0f} ms per edit")
    print(f"  edit stages, median ms: {breakdown(edit_stages, EDIT_STAGES)}; in the worker "
          f"{statistics.median([entry.get('worker') or 0 for entry in edit_stages]):.1f}; pixels sent per edit, median "
          f"{statistics.median([entry.get('pixels') or 0 for entry in edit_stages]):.0f}")
    if taps:
        print(f"touch-to-pixels over {len(taps)} taps: median {statistics.median(taps):.1f} ms, "
              f"p95 {percentile(taps, 0.95):.1f} ms; CPU of easel preview and its worker {tap_cpu:.1f} ms per tap")
        print(f"  touch stages, median ms: {breakdown(tap_stages, TOUCH_STAGES)}")
    else:
        print("touch-to-pixels: no frame followed a touch")
    if swaps:
        print(f"plugin-to-pixels over {len(swaps)} rebuilt plugins: median {statistics.median(swaps):.0f} ms, "
              f"p95 {percentile(swaps, 0.95):.0f} ms; CPU of easel preview and its workers {swap_cpu:.0f} ms per rebuild")
        print(f"  plugin stages, median ms: {breakdown(swap_stages, EDIT_STAGES)}")
    print(f"animation at 1280x720: {fps:.1f} frames per second")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} ({os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
