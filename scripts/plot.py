#!/usr/bin/env python3
"""Charts (and a Markdown table) from a `bench sweep` folder.

    python3 scripts/plot.py SWEEP_DIR --output CHART_DIR [--table TABLE.md] [--caption TEXT]

Reads SWEEP_DIR/summary.csv and the per-frame CSVs it names, and draws:

  timeline.png     main-thread time of every frame, one panel per strategy, with the frame
                   budget and the frames that missed it
  percentiles.png  the distribution of main-thread time per strategy, out to the far tail
  scaling.png      the cost of a frame against the touch samples drawn so far
  hitch-grid.png   hitch-time ratio for every strategy x device x refresh rate the device's display
                   has, coloured by Apple's WWDC20 bands (under 5 ms/s good, 5-10 warning, over 10
                   critical), except where the ink does not keep up: a strategy that shows no ink
                   while drawing, or whose ink trails the pen (the summary's `verdict`), is never
                   coloured good

The first three show one reference configuration (--device, --hz, --trace; by default
ipad-pro-11 at 120 Hz on the first trace, or whatever the sweep has). Every chart carries the
machine it was measured on. Needs matplotlib and numpy (scripts/requirements.txt).
"""
import argparse
import csv
import json
import math
import os
import subprocess
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")  # no display on a build machine; PNG only
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

BANDS = [("good", "under 5 ms/s", "#4caf50"), ("warning", "5-10 ms/s", "#ffb300"), ("critical", "over 10 ms/s", "#e53935")]
# A modelled band the model's draws do not agree on (under 90% in one band): grey, never a band's colour.
UNCERTAIN = ("uncertain", "draws disagree", "#bdbdbd")
BAND_COLOUR = {name: colour for name, _, colour in BANDS + [UNCERTAIN]}
# The run's one verdict (bench's RunJudgement, summary.csv `verdict`), best first, in the colours the
# report uses (Sources/StrokeBenchReports/Study/Charts.swift), which no other series on any chart uses.
VERDICTS = [("keeps up", "#2e7d32"), ("may hitch", "#b8860b"), ("hitches", "#c62828"), ("drops frames", "#e65100"),
            ("ink lags", "#7b1fa2"), ("no ink", "#6d6d6d")]
VERDICT_COLOUR = dict(VERDICTS)
VERDICT_RANK = {name: i for i, (name, _) in enumerate(VERDICTS)}
# Words summaries written before the one judgement used (the measured results of an older run).
OLD_VERDICT = {"ink not shown while drawing": "no ink"}


def verdict(row):
    """The run's verdict as summary.csv's `verdict` column gives it. A summary written before that column
    (the measured results of an older run) gets the same rule as bench's DrawingVerdict
    (Sources/StrokeBenchMetrics/DrawingVerdict.swift): no ink under one update a second while the pen
    moved, ink lags over 100 ms at the 95th percentile unless the band already says it hitches."""
    if row.get("verdict"):
        return OLD_VERDICT.get(row["verdict"], row["verdict"])
    ink = row.get("ink_updates_per_s")  # absent from summaries older still: then unknown, not 0
    if ink not in (None, "") and int(row.get("samples") or 0) > 1 and float(ink) < 1:
        return "no ink"
    recorded = row.get("hitch_band") or band(float(row["hitch_ratio_ms_per_s"]))
    if float(row.get("latency_ms_p95") or 0) > 100 and recorded not in ("warning", "critical"):
        return "ink lags"
    return {"good": "keeps up", "uncertain": "may hitch"}.get(recorded, "hitches")
# One colour per strategy, stable across charts, so a reader can follow a strategy from chart to chart:
# blues, cyans, greys, pink, brown and black, never a verdict's colour (VERDICTS) or the band colours.
PALETTE = ["#1f77b4", "#17becf", "#393b79", "#8c564b", "#e377c2", "#222222", "#7f7f7f", "#56b4e9", "#bcbd22"]
DPI = 120


