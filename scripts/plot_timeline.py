#!/usr/bin/env python3
"""A window of a `bench run --timeline` file, drawn as lanes over the vsync grid.

    python3 scripts/plot_timeline.py TIMELINE.json --start S --end S --output WINDOW.png [--title TEXT]

S are seconds of the replay's own time (simulated time in the virtual clock). From the top:

  samples          every sample when it was recorded (ticks); the ones each presented frame shows
                   first, its oldest and newest (dots), with touch-to-screen lines to that frame
  main thread      each turn's phases: main-queue blocks, input (touches...), beforeWaiting, commit
  render lanes     one per render queue or global-queue worker: each render task coloured by its
                   fate (shown, cancelled, superseded), its cancellation checks as ticks
  render server    its composites
  presented frames each frame from the vsync it is presented at until the next one replaces it;
                   red when it came late, with the vsyncs it missed

Thin grey lines are vsyncs. Needs matplotlib (scripts/requirements.txt). docs/timeline.md
describes the file.
"""
import argparse
import json
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")  # no display on a build machine; PNG only
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

SUPPORTED_VERSIONS = {"1"}
DPI = 120
PHASE_COLOUR = {"main-queue blocks": "#8c564b", "input": "#1f77b4", "observers": "#9467bd", "commit": "#ff7f0e"}
FATE_COLOUR = {"shown": "#2ca02c", "cancelled": "#d62728", "superseded": "#7f7f7f", "stopped": "#bcbd22",
               "unfinished": "#e377c2"}
COMPOSITE_COLOUR = "#17becf"
ON_TIME_COLOUR, LATE_COLOUR = "#c7e9c0", "#e53935"


def fail(message):
    print(f"plot_timeline.py: {message}", file=sys.stderr)
    sys.exit(1)


def load(path):
    try:
        with open(path) as f:
            doc = json.load(f)
    except OSError as e:
        fail(f"{path}: cannot read: {e.strerror}")
    except json.JSONDecodeError as e:
        fail(f"{path}: not JSON ({e.msg}, line {e.lineno}); is it a bench run --timeline file?")
    if not isinstance(doc, dict) or "traceEvents" not in doc:
        fail(f"{path}: no traceEvents; not a bench run --timeline file")
    version = str(doc.get("otherData", {}).get("strokebench_timeline_version", ""))
    if version not in SUPPORTED_VERSIONS:
        fail(f"{path}: timeline version '{version}' is not one this script reads ({', '.join(sorted(SUPPORTED_VERSIONS))})")
    return doc


class Timeline:
    """The events of one timeline file, by track, in milliseconds."""

    def __init__(self, doc):
        self.info = doc.get("otherData", {})
        events = doc["traceEvents"]
        self.thread = {}
        for e in events:
            if e.get("ph") == "M" and e.get("name") == "thread_name":
                self.thread[(e["pid"], e["tid"])] = e["args"]["name"]
        self.slices = defaultdict(list)    # track -> [(start ms, dur ms, name, args)]
        self.instants = defaultdict(list)  # track -> [(ms, name, args)]
        self.vsyncs = []
        self.flows = defaultdict(dict)     # id -> {"s": ms, "f": ms}
        for e in events:
            ph, track = e.get("ph"), (e.get("pid"), e.get("tid"))
            if ph == "X":
                self.slices[track].append((e["ts"] / 1000, e["dur"] / 1000, e["name"], e.get("args", {})))
            elif ph == "i":
                if e["name"] == "vsync":
                    self.vsyncs.append(e["ts"] / 1000)
                else:
                    self.instants[track].append((e["ts"] / 1000, e["name"], e.get("args", {})))
            elif ph in ("s", "f"):
                self.flows[e["id"]][ph] = e["ts"] / 1000

    def track(self, name):
        for track, thread in self.thread.items():
            if thread == name or thread.startswith(name):
                return track
        return None

    def render_lanes(self):
        lanes = [t for t, name in self.thread.items() if name.startswith(("render queue", "global queue worker", "renders the replay"))]
        return sorted(lanes, key=lambda t: t[1])


