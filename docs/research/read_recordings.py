#!/usr/bin/env python3
"""Reproduce docs/research/recordings.json from the companion app's GIF recordings.

Source: github.com/almaleh/Drawing-Performance (the article's companion app),
Screenshots/*.gif. Each GIF is read frame by frame with Pillow + numpy:

* timing      - cumulative GIF frame durations (t_s = start time of frame i).
* FPS label   - the red "FPS nnn" label (top-left). Values were READ BY EYE from
                enlarged crops of every frame; the script re-checks every frame by
                nearest-template matching against one reference frame per value
                (the `refs` of each entry in RECORDINGS) and fails loudly if a frame
                is far from every template (a value that was not read by eye).
* points      - ESTIMATED from the geometry of the drawn spiral. The app's spiral
                (Drawable.swift createSpiral) puts point k at screen angle
                165 deg + k deg (clockwise, y-down) and radius
                sqrt(2) * 200 pt * 0.9999**k about the view centre (the path comes
                back from CGContext in the final rotated user space, hence the 165
                deg offset; this is confirmed by the fit below). For every white
                stroke pixel the turn number is chosen from its radius and the
                position along the spiral from its angle, theta = angle + 360*turn
                (degrees == point index). The tip of the stroke is the 5th-largest
                theta among well-fitting pixels; points drawn = floor(tip - cap) + 1
                where cap = the round line cap (2.5 pt) in degrees at that radius.
                A radius-only estimate (invert 0.9999**k from the mean radius of the
                pixels within 10 deg of the tip) is kept as a cross-check.
                Centre and scale are fitted once per recording on its last frame.

slow-GPU.gif and fast-GPU.gif are recorded as unavailable: their blobs are not in the
stored snapshot (files of 4 MiB and more are omitted), so no numbers are produced for them.

Usage: python3 read_recordings.py [--gif-dir DIR] [--git-dir GITDIR] [--out PATH]
By default the GIFs are read with `git show` from the fetched mirror.
"""
import argparse
import io
import json
import math
import os
import subprocess
import sys

import numpy as np
from PIL import Image, ImageSequence

REPO = "almaleh/Drawing-Performance"
COMMIT = "96e14b16cf23b8437cb258ae1e1fbcc541f480a9"  # HEAD of master when read
GIFS_COMMIT = "5f0bca7b3306a2ed1eecd15bf47df665cccb93e3"  # "add gifs from article"
DEFAULT_GIT_DIR = "/work/.mirror/almaleh+Drawing-Performance/repo/.git"

Q = 0.9999
R0_PT = 200 * math.sqrt(2)      # point k is (L, L) with L = 200 * 0.9999**k
PHI0 = 165.0                    # screen angle of point 0 (see docstring)
LINE_WIDTH_PT = 5.0

# name, strategy, FPS label crop box, canvas box (x0,y0,x1,y1), nominal px/pt,
# reference frames for each FPS value (read by eye), notes
RECORDINGS = [
    dict(file="Screenshots/slow-CPU.gif",
         strategy="CPU slow: FreedrawingImageViewCG (UIImageView; new UIGraphicsImageRenderer "
                  "image of the whole canvas per segment), 'Spiral (Max Speed)' timer drive",
         label_box=(8, 28, 84, 46), canvas=(14, 56, 786, 512), scale0=800 / 1194,
         refs={0: 120, 2: 114, 28: 34, 54: 35},
         button_box=(85, 518, 190, 538), button="Spiral (Max Speed)"),
    dict(file="Screenshots/fast-CPU.gif",
         strategy="CPU fast: FreedrawingImageViewDrawRect (draw(_:) of flattened image + <=200-point "
                  "live path, flatten via layer.render), 'Spiral (Max Speed)' timer drive",
         label_box=(8, 28, 84, 46), canvas=(14, 56, 786, 512), scale0=800 / 1194,
         refs={0: 69, 10: 107, 35: 101, 60: 99, 86: 98, 111: 96, 187: 94, 212: 93, 238: 97},
         button_box=(85, 518, 190, 538), button="Spiral (Max Speed)"),
    dict(file="Screenshots/slow-GPU.gif", strategy="not readable here (blob absent from mirror)",
         missing=True),
    dict(file="Screenshots/fast-GPU.gif", strategy="not readable here (blob absent from mirror)",
         missing=True),
    dict(file="Screenshots/drawingPerformance.gif",
         strategy="GPU sublayer: FreedrawingImageView (later FreeDrawingImageViewSubLayer; one "
                  "CAShapeLayer per segment, flattened every 400), 'Start Drawing' = CADisplayLink "
                  "drive, one point per callback (older build, Jan 16 2019)",
         label_box=(5, 20, 64, 35), canvas=(10, 42, 590, 383), scale0=600 / 1194,
         refs={0: 119, 11: 120, 36: 116, 112: 117, 187: 118},
         button_box=(5, 388, 80, 405), button="Start Drawing"),
]