def band(ratio):
    return "good" if ratio < 5 else ("warning" if ratio <= 10 else "critical")


def band_text(row):
    """The run's hitch band as bench printed it: with modelled costs, the band at least 90% of the model's
    draws agree on, or `uncertain` with each band's share of the draws; otherwise from the ratio."""
    recorded = row.get("hitch_band") or band(float(row["hitch_ratio_ms_per_s"]))
    shares = [(name, row.get(f"band_{name}_pct", "")) for name in ("good", "warning", "critical")]
    shares = [(name, float(v)) for name, v in shares if v not in ("", None)]
    if not shares:
        return recorded
    if recorded == "uncertain":
        return "uncertain: " + ", ".join(f"{name} {v:.0f}%" for name, v in shares if v > 0) + " of draws"
    return f"{recorded} ({dict(shares).get(recorded, 100):.0f}% of draws)"


def ranged_ratio(row):
    """The hitch ratio, with its 5-95% range over the model's draws when it has one."""
    ratio = float(row["hitch_ratio_ms_per_s"])
    low, high = row.get("hitch_ratio_ms_per_s_low", ""), row.get("hitch_ratio_ms_per_s_high", "")
    if low in ("", None) or high in ("", None) or round(float(low), 1) == round(float(high), 1):
        return f"{ratio:.1f} ms/s"
    return f"{ratio:.1f} ms/s ({float(low):.1f}-{float(high):.1f})"


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def fail(message):
    print(f"plot.py: {message}", file=sys.stderr)
    sys.exit(1)


def number(row, key):
    value = row.get(key, "")
    return float(value) if value not in ("", None) else math.nan


def hz_label(hz):
    return f"{float(hz):g} Hz"


class Sweep:
    """summary.csv and lazy access to the per-frame CSVs of one sweep folder."""

    def __init__(self, folder):
        self.folder = folder
        path = os.path.join(folder, "summary.csv")
        if not os.path.exists(path):
            fail(f"{path}: missing; is {folder} a sweep folder (bench sweep --output)?")
        self.rows = read_csv(path)
        if not self.rows:
            fail(f"{path}: no runs")
        for column in ("strategy", "device", "hz", "trace", "frames_csv", "machine", "hitch_ratio_ms_per_s"):
            if column not in self.rows[0]:
                fail(f"{path}: no {column} column; not a bench sweep summary")
        self.strategies = unique(r["strategy"] for r in self.rows)
        self.devices = unique(r["device"] for r in self.rows)
        self.rates = sorted(unique(r["hz"] for r in self.rows), key=float)
        self.traces = unique(r["trace"] for r in self.rows)
        self.colour = {s: PALETTE[i % len(PALETTE)] for i, s in enumerate(self.strategies)}
        self._frames = {}

    def frames(self, row):
        """The per-frame CSV of a run as columns of floats (empty cells are NaN)."""
        key = row["frames_csv"]
        if key not in self._frames:
            rows = read_csv(os.path.join(self.folder, key))
            columns = {}
            for name in ("vsync_ms", "samples", "main_ms", "missed_vsyncs", "points_retained"):
                columns[name] = np.array([number(r, name) for r in rows])
            columns["active"] = np.array(
                [int(r["samples"]) > 0 or r.get("present_ms", "") != "" or r.get("trigger") == "main-queue" for r in rows]
            )
            self._frames[key] = columns
        return self._frames[key]

    def runs(self, strategy=None, device=None, hz=None, trace=None, repetition="1"):
        return [
            r for r in self.rows
            if (strategy is None or r["strategy"] == strategy) and (device is None or r["device"] == device)
            and (hz is None or float(r["hz"]) == float(hz)) and (trace is None or r["trace"] == trace)
            and (repetition is None or r.get("repetition", "1") == repetition)
        ]

    def machines(self):
        return ", ".join(unique(r["machine"] for r in self.rows))

    def setting(self, key):
        return ", ".join(unique(r.get(key, "") for r in self.rows))


