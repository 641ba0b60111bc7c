import Synchronization

/// The strokes of one replay, and the samples whose points they pass through: how the harness tells
/// whether a presented picture holds a sample's segment (docs/model.md, "Ink from what the display
/// shows").
///
/// Every line a context strokes with the replay's ledger is kept here, once, under an id, and the
/// surface it drew into keeps the id (`Surface.ink`); an image drawn into another surface hands its ids on. A
/// sample is in a picture when a stroke the picture holds passes through the sample's point, the end
/// of its segment. Dry and rasterized surfaces record the same strokes by the same calls, so the two
/// replays credit the same samples. Strategies draw on background threads, hence the lock.
package final class InkRecord: Sendable {
    /// The samples' points, in order.
    private let points: [Point]
    /// Each sample's index, by its point (several where the pen stood still): made the first time the
    /// search needs it, which a strategy that draws what it claims never makes it do.
    private let index = Mutex<[Point: [Int]]?>(nil)
    private let kept = Mutex(Kept())

    /// The lines stroked, each once, and the id of each by its storage: an async render strokes every
    /// stored line again, and over a long session keeping each line once per render held hundreds of
    /// megabytes (async-pool over the 70-minute Omniglot session).
    private struct Kept {
        var lines: [Polyline] = []
        var ids: [Polyline.Storage: Int] = [:]
        /// The last path's lines and ids, in order: a whole-picture render strokes the lines the one
        /// before it stroked, but the newest, and comparing a line with its place there costs no hash.
        var lastPath: [(storage: Polyline.Storage, id: Int)] = []
        /// By a stroke's place in its bitmap's strokes, the line last stroked alone there: an async
        /// render strokes the stored lines one at a time, in the same order as the render before it,
        /// and comparing a line with its place there costs no hash.
        var alone: [(storage: Polyline.Storage, id: Int)] = []
    }

    /// A record for a replay of `samples`, the points the strategy is handed, in order.
    package init(samples: [Point]) {
        points = samples
    }

    /// `index`, made on first use.
    private var samplesAt: [Point: [Int]] {
        index.withLock { index in
            if let index { return index }
            var at: [Point: [Int]] = [:]
            for (i, point) in points.enumerated() { at[point, default: []].append(i) }
            index = at
            return at
        }
    }

    /// Keeps `line`, once, and returns its id: a line kept before, the same points in the same storage,
    /// keeps its id. Polylines share their points' storage, so keeping one copies no point.
    ///
    /// Which samples a picture holds depends only on the set of lines it holds (`lastHeld`), so a line
    /// of a path counts alone, and one stroked again adds nothing new.
    func record(_ line: Polyline) -> Int {
        var ids = InkSet()
        record([], then: line, into: &ids, strokeNumber: nil)
        var only = ids.descending
        return only.next()!
    }

    /// Keeps each of `lines` and then `newest`, a stroked path, as `record(_:)` does, and adds their ids
    /// to `ink`: under one lock, since a whole-picture render strokes every stored line as one path.
    /// `strokeNumber` is the path's place among the strokes into its bitmap, from 0 (nil for none).
    func record(_ lines: [Polyline], then newest: Polyline?, into ink: inout InkSet, strokeNumber: Int?) {
        record(
            count: lines.count + (newest == nil ? 0 : 1), into: &ink, strokeNumber: strokeNumber,
            storageOf: { i in i < lines.count ? lines[i].storage : newest!.storage },
            line: { i in i < lines.count ? lines[i] : newest! })
    }

    /// `record([], then: line, ...)`, the line read where it lies: made optional, it was a copy of the
    /// line (a retain and release of each of its buffers) for every line of every async render.
    func record(_ line: Polyline, into ink: inout InkSet, strokeNumber: Int?) {
        record(
            count: 1, into: &ink, strokeNumber: strokeNumber, storageOf: { _ in line.storage },
            line: { _ in line })
    }

    /// Keeps the `count` lines `line(i)` gives, in order, as `record(_:then:into:strokeNumber:)` says;
    /// `storageOf(i)` is line `i`'s storage, read without the copy of the line `line(i)` hands back, which
    /// only a line not kept before needs.
    private func record(
        count: Int, into ink: inout InkSet, strokeNumber: Int?, storageOf: (Int) -> Polyline.Storage,
        line: (Int) -> Polyline
    ) {
        // A line stroked alone, where the line stroked alone at this place in another bitmap was.
        let alone = count == 1 ? strokeNumber : nil
        kept.withLock { kept in
            for i in 0..<count {
                let storage = storageOf(i)
                let id: Int
                if let alone, alone < kept.alone.count, kept.alone[alone].storage == storage {
                    id = kept.alone[alone].id
                } else if i < kept.lastPath.count, kept.lastPath[i].storage == storage {
                    id = kept.lastPath[i].id
                } else if let known = kept.ids[storage] {
                    id = known
                } else {
                    id = kept.lines.count
                    // Room for a line a sample at the first: `naive` keeps one a touch event, and a table
                    // grown from empty rehashed every line it held at each doubling, in every replay.
                    if kept.ids.isEmpty { kept.ids.reserveCapacity(points.count) }
                    kept.ids[storage] = id
                    kept.lines.append(line(i))
                }
                ink.insert(id)
                if i < kept.lastPath.count {
                    kept.lastPath[i] = (storage, id)
                } else {
                    kept.lastPath.append((storage, id))
                }
            }
            kept.lastPath.removeLast(kept.lastPath.count - count)
            if let alone, let last = kept.lastPath.last {
                if alone < kept.alone.count {
                    kept.alone[alone] = last
                } else if alone == kept.alone.count {
                    kept.alone.append(last)
                }
            }
        }
    }

    /// The newest sample up to `claimed` such that every sample after `shown` up to it lies on a stroke
    /// of `ink` or on one of `layers` (the render server's shape layers): `shown` when the first new
    /// one does not.
    ///
    /// Nearly always the newest strokes end with the new samples' points, newest last, so the search
    /// first walks them back from their ends, point against sample; only where that walk stops short
    /// does it look every point of every stroke up (`search`).
    package func lastHeld(after shown: Int, through claimed: Int, ink: InkSet, layers: [Polyline]) -> Int {
        guard claimed > shown else { return claimed }
        let kept = self.kept.withLock { $0.lines }
        // Walks `lines` back from the end of the newest, matching each point with the newest sample not
        // yet matched (`next`); a point repeated where two segments meet is passed over.
        func walkBack<Lines: Sequence<Polyline>>(_ lines: Lines, from next: inout Int) -> Walk {
            for line in lines {
                for point in line.reversed() {
                    if point == points[next] {
                        next -= 1
                        if next == shown { return .done }
                    } else if next == claimed || point != points[next + 1] {
                        return .stuck
                    }
                }
            }
            return .more
        }
        var next = claimed
        if !layers.isEmpty, walkBack(layers.reversed(), from: &next) == .done { return claimed }
        next = claimed
        for id in ink.descending {
            let walked = walkBack(CollectionOfOne(kept[id]), from: &next)
            if walked == .done { return claimed }
            if walked == .stuck { break }
        }
        return search(after: shown, through: claimed, in: kept, ink: ink, layers: layers)
    }

    /// `lastHeld` by looking each point of the layers and of every stroke of `ink` up, newest first,
    /// stopping once every new sample is found.
    private func search(after shown: Int, through claimed: Int, in kept: [Polyline], ink: InkSet, layers: [Polyline])
        -> Int
    {
        let samplesAt = self.samplesAt
        var found = [Bool](repeating: false, count: claimed - shown)
        var missing = found.count
        func look(_ line: Polyline) -> Bool {
            for point in line.reversed() {
                guard let samples = samplesAt[point] else { continue }
                for i in samples where i > shown && i <= claimed && !found[i - shown - 1] {
                    found[i - shown - 1] = true
                    missing -= 1
                }
                if missing == 0 { return true }
            }
            return false
        }
        search: do {
            for line in layers.reversed() where look(line) { break search }
            for id in ink.descending where look(kept[id]) { break search }
        }
        return shown + (found.firstIndex(of: false) ?? found.count)
    }
}

