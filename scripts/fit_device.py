#!/usr/bin/env python3
"""Fit the device cost model's one free factor to the one fitted figure that device-costs.json declares.

The figure (`fitted_figure`: a strategy, the companion app's spiral, an input drive, a device, a rate and
the fps its FPS label showed) was chosen by the rule in docs/device-model.md before any prediction was
computed. The app's label counts display-link callbacks; with the main thread saturated a callback runs
once per turn, so the label's fps means a main-thread turn of 1000/fps ms.

Memory-bound kinds cost bytes over a device's published bandwidth at the share of it one thread's pixel
loop reaches: the host's measured share times `memory_efficiency_factor`, the model's one free factor.
This script replays the declared run, reads the median main-thread time of a turn and of the render
server's composite that the next turn waits for, and scales the factor
until that turn is 1000/fps ms, with every input at its central value (a few rounds: the compute kinds in
the turn do not scale with it). Each draw of the model's uncertainty refits the factor itself, in closed
form (ModelUncertainty.factor). Every other figure the model gives is a prediction (`bench model validate`).

Usage: python3 scripts/fit_device.py [--bench PATH] [--write]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import device_costs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fit(bench, data, factor):
    """The factor that makes the fitted run's median turn 1000/fps ms with `data` (every input central)."""
    figure = data["fitted_figure"]
    target_ms = 1000 / figure["fps"]
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "device-costs.json")
        for round_ in range(8):
            data["memory_efficiency_factor"] = {**data["memory_efficiency_factor"], "value": factor}
            with open(path, "w") as f:
                json.dump(data, f)
            summary = json.loads(subprocess.run(
                [bench, "run", "--strategy", figure["strategy"], "--trace", figure["trace"], "--input", figure["input"],
                 "--device", figure["device"], "--hz", str(figure["hz"]), "--clock", "virtual", "--costs", "model",
                 "--format", "json"],
                check=True, capture_output=True, text=True, env={**os.environ, "STROKEBENCH_DEVICE_COSTS": path}).stdout)
            # A turn waits for the render server's composite of the one before it (the fence), so the
            # figure's turn is the main thread's median turn and the median composite together.
            turn_ms = summary["main_ms"]["p50"] + summary["composite_ms"]["p50"]
            print(f"  round {round_ + 1}: factor {factor:.4g}: median turn {turn_ms:.2f} ms, {summary['display_link_fps']:.1f} fps")
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
    figure = data["fitted_figure"]
    print(f"fitting to {figure['strategy']} on the {figure['trace']} ({figure['input']}) on {figure['device']} at "
          f"{figure['hz']} Hz: {figure['fps']} fps")
    factor = fit(args.bench, json.loads(json.dumps(data)), data["memory_efficiency_factor"]["value"])
    print(f"memory_efficiency_factor {factor:.4g}")
    if args.write:
        data["memory_efficiency_factor"] = {
            "value": round(factor, 4),
            "basis": "fit",
            "source": ("the model's one free factor, fitted by python3 scripts/fit_device.py --write to fitted_figure: "
                       f"(its strategy on the companion app's {figure['trace']}, {figure['input']} drive, on "
                       f"{figure['device']} at {figure['hz']} Hz, showing {figure['fps']} fps): a main-thread turn of "
                       f"{1000 / figure['fps']:.1f} ms; shared by every device; every draw of the model's uncertainty "
                       "refits it to the same figure"),
        }
        device_costs.save(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