def unique(values):
    seen = []
    for v in values:
        if v not in seen:
            seen.append(v)
    return seen


def basis(sweep):
    """Where the figures come from, for every chart's title: the device cost model or this host."""
    if sweep.setting("costs") == "model":
        return "modelled for each device"
    # A time taken here is this host's, never the device's: the device names the display it was timed as.
    return f"measured on this host ({sweep.machines()}), timed as each device's display"


def caption(fig, sweep, extra):
    if sweep.setting("costs") == "model":
        text = ("Modelled for each device by the device cost model (docs/device-model.md), not measured; "
                f"{sweep.setting('clock')} clock, {sweep.setting('delivery')} delivery")
    else:
        text = f"Measured on {sweep.machines()}; {sweep.setting('clock')} clock, {sweep.setting('delivery')} delivery"
    if extra:
        text += f"; {extra}"
    fig.text(0.01, 0.005, text, fontsize=8, color="#555555", ha="left", va="bottom")


def save(fig, path):
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    print(f"wrote {path} ({os.path.getsize(path) // 1024} kB)")


def timeline(sweep, ref, out, extra):
    device, hz, trace = ref
    budget = 1000 / float(hz)
    runs = [(s, sweep.runs(s, device, hz, trace)) for s in sweep.strategies]
    runs = [(s, r[0]) for s, r in runs if r]
    fig, axes = plt.subplots(len(runs), 1, figsize=(11, 1.8 * len(runs) + 1.6), sharex=True, squeeze=False)
    for ax, (strategy, row) in zip(axes[:, 0], runs):
        f = sweep.frames(row)
        active = f["active"]
        t = f["vsync_ms"][active] / 1000
        ms = f["main_ms"][active]
        # Break the line over pen-up pauses (no active frame for more than two vsyncs) instead of
        # drawing a slope across time in which nothing happened.
        gaps = np.where(np.diff(t) > 2.5 / float(hz))[0] + 1
        ax.plot(np.insert(t, gaps, np.nan), np.insert(ms, gaps, np.nan), color=sweep.colour[strategy], linewidth=0.7)
        ax.axhline(budget, color="black", linestyle="--", linewidth=1)
        missed = f["missed_vsyncs"][active] > 0
        # One stalled frame (the machine busy with something else) must not flatten the rest: the
        # axis stops a little above the 99.5th percentile and taller frames are pinned to the top.
        highest = float(np.nanmax(ms)) if len(ms) else 0
        top = max(float(np.nanpercentile(ms, 99.5)) * 1.3 if len(ms) else 0, budget * 1.6)
        shown = np.minimum(ms, top * 0.97)
        ax.scatter(t[missed], shown[missed], marker="x", s=20, color="#e53935", zorder=3)
        clipped = ms > top
        if clipped.any():
            ax.scatter(t[clipped], np.full(clipped.sum(), top * 0.97), marker="^", s=30, color="black", zorder=4)
            ax.annotate(f"{int(clipped.sum())} off the scale, highest {highest:.0f} ms", (t[clipped][0], top * 0.97),
                        xytext=(8, -10), textcoords="offset points", fontsize=8)
        if highest < budget / 100:
            ax.text(0.5, 0.45, f"every frame under {fmt_ms(highest)}: too small to see at this scale",
                    transform=ax.transAxes, ha="center", fontsize=9, color="#555555")
        ax.set_ylim(0, top)
        ax.set_ylabel("ms")
        ratio = float(row["hitch_ratio_ms_per_s"])
        ax.set_title(f"{strategy}: p50 {fmt_ms(float(row['main_ms_p50']))}, p99 {fmt_ms(float(row['main_ms_p99']))}, "
                     f"{int(missed.sum())} frames missed their vsync, hitch ratio {ratio:.1f} ms/s ({band(ratio)})",
                     fontsize=9, loc="left")
        ax.grid(axis="y", alpha=0.3)
    axes[-1, 0].set_xlabel("replay time (s)")
    handles = [plt.Line2D([], [], color="#555555", linewidth=1, label="main-thread time of each active frame (ms)"),
               plt.Line2D([], [], color="black", linestyle="--", label=f"frame budget at {hz_label(hz)} ({budget:.2f} ms)"),
               plt.Line2D([], [], color="#e53935", marker="x", linestyle="", label="frame that missed its vsync"),
               plt.Line2D([], [], color="black", marker="^", linestyle="", label="frame above the axis")]
    fig.suptitle(f"Main-thread time per frame, {basis(sweep)}: {device} at {hz_label(hz)}, trace {trace_label(trace)}", fontsize=12)
    fig.legend(handles=handles, loc="upper center", ncol=4, fontsize=8, frameon=False,
               bbox_to_anchor=(0.5, 1 - 0.42 / fig.get_figheight()))
    fig.tight_layout(rect=(0, 0.03, 1, 1 - 0.6 / fig.get_figheight()))
    caption(fig, sweep, extra)
    save(fig, os.path.join(out, "timeline.png"))


