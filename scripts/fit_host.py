#!/usr/bin/env python3
"""Ask whether the device cost model's counters explain this host, and whether unit costs transfer.

The device cost model (docs/device-model.md) charges each phase the work it counted times a unit
cost per kind of work; its host costs come from microbenchmarks (`bench calibrate`,
scripts/calibrate_host.py), never from this script. This script asks whether the counters explain the
machine it runs on:

1. it replays every strategy with measured costs in the virtual clock, on training traces and on
   held-out traces (other kinds of drawing, seeds and devices), writing per-frame CSVs. Input is
   display-link paced, one sample per turn, so that every repeat of a replay does the same work in
   the same frame whatever its timing; each frame's time is the least of --repeat replays, the one
   the machine disturbed least, as `bench calibrate` takes the least of its rounds: time another
   process takes from a frame only ever adds to it, and a median of three still keeps it whenever two
   replays met load (on a 2-core VM with a build beside it, that pushed dirty-rect's small frames past
   0.1 ms by the hundred and its error from 27% to 43%). The first frame is left out: it counts
   the strategy's set-up, which no phase is timed for;
2. it fits one unit cost per kind (non-negative least squares, no intercept) to the training
   frames' main-thread time (`main_ms`) against the main thread's own counters (`main_*` columns);
3. it reports, on the held-out frames the fit never saw, R^2 of per-frame main-thread time over all
   strategies, and the median relative error on frames of 0.1 ms or more.

With --leave-one-strategy-out it asks the harder question a user's own strategy poses: how well are
a strategy's frames predicted by unit costs that never saw it? The device cost model's host costs come
from `bench calibrate`, one microbenchmark per kind of work, which sees no strategy at all. Before each
strategy's replays of each case, `bench calibrate` runs on the case's device; the costs are taken as the
model takes its host costs: each compute kind the median of the run's calibrations on that device, each
memory kind the one measured just before those replays (`as_the_model_takes_them`). For each strategy
this reports the median relative error of its main-thread time predicted with them, on frames of 0.1 ms
or more (`median_relative_error`, a fraction; `one_calibration` is the same with only the calibration
made just before its replays), and the same by device (`by_device`: each device holds one kind of
drawing), signed too, to trace a miss to the drawing that made it. Beside it, `fit_without_it` is the
same for this script's regression refitted without that strategy, which shows why regressed costs do not transfer:
kinds that always come together (every full-canvas blend follows a full-canvas clear) take each
other's cost. For the async strategies, `background_render` is the same
figure for their background renders' time (`render_ms` of a frame whose picture one render made,
predicted from its `task_*` columns). `--format json` prints one object keyed by strategy.

Usage: python3 scripts/fit_host.py [--bench PATH] [--repeat N] [--leave-one-strategy-out] [--format text|json]
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
import scipy.optimize

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The kinds of work the model charges the main thread for, with their per-frame CSV columns; the same
# kinds in a background render's own work (`task_*` columns: what `render_ms` of an async strategy's
# frame times); and the kinds that scale with memory bandwidth. Read from `bench list --format json`
# (WorkKind in Swift), never copied here: `load_work_kinds` fills them before anything else runs.
KINDS = {}
TASK_KINDS = {}
MEMORY_BOUND = set()


def load_work_kinds(bench):
    listing = json.loads(run([bench, "list", "--format", "json"]))
    if listing.get("format_version") != 1:
        sys.exit(f"{bench} list --format json: format_version {listing.get('format_version')} is not 1")
    kinds = listing["work_kinds"]
    KINDS.update({k["name"]: k["main_column"] for k in kinds if "main_column" in k})
    TASK_KINDS.update({k["name"]: k["task_column"] for k in kinds if "task_column" in k})
    MEMORY_BOUND.update(k["name"] for k in kinds if k["memory_bound"])


# Training and held-out input: different kinds of drawing, seeds and canvases.
TRAIN = [("session", 31, 6, "ipad-pro-11"), ("scribble", 32, 16, "iphone-6s")]
HELD_OUT = [("handwriting", 41, 6, "ipad-pro-12.9"), ("shapes", 42, 6, "iphone-15-pro")]


def run(cmd):
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {result.returncode}: {result.stderr.strip().splitlines()[-1:]}")
    return result.stdout


def strategies(bench):
    return [line.split()[1] for line in run([bench, "list"]).splitlines() if line.startswith("strategy ")]


def background_row(same, name, device):
    """A frame whose picture one background render made, and nothing else finished beside it: the
    render's own work by kind and its least `render_ms` over the repeats; None for any other frame."""
    first = same[0]
    if "task_pixels_cleared" not in first or float(first["render_ms"]) <= 0:
        return None
    if int(first["tasks_cancelled"]) or int(first["tasks_superseded"]):
        return None
    counts = [[float(row[TASK_KINDS[k]]) if k in TASK_KINDS else 0.0 for k in KINDS] for row in same]
    if not any(counts[0]) or any(c != counts[0] for c in counts):
        return None
    return counts[0], min(float(row["render_ms"]) for row in same), name, device