def draw(timeline, start, end, output, title):
    lo, hi = start * 1000, end * 1000
    samples, main = timeline.track("samples"), timeline.track("main thread")
    server, presented = timeline.track("render server"), timeline.track("presented frames")
    if main is None or presented is None:
        fail("the file has no main thread or presented frames track; not a bench run --timeline file")
    render = [t for t in timeline.render_lanes() if any(s[0] < hi and s[0] + s[1] > lo for s in timeline.slices[t])]
    lanes = [("samples", samples), ("main thread", main)] + [(timeline.thread[t], t) for t in render] \
        + [("render server", server), ("presented frames", presented)]
    row = {track: i for i, (_, track) in enumerate(lanes)}
    height = 1.2 + 0.42 * len(lanes)
    fig, ax = plt.subplots(figsize=(13, height), dpi=DPI)

    for v in timeline.vsyncs:
        if lo <= v <= hi:
            ax.axvline(v - lo, color="#d0d0d0", linewidth=0.6, zorder=0)

    def visible(s):
        return s[0] <= hi and s[0] + s[1] >= lo

    def bar(track, x, width, colour, **kw):
        y = len(lanes) - 1 - row[track]
        # A zero-length slice (free in the virtual clock with --costs zero) still shows as a hairline.
        ax.broken_barh([(x - lo, max(width, (hi - lo) / 1500))], (y - 0.32, 0.64), facecolors=colour, **kw)
        return y

    for s in filter(visible, timeline.slices[main]):
        # White edges keep back-to-back turns apart; hairline slices keep their colour.
        wide = s[1] > (hi - lo) / 200
        bar(main, s[0], s[1], PHASE_COLOUR.get(s[3].get("phase"), "#999999"), edgecolor="white" if wide else "none",
            linewidth=0.4 if wide else 0)
    for track in render:
        for s in filter(visible, timeline.slices[track]):
            bar(track, s[0], s[1], FATE_COLOUR.get(s[3].get("fate"), "#999999"), edgecolor="white", linewidth=0.5)
        y = len(lanes) - 1 - row[track]
        checks = [i for i in timeline.instants[track] if lo <= i[0] <= hi]
        ax.scatter([c[0] - lo for c in checks], [y + 0.36] * len(checks), marker="v", s=10,
                   c=["#d62728" if c[2].get("cancelled") else "#333333" for c in checks], linewidths=0, zorder=3)
    if server is not None:
        for s in filter(visible, timeline.slices[server]):
            bar(server, s[0], s[1], COMPOSITE_COLOUR, linewidth=0)

    frame_at = {}
    for s in filter(visible, timeline.slices[presented]):
        late = s[3].get("missed_vsyncs", 0) > 0
        y = bar(presented, s[0], s[1], LATE_COLOUR if late else ON_TIME_COLOUR, edgecolor="#555555", linewidth=0.5)
        frame_at[s[3].get("frame")] = (s[0], y)
        if s[1] > (hi - lo) / 40:  # label the frames wide enough to hold one
            label = f"{s[3].get('frame')}" + (f" +{s[3]['missed_vsyncs']}" if late else "")
            ax.text(max(s[0], lo) - lo + (hi - lo) / 400, y, label, va="center", fontsize=6.5,
                    color="white" if late else "#333333", clip_on=True)

    if samples is not None:
        ys = len(lanes) - 1 - row[samples]
        every = [i[0] for i in timeline.instants[samples] if lo <= i[0] <= hi and i[1] == "sample"]
        ax.scatter([t - lo for t in every], [ys] * len(every), marker="|", s=25, color="#9ecae1", linewidths=0.8, zorder=2)
        points = [s for s in timeline.slices[samples] if lo <= s[0] <= hi]
        ax.scatter([p[0] - lo for p in points], [ys] * len(points), marker="o", s=9, color="#1f77b4", zorder=3)
        # Touch to screen: from a sample a frame shows first to the frame; arrows that cross the
        # window's edge are drawn to the edge.
        yp = len(lanes) - 1 - row[presented]
        for flow in timeline.flows.values():
            if "s" not in flow or "f" not in flow or flow["f"] < lo or flow["s"] > hi:
                continue
            ax.plot([flow["s"] - lo, flow["f"] - lo], [ys - 0.1, yp + 0.32], color="#1f77b4", alpha=0.35, linewidth=0.6, zorder=2)
            if lo <= flow["f"] <= hi:
                ax.plot([flow["f"] - lo], [yp + 0.32], marker="v", markersize=2.5, color="#1f77b4", alpha=0.6, zorder=2)

    ax.set_yticks(range(len(lanes)))
    ax.set_yticklabels([name for name, _ in reversed(lanes)], fontsize=8)
    ax.set_ylim(-0.6, len(lanes) - 0.4)
    ax.set_xlim(0, hi - lo)
    ax.set_xlabel(f"ms after {start:g} s ({timeline.info.get('time_base', 'replay time')}); grey lines: vsyncs", fontsize=8)
    ax.tick_params(axis="x", labelsize=8)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    info = timeline.info
    ax.set_title(title or f"{info.get('strategy', '?')}, {info.get('device', '?')} at {float(info.get('hz', 0)):g} Hz, "
                 f"{info.get('clock', '?')} clock ({info.get('costs', '?')} costs), {start:g}-{end:g} s", fontsize=10)
    legend = [Patch(color=c, label=k) for k, c in PHASE_COLOUR.items()]
    fates = {s[3].get("fate") for t in render for s in timeline.slices[t] if visible(s)}
    legend += [Patch(color=FATE_COLOUR[f], label=f"render {f}") for f in FATE_COLOUR if f in fates]
    legend += [Patch(color=COMPOSITE_COLOUR, label="composite"), Patch(color=ON_TIME_COLOUR, label="frame on time"),
               Patch(color=LATE_COLOUR, label="frame late (+missed vsyncs)")]
    # The legend sits in its own strip under the axis label, whatever the number of lanes.
    fig.legend(handles=legend, loc="lower center", ncol=len(legend), fontsize=7, frameon=False, handlelength=1.2,
               columnspacing=1.0)
    fig.tight_layout(rect=(0, 0.3 / height, 1, 1))
    fig.savefig(output)
    plt.close(fig)


def main():
    parser = argparse.ArgumentParser(description="Draw a window of a bench run --timeline file as lanes over the vsync grid.")
    parser.add_argument("timeline", help="the Chrome trace-event JSON that bench run --timeline wrote")
    parser.add_argument("--start", type=float, required=True, help="window start, seconds of replay time")
    parser.add_argument("--end", type=float, required=True, help="window end, seconds of replay time")
    parser.add_argument("--output", required=True, help="the PNG to write")
    parser.add_argument("--title", help="title (default: strategy, device, rate, clock and window)")
    args = parser.parse_args()
    if not args.end > args.start >= 0:
        fail(f"--start {args.start:g} and --end {args.end:g}: want 0 <= start < end")
    timeline = Timeline(load(args.timeline))
    draw(timeline, args.start, args.end, args.output, args.title)
    print(args.output)


if __name__ == "__main__":
    main()