def percentiles(sweep, ref, out, extra):
    device, hz, trace = ref
    budget = 1000 / float(hz)
    fig, ax = plt.subplots(figsize=(10, 5.5))
    # x = -log10(1 - q): equal room for p50->p90, p90->p99 and p99->p99.9, where frame-time trouble lives.
    ticks = [0, 0.5, 0.9, 0.99, 0.999]
    lowest = math.inf
    for strategy in sweep.strategies:
        rows = sweep.runs(strategy, device, hz, trace, repetition=None)
        if not rows:
            continue
        values = np.sort(np.concatenate([sweep.frames(r)["main_ms"][sweep.frames(r)["active"]] for r in rows]))
        if len(values) == 0:
            continue
        q = (np.arange(1, len(values) + 1) - 0.5) / len(values)
        ax.plot(-np.log10(1 - q), values, color=sweep.colour[strategy], linewidth=1.6,
                label=f"{strategy} ({len(values)} frames)")
        lowest = min(lowest, float(values[values > 0].min()) if (values > 0).any() else lowest)
    ax.axhline(budget, color="black", linestyle="--", linewidth=1, label=f"frame budget at {hz_label(hz)} ({budget:.2f} ms)")
    ax.set_yscale("log")
    if math.isfinite(lowest):
        ax.set_ylim(bottom=lowest / 2)
    ax.set_xticks([-math.log10(1 - t) for t in ticks])
    ax.set_xticklabels(["p0", "p50", "p90", "p99", "p99.9"])
    ax.set_xlim(0, -math.log10(1 - 0.9995))
    ax.set_xlabel("percentile of active frames (log scale towards the tail)")
    ax.set_ylabel("main-thread time per frame (ms, log scale)")
    ax.set_title(f"Main-thread time percentiles per strategy, {basis(sweep)}: {device} at {hz_label(hz)}, trace {trace_label(trace)}")
    ax.grid(which="both", alpha=0.25)
    # Centre right: the empty band between the drawing strategies (ms) and null (µs).
    ax.legend(loc="center right", fontsize=9)
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    caption(fig, sweep, extra)
    save(fig, os.path.join(out, "percentiles.png"))