def frames(bench, folder, cases, names, repeat, calibrations=None, background=None):
    """Per-frame rows (counts by kind, least main_ms of the repeats, strategy) of every strategy on every case,
    keyed by case. Cases are replayed strategy by strategy, each strategy on every case in turn, so
    that whatever else the machine does at a moment weighs on training and held-out frames alike.
    With `background` (a list), frames whose picture one background render made are appended to it
    (`background_row`). With `calibrations` (a dict), `bench calibrate --device` runs on the case's
    device just before each strategy's replays of each case, kept under (strategy, device): the
    microbenchmarks then meet the machine as those frames meet it, on the same canvas, whose size
    against the last-level cache decides what a pixel costs. This VM's memory rate drifts by half
    within minutes (naive's turn on the same frames took 1.8 ms in one run and 3.6 ms in another, a
    calibration's clear 0.15 and 0.39 ns a pixel), so costs measured minutes away miss by that much."""
    rows = {case: [] for case in cases}
    background = [] if background is None else background
    for case in cases:
        kind, seed, duration, _ = case
        trace = os.path.join(folder, f"{kind}-{seed}.trace")
        run([bench, "trace", "generate", "--kind", kind, "--seed", str(seed), "--duration", str(duration), "--output", trace])
    for name in names:
        for case in cases:
            kind, seed, duration, device = case
            trace = os.path.join(folder, f"{kind}-{seed}.trace")
            if calibrations is not None:
                calibrations[f"{name} {device}"] = json.loads(run([bench, "calibrate", "--device", device, "--format", "json"]))["unit_costs_ns"]
            runs = []
            for r in range(repeat):
                out = os.path.join(folder, f"{name}-{kind}-{device}-{r}.csv")
                run([bench, "run", "--strategy", name, "--trace", trace, "--device", device, "--clock", "virtual",
                     "--costs", "measured", "--input", "display-link", "--csv", out, "--format", "json"])
                with open(out) as f:
                    runs.append({int(row["frame"]): row for row in csv.DictReader(f)})
            kept = 0
            for frame, first in runs[0].items():
                same = [run_[frame] for run_ in runs if frame in run_]
                counts = [[float(row[c]) for c in KINDS.values()] for row in same]
                if frame == 0 or len(same) < repeat or any(c != counts[0] for c in counts):
                    continue  # set-up work, or a frame that did different work in another repeat
                rows[case].append((counts[0], min(float(row["main_ms"]) for row in same), name, device))
                kept += 1
                render = background_row(same, name, device)
                if render is not None:
                    background.append(render)
            print(f"  {name} on {kind} ({device}): {kept} frames", file=sys.stderr)
    return rows


def nnls(x, y):
    """Least squares with every coefficient at least 0 (scipy's Lawson-Hanson solver: the project writes
    its own only where no library reaches, in Swift, HostCalibration.nonNegative)."""
    coef, _ = scipy.optimize.nnls(x, y)
    return coef


def evaluate(coef, rows):
    x = np.array([r[0] for r in rows]); y = np.array([r[1] for r in rows])
    predicted = x @ coef
    r2 = 1 - np.sum((y - predicted) ** 2) / np.sum((y - y.mean()) ** 2)
    big = y >= 0.1
    rel = np.abs(predicted[big] - y[big]) / y[big]
    by_strategy = {}
    for name in sorted({r[2] for r in rows}):
        mask = np.array([r[2] == name for r in rows]) & big
        if mask.any():
            by_strategy[name] = (int(mask.sum()), float(np.median(np.abs(predicted[mask] - y[mask]) / y[mask])))
    return float(r2), float(np.median(rel)) if big.any() else float("nan"), int(big.sum()), len(rows), by_strategy