/// How far a walk back along the newest strokes got (`InkRecord.lastHeld`).
private enum Walk { case done, more, stuck }

/// The ids of the strokes (`InkRecord`) a surface's pixels hold: a bit set, so that drawing an image
/// into another surface, which hands on every stroke it holds, costs a word per 64 strokes. Its words
/// start at the first word it has a bit in: a new surface's first stroke is one of the replay's newest,
/// and a set of every word from id 0 would zero thousands of words for it.
package struct InkSet: Hashable, Sendable {
    /// Word `i` holds ids `64 * (first + i) ..< 64 * (first + i + 1)`.
    private var words: [UInt64] = []
    private var first = 0

    package init() {}

    mutating func insert(_ id: Int) {
        let word = id / 64
        cover(word..<word + 1)
        words[word - first] |= 1 << UInt64(id % 64)
    }

    mutating func formUnion(_ other: InkSet) {
        guard !other.words.isEmpty else { return }
        // A new surface drawing an image in first takes the image's set as it is, sharing its words
        // until either changes, rather than zeroing a copy and adding every word into it.
        guard !words.isEmpty else {
            self = other
            return
        }
        cover(other.first..<other.first + other.words.count)
        for (i, word) in other.words.enumerated() where word != 0 { words[other.first - first + i] |= word }
    }

    /// Grows the words to hold every word of `range`.
    private mutating func cover(_ range: Range<Int>) {
        if words.isEmpty {
            first = range.lowerBound
            words = Array(repeating: 0, count: range.count)
            return
        }
        if range.lowerBound < first {
            words.insert(contentsOf: repeatElement(0, count: first - range.lowerBound), at: 0)
            first = range.lowerBound
        }
        let end = first + words.count
        if range.upperBound > end { words.append(contentsOf: repeatElement(0, count: range.upperBound - end)) }
    }

    /// The ids, newest first: word by word, bit by bit from the highest, passing over empty words at
    /// once. A render's set spans from the oldest line it holds to the newest, mostly empty words.
    var descending: Descending { Descending(words: words, first: first) }

    /// `InkSet.descending`'s ids.
    struct Descending: Sequence, IteratorProtocol {
        let words: [UInt64]
        let first: Int
        private var index: Int
        private var word: UInt64 = 0

        init(words: [UInt64], first: Int) {
            self.words = words
            self.first = first
            index = words.count
        }

        mutating func next() -> Int? {
            while word == 0 {
                guard index > 0 else { return nil }
                index -= 1
                word = words[index]
            }
            let bit = 63 - word.leadingZeroBitCount
            word &= ~(1 << UInt64(bit))
            return (first + index) * 64 + bit
        }
    }
}