def scaling(sweep, ref, out, extra):
    device, hz, trace = ref
    budget = 1000 / float(hz)
    fig, ax = plt.subplots(figsize=(10, 5.5))
    top = budget
    for strategy in sweep.strategies:
        rows = sweep.runs(strategy, device, hz, trace)
        if not rows:
            continue
        f = sweep.frames(rows[0])
        drawn = np.cumsum(np.nan_to_num(f["samples"]))  # touch samples delivered so far: the drawing's size
        active = f["active"] & (f["samples"] > 0)
        x, y = drawn[active], f["main_ms"][active]
        ax.scatter(x, y, s=4, alpha=0.25, color=sweep.colour[strategy], linewidths=0)
        # A running median over 51 input frames shows the trend through the scatter.
        if len(y) >= 51:
            k = 51
            trend = np.array([np.median(y[max(0, i - k // 2): i + k // 2 + 1]) for i in range(len(y))])
            ax.plot(x, trend, color=sweep.colour[strategy], linewidth=2, label=f"{strategy} (running median)")
        else:
            ax.plot([], [], color=sweep.colour[strategy], linewidth=2, label=strategy)
        top = max(top, float(np.nanpercentile(y, 99.5)) if len(y) else 0)
    ax.axhline(budget, color="black", linestyle="--", linewidth=1, label=f"frame budget at {hz_label(hz)} ({budget:.2f} ms)")
    ax.set_ylim(0, top * 1.1)
    ax.set_xlim(left=0)
    ax.set_xlabel("touch samples drawn so far (points in the picture)")
    ax.set_ylabel("main-thread time of a frame with input (ms)")
    ax.set_title(f"Cost of a frame against the size of the drawing, {basis(sweep)}: {device} at {hz_label(hz)}, trace {trace_label(trace)}")
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=9)
    # In the plot, not beside the caption: the caption, with the commit in it, runs the figure's width.
    ax.text(0.99, 0.98, "dots: single frames; the top 0.5% is cut off", transform=ax.transAxes,
            fontsize=8, color="#555555", ha="right", va="top")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    caption(fig, sweep, extra)
    save(fig, os.path.join(out, "scaling.png"))


def display_rates(bench):
    """Each device's display rate, from `bench list --format json`; empty when bench cannot say."""
    try:
        listing = json.loads(subprocess.run([bench, "list", "--format", "json"], capture_output=True, text=True, check=True).stdout)
        return {d["name"]: float(d["refresh_hz"]) for d in listing["devices"] + listing.get("validation_devices", [])}
    except (OSError, subprocess.CalledProcessError, ValueError, KeyError) as error:
        print(f"plot.py: cannot read the devices' display rates from {bench} ({error}); the grid shows every rate run", file=sys.stderr)
        return {}


def hitch_grid(sweep, out, extra, rates):
    # A rate above a device's display (an iPhone 6s at 120 Hz) is no setting anyone ships: left out.
    columns = [(d, hz) for d in sweep.devices for hz in sweep.rates
               if sweep.runs(device=d, hz=hz, repetition=None) and float(hz) <= rates.get(d, float("inf"))]
    traces = sweep.traces
    fig, axes = plt.subplots(len(traces), 1, squeeze=False,
                             figsize=(max(7, 1.45 * len(columns) + 2.5), 0.55 * len(sweep.strategies) * len(traces) + 1.6 * len(traces) + 0.8))
    for ax, trace in zip(axes[:, 0], traces):
        grid = np.full((len(sweep.strategies), len(columns)), math.nan)
        verdicts = {}
        for i, s in enumerate(sweep.strategies):
            for j, (d, hz) in enumerate(columns):
                rows = sweep.runs(s, d, hz, trace, repetition=None)
                if rows:
                    grid[i, j] = np.mean([float(r["hitch_ratio_ms_per_s"]) for r in rows])
                    # The run's one verdict as bench gave it; of repetitions, the worst.
                    verdicts[i, j] = max((verdict(r) for r in rows), key=lambda v: VERDICT_RANK.get(v, len(VERDICTS)))
        colours = np.ones(grid.shape + (3,))
        for (i, j), v in verdicts.items():
            colours[i, j] = matplotlib.colors.to_rgb(VERDICT_COLOUR.get(v, "#ffffff"))
        ax.imshow(colours, aspect="auto")
        for (i, j), v in np.ndenumerate(grid):
            word = verdicts.get((i, j))
            text = "not run" if math.isnan(v) else f"{v:.1f}" + ("" if word == "keeps up" else f"\n{word}")
            ax.text(j, i, text, ha="center", va="center", fontsize=9, color="#333333" if math.isnan(v) else "white")
        ax.set_xticks(range(len(columns)))
        ax.set_xticklabels([f"{d}\n{hz_label(hz)}" for d, hz in columns], fontsize=8)
        ax.set_yticks(range(len(sweep.strategies)))
        ax.set_yticklabels(sweep.strategies)
        ax.set_xticks(np.arange(-0.5, len(columns)), minor=True)
        ax.set_yticks(np.arange(-0.5, len(sweep.strategies)), minor=True)
        ax.grid(which="minor", color="white", linewidth=2)
        ax.tick_params(which="minor", length=0)
        ax.set_title(f"trace {trace_label(trace)}" if len(traces) > 1 else "", fontsize=9, loc="left")
    fig.suptitle(f"{basis(sweep)[0].upper() + basis(sweep)[1:]}:\nthe verdict (colour) and the hitch-time ratio in ms/s (text), "
                 "by strategy, device and refresh rate", fontsize=11)
    fig.legend(handles=[Patch(color=c, label=n) for n, c in VERDICTS], loc="lower right", ncol=6, fontsize=8,
               frameon=False, bbox_to_anchor=(0.99, 0.025))
    fig.tight_layout(rect=(0, 0.07, 1, 0.97))
    if sweep.rows and "reasons" not in sweep.rows[0]:
        # A summary from before bench's one judgement of a run keeps the verdicts of its own commit.
        extra = (f"{extra}; " if extra else "") + "verdicts as that commit judged them, before the one judgement (null's ink then read from its claim)"
    caption(fig, sweep, extra)
    save(fig, os.path.join(out, "hitch-grid.png"))


def table(sweep, ref, path, rates):
    """Markdown: the reference configuration's figures, then the hitch-ratio grid."""
    device, hz, trace = ref
    lines = [f"{device} at {hz_label(hz)}, trace `{trace_label(trace)}`, {sweep.setting('clock')} clock:", "",
             "| strategy | main p50 | main p99 | hitch ratio | dropped frames | latency p50 | latency p95 | pixels rasterized | final picture |",
             "|---|---:|---:|---|---:|---:|---:|---:|---|"]
    for s in sweep.strategies:
        rows = sweep.runs(s, device, hz, trace)
        if not rows:
            continue
        r = rows[0]
        ratio = float(r["hitch_ratio_ms_per_s"])
        # Zero and modelled costs replay dry: the work is counted, the picture not drawn (--raster draws it).
        dry = "not drawn (dry)" if r.get("costs", "measured") != "measured" else "-"
        picture = {"true": "matches", "false": "differs"}.get(r.get("picture_matches_reference", ""), dry)
        if s == "null" and picture != dry:
            picture = "blank (draws nothing)"
        lines.append(f"| `{s}` | {fmt_ms(float(r['main_ms_p50']))} | {fmt_ms(float(r['main_ms_p99']))} | "
                     f"{ranged_ratio(r)}, {band_text(r)} | {float(r['dropped_pct']):.1f}% | "
                     f"{fmt_latency(r['latency_ms_p50'])} | {fmt_latency(r['latency_ms_p95'])} | "
                     f"{int(r['pixels_rasterized']):,} | {picture} |")
    columns = [(d, hz_) for d in sweep.devices for hz_ in sweep.rates
               if sweep.runs(device=d, hz=hz_, trace=trace, repetition=None) and float(hz_) <= rates.get(d, float("inf"))]
    lines += ["", f"Hitch-time ratio in ms/s (trace `{trace_label(trace)}`; under 5 good, 5-10 warning, over 10 critical; "
              "each device at the rates its display has; the run's verdict in italics where it does not keep up):", "",
              "| strategy | " + " | ".join(f"{d} {hz_label(h)}" for d, h in columns) + " |",
              "|---|" + "---:|" * len(columns)]
    for s in sweep.strategies:
        cells = []
        for d, h in columns:
            rows = sweep.runs(s, d, h, trace, repetition=None)
            if rows:
                v = np.mean([float(r["hitch_ratio_ms_per_s"]) for r in rows])
                cell = f"**{v:.1f}**" if band(v) == "critical" else f"{v:.1f}"
                word = max((verdict(r) for r in rows), key=lambda v: VERDICT_RANK.get(v, len(VERDICTS)))
                if word != "keeps up":
                    cell += f" *{word}*"
                cells.append(cell)
            else:
                cells.append("-")
        lines.append(f"| `{s}` | " + " | ".join(cells) + " |")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {path}")


def trace_label(trace):
    """A trace as bench names it in file names: its base name without extension (`default` stays)."""
    return os.path.splitext(os.path.basename(trace))[0]


def fmt_latency(cell):
    """Touch-to-screen latency; `null` shows no sample, so it has none."""
    return "-" if cell in ("", "nan") else f"{float(cell):.0f} ms"


def fmt_ms(v):
    return f"{v * 1000:.1f} µs" if v < 0.1 else f"{v:.2f} ms"


def reference(sweep, args):
    device = args.device or ("ipad-pro-11" if "ipad-pro-11" in sweep.devices else sweep.devices[0])
    rates = [h for h in sweep.rates if sweep.runs(device=device, hz=h, repetition=None)]
    hz = args.hz or ("120" if any(float(h) == 120 for h in rates) else rates[-1])
    trace = args.trace or sweep.traces[0]
    if not sweep.runs(device=device, hz=hz, trace=trace, repetition=None):
        fail(f"the sweep has no run on {device} at {hz} Hz with trace {trace}")
    return device, hz, trace


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sweep", help="a folder written by `bench sweep --output`")
    parser.add_argument("--output", required=True, help="folder for the PNG charts (created)")
    parser.add_argument("--table", help="also write a Markdown table of the results to this file")
    parser.add_argument("--device", help="device of the per-strategy charts (default ipad-pro-11)")
    parser.add_argument("--hz", help="refresh rate of the per-strategy charts (default 120)")
    parser.add_argument("--trace", help="trace of the per-strategy charts (default the first)")
    parser.add_argument("--caption", default=None, help="added to every chart's caption (default: the git commit)")
    parser.add_argument("--only", help="draw only these, comma-separated (timeline, percentiles, scaling, hitch-grid); "
                        "the grid and the table read summary.csv alone, so they redraw without the per-frame CSVs")
    parser.add_argument("--bench", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "release", "bench"),
                        help="the bench whose `list` gives each device's display rate (default .build/release/bench)")
    args = parser.parse_args()

    sweep = Sweep(args.sweep)
    os.makedirs(args.output, exist_ok=True)
    extra = args.caption
    if extra is None:
        try:
            commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
            extra = f"StrokeBench {commit}"
        except (OSError, subprocess.CalledProcessError):
            extra = ""
    ref = reference(sweep, args)
    plt.rcParams.update({"font.size": 9, "axes.titlesize": 10})
    charts = {"timeline": timeline, "percentiles": percentiles, "scaling": scaling}
    wanted = args.only.split(",") if args.only else list(charts) + ["hitch-grid"]
    unknown = [name for name in wanted if name not in list(charts) + ["hitch-grid"]]
    if unknown:
        fail(f"--only {','.join(unknown)}: not a chart (timeline, percentiles, scaling, hitch-grid)")
    for name in wanted:
        if name in charts:
            charts[name](sweep, ref, args.output, extra)
    rates = display_rates(args.bench)
    if "hitch-grid" in wanted:
        hitch_grid(sweep, args.output, extra, rates)
    if args.table:
        table(sweep, ref, args.table, rates)


if __name__ == "__main__":
    main()