def predicted(rows, calibrations):
    """Each row's time (ms) from its counts and the unit costs calibrated for its strategy and device
    (`calibrations["strategy device"]`, ns per unit)."""
    return np.array([sum(count * calibrations[f"{r[2]} {r[3]}"].get(kind, 0) for count, kind in zip(r[0], KINDS)) / 1e6
                     for r in rows])


def as_the_model_takes_them(calibrations):
    """The calibrations with each compute kind's cost the median over every calibration on the same
    device in the run, as the model takes its host costs (the median of `calibrate_host.py --runs`
    calibrations), and each memory kind's cost the one measured just before that strategy's replays.

    One calibration's split of a stroke's time between its kinds is not stable: segments, edge rows and
    ink grow together in every stroke case, so a few percent of timing noise moves cost between them.
    Within one run, on one device, segment_stroked took 144 and 528 ns and pixel_stroked 4.1 and 7.5 ns
    from calibrations minutes apart, which moved a strategy's predicted frames by a third. Memory kinds
    stay per calibration: this VM's memory rate drifts by half within minutes, and a median over the run
    would price frames at a rate they did not meet."""
    pooled = {}
    for key, costs in calibrations.items():
        device = key.split(" ", 1)[1]
        peers = [c for k, c in calibrations.items() if k.split(" ", 1)[1] == device]
        pooled[key] = {kind: cost if kind in MEMORY_BOUND else float(np.median([p.get(kind, 0) for p in peers]))
                       for kind, cost in costs.items()}
    return pooled


def background_errors(background, calibrations):
    """Per async strategy, the median relative error of its background renders' time (`render_ms`)
    predicted with `calibrations` (`predicted`), on renders of 0.1 ms or more."""
    result = {}
    for name in sorted({r[2] for r in background}):
        test = [r for r in background if r[2] == name and r[1] >= 0.1]
        if not test:
            continue
        y = np.array([r[1] for r in test])
        result[name] = {"frames": len(test), "median_relative_error": round(float(np.median(np.abs(predicted(test, calibrations) - y) / y)), 4)}
    return result


def by_device(test, error):
    """Per device (each held one case), the frames and the median relative error, unsigned and signed
    (above 0: predicted too slow), so that a miss can be traced to the drawing that made it."""
    result = {}
    for device in sorted({r[3] for r in test}):
        mask = np.array([r[3] == device for r in test])
        result[device] = {"frames": int(mask.sum()), "median_relative_error": round(float(np.median(np.abs(error[mask]))), 4),
                          "median_signed_error": round(float(np.median(error[mask])), 4)}
    return result


