#!/usr/bin/env python3
"""Fit the device cost model's one free factor to the article's 17 fps for its first approach on an iPad Pro 11.

The article measured `naive` at 17 fps on an iPad Pro 11" at 120 Hz ("very poorly on the iPad (17 fps
average)", High performance drawing on iOS, part 2). Its companion app counts CADisplayLink callbacks
while it draws its spiral one point per callback. A vsync that passes while the main thread is busy
leaves the display link's source signalled, and the run loop runs the callback as soon as the turn
ends (RunLoopSimulation does the same), so a saturated main thread makes one callback per turn, and
17 callbacks a second mean a naive turn of 1000/17 = 58.8 ms.

Memory-bound kinds cost bytes over a device's published bandwidth at the share of it one thread's pixel
loop reaches: the host's measured share times `memory_efficiency_factor` in device-costs.json, the
model's one free factor. This script replays naive on the spiral, reads the median main-thread time of
a turn, and scales the factor until that turn is 58.8 ms, at the central estimate of every sourced
range (a few rounds: the compute kinds in the turn do not scale with it). Every other figure the model
gives, for every device and strategy, is a prediction (results/device-model/validation.json).

Usage: python3 scripts/fit_device.py [--bench PATH] [--write]
"""
import argparse
import json
import os
import subprocess
import sys

import device_costs
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE, HZ, FPS = "ipad-pro-11", 120, 17


def fit(bench, data, factor):
    """The factor that makes naive's median turn on the spiral 58.8 ms with `data` (at its central estimate)."""
    target_ms = 1000 / FPS
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "device-costs.json")
        for round_ in range(8):
            data["memory_efficiency_factor"] = {**data["memory_efficiency_factor"], "value": factor}
            data["memory_efficiency_factor"].pop("low", None)
            data["memory_efficiency_factor"].pop("high", None)
            with open(path, "w") as f:
                json.dump(data, f)
            summary = json.loads(subprocess.run(
                [bench, "run", "--strategy", "naive", "--trace", "spiral", "--input", "display-link", "--device", DEVICE,
                 "--hz", str(HZ), "--clock", "virtual", "--costs", "model", "--format", "json"],
                check=True, capture_output=True, text=True, env={**os.environ, "STROKEBENCH_DEVICE_COSTS": path}).stdout)
            turn_ms = summary["main_ms"]["p50"]
            print(f"  round {round_ + 1}: factor {factor:.4g}: median naive turn {turn_ms:.2f} ms, {summary['display_link_fps']:.1f} fps")
            if abs(turn_ms - target_ms) < 0.01:
                return factor
            factor *= turn_ms / target_ms
    return factor


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build", "release", "bench"))
    parser.add_argument("--write", action="store_true", help="store the fitted factor in device-costs.json")
    args = parser.parse_args()
    data = device_costs.load()
    # The factor is fitted at the central estimate and again at each end of the extended-range factor's
    # stated range: the end chosen changes how much of naive's turn the factor must carry, and so what it
    # predicts for standard-range work. A modelled run reads the factor at the same end as the range.
    extended = data["extended_range_factor"]
    fits = {}
    for end, value in (("value", extended["value"]), ("low", extended.get("low")), ("high", extended.get("high"))):
        if value is None:
            continue
        trial = json.loads(json.dumps(data))
        trial["extended_range_factor"] = {**extended, "value": value}
        print(f"extended-range factor {value}:")
        fits[end] = fit(args.bench, trial, data["memory_efficiency_factor"]["value"])
    print(f"memory_efficiency_factor {fits['value']:.4g}"
          + (f" ({fits['low']:.4g} at the extended-range factor's low end, {fits['high']:.4g} at its high end)" if len(fits) == 3 else ""))
    if args.write:
        data["memory_efficiency_factor"] = {
            "value": round(fits["value"], 4), **({"low": round(fits["low"], 4), "high": round(fits["high"], 4)} if len(fits) == 3 else {}),
            "basis": "fit",
            "source": ("the model's one free factor, fitted by python3 scripts/fit_device.py --write: the article's first approach "
                       "(a new UIGraphicsImageRenderer image per touch event) drawing the companion app's spiral, one point per "
                       "display-link callback at 120 Hz on an iPad Pro 11, shows the 17 fps the article measured ('very poorly "
                       "on the iPad (17 fps average)', High performance drawing on iOS, part 2, Besher Al Maleh, January 2019); "
                       "shared by every device; low and high are the same fit at the low and high end of the extended-range factor"),
        }
        device_costs.save(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