def read_gif_bytes(path, gif_dir, git_dir):
    if gif_dir:
        p = os.path.join(gif_dir, os.path.basename(path))
        if os.path.exists(p) and os.path.getsize(p) > 0:
            with open(p, "rb") as fh:
                return fh.read()
        return None
    r = subprocess.run(["git", "--git-dir", git_dir, "show", f"{COMMIT}:{path}"],
                       capture_output=True)
    if r.returncode != 0 or not r.stdout:
        return None
    return r.stdout


def blob_id(path, git_dir):
    r = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", COMMIT, path],
                       capture_output=True, text=True)
    return r.stdout.split()[2] if r.returncode == 0 and r.stdout else None


def frames_of(data):
    im = Image.open(io.BytesIO(data))
    frames, durs = [], []
    for fr in ImageSequence.Iterator(im):
        durs.append(fr.info.get("duration", 0))
        frames.append(np.asarray(fr.convert("RGB")).astype(np.int16))
    return frames, durs, im.size


# ---------------------------------------------------------------- FPS label
def read_labels(frames, box, refs):
    x0, y0, x1, y1 = box
    crops = [f[y0:y1, x0:x1].astype(float) for f in frames]
    templ = {v: crops[i] for i, v in refs.items()}
    values, dists = [], []
    for c in crops:
        d = {v: float(np.abs(c - t).mean()) for v, t in templ.items()}
        v = min(d, key=d.get)
        srt = sorted(d.values())
        values.append(v)
        dists.append((srt[0], srt[1] if len(srt) > 1 else float("inf")))
    worst = max(a for a, _ in dists)
    margin = min(b / a if a > 0 else float("inf") for a, b in dists)   # 2nd-best / best
    if worst > 4.0 or margin < 1.5:
        raise SystemExit(f"label match not clean: worst={worst:.2f} ratio={margin:.2f}")
    return values, worst, margin


# ---------------------------------------------------------------- spiral geometry
def white_pixels(frame, canvas):
    x0, y0, x1, y1 = canvas
    yy, xx = np.nonzero(frame[y0:y1, x0:x1].min(axis=2) > 190)
    return xx + x0 + 0.5, yy + y0 + 0.5


def spiral_theta(xs, ys, cx, cy, s):
    dx, dy = xs - cx, ys - cy
    r = np.hypot(dx, dy)
    phi = np.degrees(np.arctan2(dy, dx))
    base = (phi - PHI0 + 5.0) % 360.0 - 5.0          # start cap may sit a few deg before 0
    th_r = np.log(np.maximum(r, 1e-6) / (s * R0_PT)) / math.log(Q)
    j = np.round((th_r - base) / 360.0)
    th = base + 360.0 * j
    return th, r - s * R0_PT * Q ** th, r


def fit_centre(frame, canvas, s0):
    xs, ys = white_pixels(frame, canvas)
    cx0, cy0 = (canvas[0] + canvas[2]) / 2, (canvas[1] + canvas[3]) / 2
    best = None
    for step, span, sstep in [(1.0, 10, 0.01 * s0), (0.25, 1.5, 0.002 * s0), (0.05, 0.3, 0.0005 * s0)]:
        cands = []
        for cx in np.arange(cx0 - span, cx0 + span + 1e-9, step):
            for cy in np.arange(cy0 - span, cy0 + span + 1e-9, step):
                for s in np.arange(s0 - 4 * sstep, s0 + 4 * sstep + 1e-12, sstep):
                    _, d, _ = spiral_theta(xs, ys, cx, cy, s)
                    cands.append((float(np.mean(np.minimum(np.abs(d), 4.0))), cx, cy, s))
        cands.sort()
        best = cands[0]
        _, cx0, cy0, s0 = best
    return dict(cost_px=round(best[0], 3), cx=round(float(best[1]), 2),
                cy=round(float(best[2]), 2), px_per_pt=round(float(best[3]), 5))


