#!/usr/bin/env python3
"""bench history changes against Apache Otava, on synthetic histories with this machine's own noise.

    python3 scripts/change-detection.py [--bench PATH] [--runs 20] [--series 40] [--length 100] [--seed 1]
                                        [--output results/change-detection] [--doc docs/change-detection.md]

1. Measures this machine's run-to-run noise: `bench run --costs measured --clock virtual` of dirty-rect on the
   built-in 30 s session, --runs times; each run's main_ms_p50, main_ms_p95 and main_us_per_1000_points
   relative to their medians form the pool of noise the histories are drawn from (bootstrap: real
   residuals, heavy tails and all, not a normal distribution).
2. Makes synthetic histories: for each step size (1, 2, 5, 10%) --series series of --length commits with one
   step at a random commit in the middle half, and --series with no step at all (false alarms only).
3. Writes them into a bench history (the schema of `bench history add`, rows inserted directly so that
   thousands of commits take seconds) and runs `bench history changes` on it; runs Otava's
   `compute_change_points` (the algorithm of `otava analyze`, installed with pip into a throwaway venv,
   never a dependency of bench) on the same series.
4. Scores both: a change found within 2 commits of the injected step is a hit (at most one per series);
   every other change is a false alarm. Precision, recall and time per step size.
5. Times both on the issue's scale: 1,000 commits x 50 series (goal for bench: under 2 s).

Each method runs at several thresholds (bench's --alpha, Otava's max_pvalue), so that recall can be compared at
a matched number of false alarms. Writes OUTPUT/comparison.json and prints the Markdown table; with --doc,
replaces the table between the `<!-- figures -->` markers of that page.
"""
import argparse
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
STEPS = [0.01, 0.02, 0.05, 0.10]
TOLERANCE = 2  # commits either side of the injected step that still count as finding it


def default_bench():
    for build in ("release", "debug"):
        path = os.path.join(ROOT, ".build", build, "bench")
        if os.path.exists(path):
            return path
    return "bench"


def run(args, **kw):
    done = subprocess.run(args, capture_output=True, text=True, **kw)
    if done.returncode != 0:
        sys.exit(f"{' '.join(args[:4])}...: exit {done.returncode}: {done.stderr.strip()[-400:]}")
    return done.stdout


def measure_noise(bench, runs, scratch):
    """Relative residuals of main_ms_p50, main_ms_p95 and main_us_per_1000_points over repeated measured
    replays of the built-in 30 s session: what a history of measured runs on this machine would hold."""
    figures = {"main_ms_p50": [], "main_ms_p95": [], "main_us_per_1000_points": []}
    for _ in range(runs):
        out = json.loads(run([bench, "run", "--strategy", "dirty-rect", "--clock", "virtual", "--costs", "measured",
                              "--format", "json"]))
        figures["main_ms_p50"].append(out["main_ms"]["p50"])
        figures["main_ms_p95"].append(out["main_ms"]["p95"])
        figures["main_us_per_1000_points"].append(out["main_us_per_1000_points"])
    pool, spread = [], {}
    for name, values in figures.items():
        m = statistics.median(values)
        residuals = [v / m - 1 for v in values]
        pool += residuals
        spread[name] = {"median": m, "cv": statistics.pstdev(values) / statistics.mean(values),
                        "min_rel": min(residuals), "max_rel": max(residuals)}
    return pool, spread