def leave_one_strategy_out(rows, calibrations):
    """Per strategy with frames of 0.1 ms or more: the median relative error of its main-thread time
    predicted with calibrated costs as the model takes them (`as_the_model_takes_them`; the
    microbenchmarks saw no strategy), the same with the one calibration made just before its replays on
    each device (`one_calibration`), and with this script's regression refitted on every other
    strategy's frames."""
    pooled = as_the_model_takes_them(calibrations)
    result = {}
    for name in sorted({r[2] for r in rows}):
        test = [r for r in rows if r[2] == name and r[1] >= 0.1]
        if not test:
            continue
        x = np.array([r[0] for r in test]); y = np.array([r[1] for r in test])
        train = [r for r in rows if r[2] != name]
        refit = nnls(np.array([r[0] for r in train]), np.array([r[1] for r in train]))
        error = (predicted(test, pooled) - y) / y
        single = (predicted(test, calibrations) - y) / y
        result[name] = {
            "frames": len(test),
            "median_relative_error": round(float(np.median(np.abs(error))), 4),
            "by_device": by_device(test, error),
            "one_calibration": {"median_relative_error": round(float(np.median(np.abs(single))), 4)},
            "fit_without_it": {"median_relative_error": round(float(np.median(np.abs(x @ refit - y) / y)), 4),
                               "unit_costs_ns": {kind: round(float(c) * 1e6, 4) for kind, c in zip(KINDS, refit)}},
        }
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build", "release", "bench"))
    parser.add_argument("--dump", help="also write the frames (counts, least main_ms, strategy, device) and the calibrations to this JSON file")
    parser.add_argument("--from-dump", help="fit the frames a --dump wrote instead of replaying again")
    parser.add_argument("--repeat", type=int, default=3, help="replays per case; each frame's time is the least of them")
    parser.add_argument("--leave-one-strategy-out", action="store_true",
                        help="fit without each strategy in turn and report how well it is predicted")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    args = parser.parse_args()
    load_work_kinds(args.bench)
    if args.from_dump:
        with open(args.from_dump) as f:
            dumped = json.load(f)
        if dumped["kinds"] != list(KINDS):
            sys.exit(f"{args.from_dump}: written for kinds {dumped['kinds']}, this script fits {list(KINDS)}")
        train, held, background = dumped["train"], dumped["held_out"], dumped.get("background", [])
        calibrations = dumped.get("calibrations", {})
    else:
        names = strategies(args.bench)
        calibrations = {} if args.leave_one_strategy_out else None
        background = []
        with tempfile.TemporaryDirectory() as folder:
            by_case = frames(args.bench, folder, TRAIN + HELD_OUT, names, args.repeat, calibrations, background)
        train = [row for case in TRAIN for row in by_case[case]]
        held = [row for case in HELD_OUT for row in by_case[case]]
    if args.dump:
        with open(args.dump, "w") as f:
            json.dump({"kinds": list(KINDS), "train": train, "held_out": held, "background": background,
                       "calibrations": calibrations or {}}, f)
    if args.leave_one_strategy_out:
        if not calibrations:
            sys.exit(f"{args.from_dump}: no calibrations in the dump; replay again without --from-dump")
        loso = leave_one_strategy_out(train + held, calibrations)
        for name, figure in background_errors(background, as_the_model_takes_them(calibrations)).items():
            loso.setdefault(name, {})["background_render"] = figure
        if args.format == "json":
            print(json.dumps(loso, indent=2, sort_keys=True))
        else:
            print("unit costs by microbenchmark (bench calibrate --device, ns per unit), before each strategy's replays on each device:")
            for name, measured in sorted(calibrations.items()):
                print(f"  {name:14} " + ", ".join(f"{kind} {measured.get(kind, 0):.4g}" for kind in KINDS))
            for name, r in loso.items():
                if "median_relative_error" in r:
                    print(f"{name:14} {r['frames']:6} frames >= 0.1 ms: median relative error {100 * r['median_relative_error']:.1f}% "
                          f"with calibrated costs ({100 * r['one_calibration']['median_relative_error']:.1f}% with one calibration), "
                          f"{100 * r['fit_without_it']['median_relative_error']:.1f}% with the regression refitted without it")
                    for device, d in r["by_device"].items():
                        print(f"  {device:14} {d['frames']:6} frames: {100 * d['median_relative_error']:.1f}% "
                              f"({100 * d['median_signed_error']:+.1f}% signed; above 0, predicted too slow)")
                if "background_render" in r:
                    b = r["background_render"]
                    print(f"{name:14} {b['frames']:6} background renders >= 0.1 ms: median relative error "
                          f"{100 * b['median_relative_error']:.1f}% with calibrated costs")
        return 0
    x = np.array([r[0] for r in train]); y = np.array([r[1] for r in train])
    coef_ms = nnls(x, y)
    unit_ns = {kind: round(float(c) * 1e6, 6) for kind, c in zip(KINDS, coef_ms)}
    r2_train, rel_train, _, _, _ = evaluate(coef_ms, train)
    r2, rel, big, total, by_strategy = evaluate(coef_ms, held)
    print("unit costs on this host (ns per unit):")
    for kind, ns in unit_ns.items():
        print(f"  {kind:18} {ns:12.4f}")
    print(f"training: {len(train)} frames, R^2 {r2_train:.3f}, median relative error {100 * rel_train:.1f}%")
    print(f"held out: {total} frames, R^2 {r2:.3f}; {big} frames of 0.1 ms or more, median relative error {100 * rel:.1f}%")
    for name, (n, e) in by_strategy.items():
        print(f"  {name:14} {n:6} frames >= 0.1 ms, median relative error {100 * e:.1f}%")
    ok = r2 >= 0.9 and rel <= 0.25
    print("the counters explain this host" if ok else "the counters do NOT explain this host well enough (want R^2 >= 0.9, median error <= 25%)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
