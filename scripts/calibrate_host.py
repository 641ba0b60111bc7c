#!/usr/bin/env python3
"""Measure this host's unit costs and memory efficiency for the device cost model, by microbenchmark.

Runs `bench calibrate --format json` --runs times (one microbenchmark per kind of work, and streaming
writes of 256 MiB buffers by one thread and by every core; no replay's frame times are used) and takes
the median of each figure over the runs, since one calibration on a shared VM can land in a moment of
load. With --write it stores them as the `host` block of
Sources/StrokeBenchDevice/Resources/device-costs.json, with this command and the spread as their source.

What the model takes from the host (docs/device-model.md): the compute kinds' unit costs (a device's are
these times its single-core ratio) and the memory efficiency (the share of the memory system one thread
reaches), which prices a device's memory-bound kinds against its published bandwidth.

Usage: python3 scripts/calibrate_host.py [--bench PATH] [--runs N] [--write]
"""
import argparse
import json
import os
import platform
import statistics
import subprocess
import sys

import device_costs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# The one device whose compute kinds are derived from the host's; the others chain from it by
# published single-core ratios.
A12X_DEVICE, A12X_GHZ = "ipad-pro-11", 2.49


def host_clock_ghz():
    with open("/proc/cpuinfo") as f:
        mhz = [float(line.split(":")[1]) for line in f if line.startswith("cpu MHz")]
    if not mhz:
        sys.exit("/proc/cpuinfo gives no 'cpu MHz': the host's clock is needed to carry its compute costs to the A12X")
    return statistics.median(mhz) / 1000


def calibrate(bench):
    result = subprocess.run([bench, "calibrate", "--format", "json"], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{bench} calibrate: exit {result.returncode}: {result.stderr.strip()}")
    return json.loads(result.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build", "release", "bench"))
    parser.add_argument("--runs", type=int, default=5, help="calibrations; each figure is their median")
    parser.add_argument("--write", action="store_true", help="store the host block in device-costs.json")
    args = parser.parse_args()
    runs = []
    for i in range(args.runs):
        runs.append(calibrate(args.bench))
        print(f"  calibration {i + 1} of {args.runs}", file=sys.stderr)
    kinds = list(runs[0]["unit_costs_ns"])
    costs = {k: statistics.median(r["unit_costs_ns"][k] for r in runs) for k in kinds}
    spread = {k: (min(r["unit_costs_ns"][k] for r in runs), max(r["unit_costs_ns"][k] for r in runs)) for k in kinds}
    one = statistics.median(r["bandwidth"]["one_thread_gbs"] for r in runs)
    every = statistics.median(r["bandwidth"]["all_cores_gbs"] for r in runs)
    efficiencies = [r["bandwidth"]["efficiency"] for r in runs]
    efficiency = statistics.median(efficiencies)
    cores = runs[0]["bandwidth"]["cores"]
    for k in kinds:
        print(f"{k:18} {costs[k]:12.4f} ns  (runs {spread[k][0]:.4g} to {spread[k][1]:.4g})")
    print(f"memory: one thread {one:.2f} GB/s, {cores} cores {every:.2f} GB/s, efficiency {efficiency:.3f} "
          f"(runs {min(efficiencies):.3f} to {max(efficiencies):.3f})")
    if args.write:
        data = device_costs.load()
        machine = f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"
        command = f"python3 scripts/calibrate_host.py --runs {args.runs} --write"
        data["host"] = {
            "machine": machine,
            "source": (f"measured: {command} (bench calibrate: one microbenchmark per kind of work, each case the least "
                       f"of five rounds' medians, each kind a least-squares slope; the median of {args.runs} calibrations; "
                       "no replay's frame times)"),
            "unit_costs_ns": {k: round(v, 6) for k, v in costs.items()},
            "memory_efficiency": {
                "value": round(efficiency, 4),
                "basis": "measured",
                "source": (f"measured: {command}: streaming writes of 256 MiB buffers (8 times the 32 MiB last-level cache), "
                           f"one thread {one:.2f} GB/s over {cores} cores at once {every:.2f} GB/s, the median of "
                           f"{args.runs} calibrations ({min(efficiencies):.3f} to {max(efficiencies):.3f})"),
            },
        }
        ghz = host_clock_ghz()
        data["host"]["clock_ghz"] = {"value": round(ghz, 4), "basis": "measured", "source": "/proc/cpuinfo 'cpu MHz' of this host"}
        data["devices"][A12X_DEVICE]["compute"] = {"relative_to": "host", "ratio": {
            "value": round(ghz / A12X_GHZ, 4), "basis": "published",
            "source": (f"the host's clock over the A12X's, {ghz:.3f} GHz (measured, /proc/cpuinfo) / {A12X_GHZ} GHz (published: "
                       "Apple A12X, Vortex cores at up to 2.49 GHz; Wikipedia 'Apple A12X'), taking one cycle's work to be the "
                       "same on both cores, an assumption no published benchmark here checks (no single-core score of "
                       "this host is published)")}}
        device_costs.save(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
