#!/usr/bin/env python3
"""Fit the one free factor of the iPad Pro 11's unit costs to the article's 17 fps.

The article measured `naive` at 17 fps on an iPad Pro 11" at 120 Hz ("very poorly on the iPad (17 fps
average)", High performance drawing on iOS, part 2). Its companion app counts CADisplayLink callbacks
while it draws its spiral one point per callback. A vsync that passes while the main thread is busy
leaves the display link's source signalled, and the run loop runs the callback as soon as the turn
ends (RunLoopSimulation does the same), so a saturated main thread makes one callback per turn, and
17 callbacks a second mean a naive turn of 1000/17 = 58.8 ms.

Every unit cost of the device is the host's times the factor (`slowdown` in device-costs.json), so
a modelled turn scales exactly with it: this script replays naive on the spiral with the current
factor, reads the median main-thread time of a turn, and scales the factor to make it 1000/17 = 58.8 ms, at the central estimate of every sourced range. The
other devices derive from this one by published hardware ratios; nothing else is fitted.

Usage: python3 scripts/fit_device.py [--bench PATH] [--write]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Sources", "StrokeBenchDisplay", "Resources", "device-costs.json")
DEVICE, HZ, FPS = "ipad-pro-11", 120, 17


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build", "release", "bench"))
    parser.add_argument("--write", action="store_true", help="store the fitted factor in device-costs.json")
    args = parser.parse_args()
    with open(DATA) as f:
        data = json.load(f)
    current = data["devices"][DEVICE]["slowdown"]["value"]
    with tempfile.TemporaryDirectory() as folder:
        trace = os.path.join(folder, "spiral.trace")
        subprocess.run([args.bench, "trace", "generate", "--kind", "spiral", "--device", DEVICE, "--output", trace],
                       check=True, capture_output=True)
        out = subprocess.run([args.bench, "run", "--strategy", "naive", "--trace", trace, "--input", "display-link",
                              "--device", DEVICE, "--hz", str(HZ), "--clock", "virtual", "--costs", "model", "--format", "json"],
                             check=True, capture_output=True, text=True).stdout
    summary = json.loads(out)
    turn_ms = summary["main_ms"]["p50"]
    target_ms = 1000 / FPS
    fitted = current * target_ms / turn_ms
    print(f"naive on the {DEVICE} spiral at {HZ} Hz with slowdown {current:.4g}: median turn {turn_ms:.2f} ms, "
          f"{summary['display_link_fps']:.1f} fps")
    print(f"target turn {target_ms:.2f} ms (17 fps, the article's): slowdown {fitted:.4g}")
    if args.write:
        data["devices"][DEVICE]["slowdown"]["value"] = round(fitted, 4)
        with open(DATA, "w") as f:
            json.dump(data, f, indent=2)
            f.write("\n")
        print(f"wrote {os.path.relpath(DATA, ROOT)}; run it again to see the modelled fps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