def points_in_frame(frame, canvas, fit):
    xs, ys = white_pixels(frame, canvas)
    if len(xs) < 8:
        return None
    th, d, r = spiral_theta(xs, ys, fit["cx"], fit["cy"], fit["px_per_pt"])
    good = np.abs(d) < 2.5
    if good.sum() < 8:
        return None
    thg, rg = th[good], r[good]
    order = np.sort(thg)
    tip = float(order[-5])
    r_tip_px = float(np.mean(rg[thg > tip - 10.0]))
    r_tip_pt = r_tip_px / fit["px_per_pt"]
    cap_deg = math.degrees((LINE_WIDTH_PT / 2) / r_tip_pt)
    n_angle = int(math.floor(tip - cap_deg)) + 1
    n_radius = math.log(r_tip_pt / R0_PT) / math.log(Q) + 1
    # angular coverage: fraction of 1-degree bins in [0, tip) that contain stroke pixels
    bins = np.unique(np.floor(thg[(thg >= 0) & (thg < tip - cap_deg)]).astype(int))
    cover = len(bins) / max(1, int(tip - cap_deg))
    return dict(points=max(n_angle, 0), points_radius=round(n_radius, 1),
                tip_deg=round(tip, 1), frac_bad_px=round(float(1 - good.mean()), 4),
                coverage=round(cover, 3))