def make_series(rng, pool, length, step):
    """One history: 1.0 x noise, times (1 + step) from a commit in the middle half on; None for no step."""
    at = rng.randrange(length // 4, 3 * length // 4) if step else None
    values = [(1 + (step if at is not None and i >= at else 0)) * (1 + rng.choice(pool)) for i in range(length)]
    return values, at


def write_history(bench, path, scratch, series):
    """A bench history holding `series` ({name: values}), one run per commit: created by bench (its schema,
    its application id and migrations), then filled in one transaction."""
    baseline = os.path.join(scratch, "seed.json")
    if not os.path.exists(baseline):
        trace = os.path.join(scratch, "seed.trace")
        run([bench, "trace", "generate", "--seed", "1", "--duration", "1", "--output", trace])
        run([bench, "baseline", "record", "--output", baseline, "--strategy", "dirty-rect", "--clock", "virtual", "--costs", "zero",
             "--trace", trace, "--repeat", "1"])
    if os.path.exists(path):
        os.remove(path)
    run([bench, "history", "add", baseline, "--commit", "seed", "--history", path])
    db = sqlite3.connect(path)
    with db:
        db.execute("DELETE FROM figure")
        db.execute("DELETE FROM run")
        length = len(next(iter(series.values())))
        for i in range(length):
            cur = db.execute("INSERT INTO run (commit_id, branch, date, machine, source) VALUES (?, 'main', ?, 'synthetic', 'study')",
                             (f"c{i:05d}", f"2026-01-01T00:00:00Z"))
            rid = cur.lastrowid
            db.executemany("INSERT INTO figure (run, configuration, metric, unit, value, exact) VALUES (?, ?, 'main_ms_p95', 'ms', ?, 0)",
                           [(rid, name, values[i]) for name, values in series.items()])
    db.close()


def bench_changes(bench, path, alpha):
    start = time.perf_counter()
    out = json.loads(run([bench, "history", "changes", "--history", path, "--format", "json", "--alpha", str(alpha)]))
    elapsed = time.perf_counter() - start
    found = {}
    for c in out["changes"]:
        found.setdefault(c["configuration"], []).append(int(c["commit"][1:]))
    return found, elapsed


def otava_changes(python, series, pvalue, scratch):
    """Otava's compute_change_points on every series, in the venv's Python: {name: [indices]}, seconds."""
    data = os.path.join(scratch, "series.json")
    json.dump(series, open(data, "w"))
    code = f"""
import json, sys, time
from otava.analysis import compute_change_points
series = json.load(open({data!r}))
start = time.perf_counter()
found = {{name: [int(cp.index) for cp in compute_change_points(values, max_pvalue={pvalue})[0]] for name, values in series.items()}}
print(json.dumps({{"found": found, "seconds": time.perf_counter() - start}}))
"""
    out = json.loads(run([python, "-c", code]))
    return out["found"], out["seconds"]


def score(found, truth):
    """Hits, misses and false alarms of `found` against `truth` ({name: injected index or None})."""
    hits = alarms = steps = 0
    for name, at in truth.items():
        changes = list(found.get(name, []))
        if at is not None:
            steps += 1
            near = [c for c in changes if abs(c - at) <= TOLERANCE]
            if near:
                hits += 1
                changes.remove(near[0])
        alarms += len(changes)
    precision = hits / (hits + alarms) if hits + alarms else None
    recall = hits / steps if steps else None
    return {"hits": hits, "steps": steps, "false_alarms": alarms, "precision": precision, "recall": recall}


def otava_python(scratch):
    """A venv with apache-otava from PyPI; exits saying exactly why when it cannot be installed."""
    venv = os.path.join(scratch, "otava-venv")
    run([sys.executable, "-m", "venv", venv])
    python = os.path.join(venv, "bin", "python")
    done = subprocess.run([python, "-m", "pip", "install", "-q", "apache-otava"], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"pip install apache-otava failed (exit {done.returncode}): {done.stderr.strip()[-600:]}")
    version = run([python, "-m", "pip", "show", "apache-otava"]).split("Version:")[1].split()[0]
    return python, version


def fmt(v):
    return "-" if v is None else f"{v * 100:.0f}%"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--bench", default=default_bench())
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--series", type=int, default=40)
    p.add_argument("--length", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--alphas", default="0.01,0.05", help="bench's false-alarm levels (0.01 is its default)")
    p.add_argument("--otava-pvalues", default="0.001,0.01,0.05", help="Otava's max_pvalue (0.001 is its default)")
    p.add_argument("--output", default=os.path.join(ROOT, "results", "change-detection"))
    p.add_argument("--doc")
    a = p.parse_args()
    rng = random.Random(a.seed)
    alphas = [float(x) for x in a.alphas.split(",")]
    pvalues = [float(x) for x in a.otava_pvalues.split(",")]
    with tempfile.TemporaryDirectory() as scratch:
        python, otava_version = otava_python(scratch)
        load_before = os.getloadavg()[0]
        pool, spread = measure_noise(a.bench, a.runs, scratch)
        load_after = os.getloadavg()[0]
        methods = [("bench", x) for x in alphas] + [("otava", x) for x in pvalues]
        scores = {m: {} for m in methods}
        seconds = {m: 0.0 for m in methods}
        for step in [0.0] + STEPS:
            series, truth = {}, {}
            for k in range(a.series):
                values, at = make_series(rng, pool, a.length, step)
                series[f"s{k:03d}"], truth[f"s{k:03d}"] = values, at
            history = os.path.join(scratch, "h.sqlite")
            write_history(a.bench, history, scratch, series)
            for method in methods:
                found, took = (bench_changes(a.bench, history, method[1]) if method[0] == "bench"
                               else otava_changes(python, series, method[1], scratch))
                scores[method][step] = score(found, truth)
                seconds[method] += took
        # The scale: 1,000 commits x 50 series, a 5% step in each, at each method's default.
        big = {f"s{k:03d}": make_series(rng, pool, 1000, 0.05)[0] for k in range(50)}
        history = os.path.join(scratch, "big.sqlite")
        write_history(a.bench, history, scratch, big)
        _, big_bench = bench_changes(a.bench, history, 0.01)
        _, big_otava = otava_changes(python, big, 0.001, scratch)

    rows = []
    for method in methods:
        per = scores[method]
        hits = sum(v["hits"] for v in per.values())
        alarms = sum(v["false_alarms"] for v in per.values())
        rows.append({"method": method[0], "threshold": method[1], "false_alarms_no_step": per[0.0]["false_alarms"],
                     "false_alarms_all": alarms, "recall": {f"{st:.2f}": per[st]["recall"] for st in STEPS},
                     "precision": hits / (hits + alarms) if hits + alarms else None, "seconds": seconds[method]})
    result = {
        "command": "python3 scripts/change-detection.py " + " ".join(sys.argv[1:]),
        "machine": f"{os.uname().nodename} ({os.cpu_count()} cores)",
        "noise": {"runs": a.runs, "figures": spread, "pool_size": len(pool),
                  "load_average": [round(load_before, 2), round(load_after, 2)]},
        "series_per_step": a.series, "length": a.length, "tolerance_commits": TOLERANCE,
        "bench": {"method": "e-divisive means, permutation test (199 permutations)"},
        "otava": {"version": otava_version, "function": "otava.analysis.compute_change_points"},
        "rows": rows,
        "scale": {"commits": 1000, "series": 50, "bench_seconds": big_bench, "otava_seconds": big_otava},
    }
    os.makedirs(a.output, exist_ok=True)
    json.dump(result, open(os.path.join(a.output, "comparison.json"), "w"), indent=2)
    table = render(result)
    print(table)
    if a.doc:
        text = open(a.doc).read()
        head, rest = text.split("<!-- figures -->", 1)
        _, tail = rest.split("<!-- /figures -->", 1)
        open(a.doc, "w").write(head + "<!-- figures -->\n" + table + "\n<!-- /figures -->" + tail)


def render(r):
    noise = ", ".join(f"{k} {v['median']:.3f}, CV {v['cv'] * 100:.1f}% (from {v['min_rel'] * 100:+.1f}% to {v['max_rel'] * 100:+.1f}%)"
                      for k, v in r["noise"]["figures"].items())
    load = r["noise"]["load_average"]
    lines = [f"Measured noise ({r['noise']['runs']} runs of `bench run --costs measured` on {r['machine']}, one-minute load "
             f"average {load[0]} before and {load[1]} after: the machine is shared): {noise}.",
             "",
             f"Per row: {r['series_per_step']} series of {r['length']} commits for each step size and {r['series_per_step']} with no "
             f"step; a hit is within {r['tolerance_commits']} commits of the injected step. Otava {r['otava']['version']}.",
             "",
             "| method | threshold | false alarms, no-step series | false alarms, all | recall 1% | recall 2% | recall 5% | recall 10% | precision | time, all series |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for row in r["rows"]:
        name = "bench history changes" if row["method"] == "bench" else "Otava compute_change_points"
        threshold = f"alpha {row['threshold']}" if row["method"] == "bench" else f"max_pvalue {row['threshold']}"
        recalls = " | ".join(fmt(row["recall"][f"{st:.2f}"]) for st in STEPS)
        lines.append(f"| {name} | {threshold} | {row['false_alarms_no_step']} | {row['false_alarms_all']} | {recalls} "
                     f"| {fmt(row['precision'])} | {row['seconds']:.2f} s |")
    s = r["scale"]
    lines += ["", f"1,000 commits x 50 series, at each one's default: bench history changes {s['bench_seconds']:.2f} s (the whole "
              f"command: reading the history, every test, the JSON), Otava {s['otava_seconds']:.2f} s (the analysis alone, in process)."]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
