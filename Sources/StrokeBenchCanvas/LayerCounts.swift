import StrokeBenchUnits

/// The work each shape layer added to a dry composite, kept from one composite to the next.
///
/// The render server composites every shape layer again at each frame, so `sublayer`'s composite costs
/// grow with its layer count (docs/model.md): that work is counted every frame, and charged every frame.
/// But a layer whose ink lies inside the clip adds the same work at every composite (its totals,
/// `Polyline.whole`), so a dry replay works it out once, and adds the sums of the layers it has seen.
/// The counters are the same as counting every layer again: integers, summed in another order.
final class LayerCounts {
    /// A layer counted whole: the layer, held so that no other line can take its storage while it is
    /// known by it (`Polyline.storage`); that storage, read once; and the rect a clip must hold for
    /// its work to be the same (its ink, and the box its stroke sweeps).
    private struct Counted {
        let layer: Polyline
        let storage: Polyline.Storage
        let reach: PixelRect
    }

    /// The layers counted, first to last.
    private var counted: [Counted] = []
    /// `sums[i]` is the work of the first `i` layers counted.
    private var sums = [WorkCounters()]
    /// What the layers were counted for: a stroke's radius and whether the framebuffer is extended range.
    private var radius = 0.0
    private var extended = false

    /// The work of stroking each of `lines` with `radius` inside `clip`, as `Context.strokeEach` counts it.
    func count(_ lines: [Polyline], clip: PixelRect, radius: Double, extended: Bool) -> WorkCounters {
        if radius != self.radius || extended != self.extended { forget(after: 0) }
        (self.radius, self.extended) = (radius, extended)
        return lines.withUnsafeBufferPointer { lines in
            // The layers counted before that still lead `lines`, each still inside the clip.
            var known = 0
            while known < min(lines.count, counted.count), counted[known].storage == lines[known].storage,
                clip.contains(counted[known].reach)
            {
                known += 1
            }
            forget(after: known)
            var total = sums[known]
            for i in known..<lines.count {
                if counted.count == i, let (whole, inkBounds) = lines[i].whole(radius: radius) {
                    let e = whole.extents.box
                    let reach = PixelRect(
                        enclosingMinX: e.x0 - radius, minY: e.y0 - radius, maxX: e.x1 + radius, maxY: e.y1 + radius
                    ).union(inkBounds)
                    if clip.contains(reach) {
                        var work = WorkCounters()
                        Context.add(whole, radius: radius, clip: reach, extended: extended, to: &work)
                        counted.append(Counted(layer: lines[i], storage: lines[i].storage, reach: reach))
                        var sum = sums[i]
                        sum += work
                        sums.append(sum)
                        total += work
                        continue
                    }
                }
                // Partly outside the clip, or a dot: counted against this clip, and not kept.
                Context.addStroke(of: lines[i], radius: radius, clip: clip, extended: extended, to: &total)
            }
            return total
        }
    }

    /// Forgets every layer counted after the first `kept`.
    private func forget(after kept: Int) {
        guard counted.count > kept else { return }
        counted.removeSubrange(kept...)
        sums.removeSubrange((kept + 1)...)
    }
}