def button_darkness(frame, box):
    x0, y0, x1, y1 = box
    return int((255 - frame[y0:y1, x0:x1, 0]).clip(0).sum() // 1000)


def analyse(rec, data):
    frames, durs, size = frames_of(data)
    t = np.concatenate([[0], np.cumsum(durs)[:-1]]) / 1000.0
    labels, worst, margin = read_labels(frames, rec["label_box"], rec["refs"])
    fit = fit_centre(frames[-1], rec["canvas"], rec["scale0"])
    per = [points_in_frame(f, rec["canvas"], fit) for f in frames]
    readings = []
    for i, v in enumerate(labels):
        if i == 0 or v != labels[i - 1]:
            readings.append(dict(t_s=round(float(t[i]), 3), frame=i, fps=v))
    for k, rd in enumerate(readings):
        end = readings[k + 1]["frame"] if k + 1 < len(readings) else len(frames)
        rd["shown_until_s"] = round(float(t[end - 1] + durs[end - 1] / 1000.0), 3)
    pts = []
    for i, p in enumerate(per):
        pts.append(dict(t_s=round(float(t[i]), 3), frame=i,
                        points=(p["points"] if p else 0),
                        points_radius_estimate=(p["points_radius"] if p else None),
                        coverage=(p["coverage"] if p else None)))
    # rate: least squares over frames with >= 20 points drawn, excluding the last frame
    idx = [i for i, p in enumerate(pts) if p["points"] >= 20]
    rate = None
    if len(idx) > 5:
        tt = np.array([pts[i]["t_s"] for i in idx])
        nn = np.array([pts[i]["points"] for i in idx])
        a, b = np.polyfit(tt, nn, 1)
        resid = nn - (a * tt + b)
        rate = dict(points_per_s=round(float(a), 1), fit_from_s=round(float(tt[0]), 3),
                    fit_to_s=round(float(tt[-1]), 3), rms_resid_points=round(float(resid.std()), 1),
                    intercept_points=round(float(b), 1),
                    start_t_s_extrapolated=round(float(-b / a), 3))
    first = next((i for i, p in enumerate(pts) if p["points"] > 0), None)
    # per FPS-label window: the value shown from update k describes the ~1 s before update k,
    # so compare it with the points drawn between update k-1 and update k
    windows = []
    upd = [rd["frame"] for rd in readings]
    for k in range(1, len(upd)):
        i0, i1 = upd[k - 1], upd[k]
        n0, n1 = pts[i0]["points"], pts[i1]["points"]
        dt = float(t[i1] - t[i0])
        windows.append(dict(from_s=round(float(t[i0]), 3), to_s=round(float(t[i1]), 3),
                            label_after=readings[k]["fps"], points=n1 - n0,
                            points_per_s=round((n1 - n0) / dt, 1),
                            points_per_callback=(round((n1 - n0) / dt / readings[k]["fps"], 2)
                                                 if n1 > n0 else 0.0)))
    fps_vals = [rd["fps"] for rd in readings]
    # frame-weighted median of what the label shows while drawing is under way
    drawing_labels = [labels[i] for i in range(len(frames)) if pts[i]["points"] >= 20]
    btn = [button_darkness(f, rec["button_box"]) for f in frames]
    return dict(
        file=rec["file"], strategy=rec["strategy"], frames=len(frames),
        frame_size=list(size), frame_durations_ms=sorted(set(durs)),
        frame_duration_each_ms=durs, duration_s=round(sum(durs) / 1000.0, 3),
        label_template_worst_dist=round(worst, 2), label_template_min_ratio_2nd_to_best=round(margin, 2),
        spiral_fit=fit,
        fps_label_source=("READ: values read by eye from enlarged crops of every frame, then "
                          "verified per frame by nearest-template matching; a label update to an "
                          "unchanged value is invisible, so only changes are listed"),
        fps_label_readings=readings,
        fps_label_median=(float(np.median(drawing_labels)) if drawing_labels else None),
        fps_label_median_note=("median of the label over frames with >= 20 points drawn "
                               "(frame-weighted); fps_label_median_distinct_readings is the "
                               "median of the distinct readings including pre-drawing ones"),
        fps_label_median_distinct_readings=float(np.median(fps_vals)),
        fps_label_range=[min(fps_vals), max(fps_vals)],
        points_source=("ESTIMATED from stroke geometry: points = floor(tip angle along the spiral "
                       "in degrees - round-cap allowance) + 1, turn chosen by radius; "
                       "points_radius_estimate = radius-only inversion of 0.9999**k (coarse, "
                       "+-50 points per px); coverage = fraction of 1-degree bins before the tip "
                       "that contain stroke"),
        points_drawn=pts,
        points_final=pts[-1]["points"],
        points_per_s=(rate["points_per_s"] if rate else None),
        points_rate_fit=rate,
        first_frame_with_points=first,
        label_windows=windows,
        button=rec["button"],
        button_darkness_note=("sum of (255 - R) over the toolbar button's box / 1000 per frame: "
                              "lower = text drawn lighter = button in its tapped/highlighted state"),
        button_darkness=btn,
    )


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--gif-dir")
    ap.add_argument("--git-dir", default=DEFAULT_GIT_DIR)
    ap.add_argument("--out", default=os.path.join(here, "recordings.json"))
    a = ap.parse_args()
    out = dict(source=dict(repo=REPO, commit=COMMIT, gifs_added_in=GIFS_COMMIT,
                           paths=[r["file"] for r in RECORDINGS]),
               method=("timing from GIF frame durations; FPS label values read by eye and "
                       "template-verified per frame; points drawn estimated from spiral tip "
                       "angle (turn chosen by radius), see read_recordings.py docstring"),
               recordings=[])
    for rec in RECORDINGS:
        data = None if rec.get("missing") else read_gif_bytes(rec["file"], a.gif_dir, a.git_dir)
        if data is None:
            out["recordings"].append(dict(
                file=rec["file"], strategy=rec["strategy"], available=False,
                blob=blob_id(rec["file"], a.git_dir), frames=None, duration_s=None,
                fps_label_readings=[], points_drawn=[], fps_label_median=None, points_per_s=None,
                note="blob not present in the stored snapshot (files of 4 MiB and more are "
                     "omitted); no frames read, no numbers"))
            print(f"{rec['file']}: not available", file=sys.stderr)
            continue
        r = analyse(rec, data)
        r["available"] = True
        out["recordings"].append(r)
        print(f"{rec['file']}: {r['frames']} frames, {r['duration_s']} s, labels "
              f"{[x['fps'] for x in r['fps_label_readings']]}, final points {r['points_final']}, "
              f"{r['points_per_s']} pts/s, fit {r['spiral_fit']}", file=sys.stderr)
    with open(a.out, "w") as fh:
        json.dump(out, fh, indent=1)
        fh.write("\n")


if __name__ == "__main__":
    main()
