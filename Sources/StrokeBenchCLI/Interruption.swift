import Foundation
import StrokeBenchMetrics

/// SIGINT (Ctrl-C) and SIGTERM for every command: the temporary file of every write in progress is
/// removed, one line on stderr says what was kept, and bench exits 130 (SIGINT) or 143 (SIGTERM),
/// the statuses a shell gives a process the signal killed. Without this the default action kills
/// bench at once, with no word and with `.NAME.partial-PID-N` files left beside its outputs.
///
/// A command that can stop more gently takes the first SIGINT for itself (`bench sweep` finishes
/// the run in progress); a second SIGINT, or a SIGTERM, then ends it like any other.
final class Interruption: @unchecked Sendable {  // `firstInterrupt` and `kept` are guarded by `lock`
    /// The one instance: signals are per process.
    static let shared = Interruption()

    private let lock = NSLock()
    private var firstInterrupt: (@Sendable () -> Bool)?
    private var kept: String?
    private var sources: [DispatchSourceSignal] = []
    /// Folders built aside and not yet moved into place (`sweep merge`'s `OUT.partial-PID/`), each
    /// with the topmost folder made for it (itself, or the first parent folder the command created):
    /// removed whole if a signal ends bench, and none of their files called kept.
    private var staging: [StagedFolder] = []

    /// A folder being built aside, and the topmost folder made for it, removed whole on a signal.
    private struct StagedFolder {
        var folder: String
        var top: String
    }

    private init() {}

    /// Routes SIGINT and SIGTERM here instead of their default action; `Bench.main` calls it first.
    func install() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)  // the dispatch source still sees it; the default action no longer runs
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in handle(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Gives SIGINT to `handler` first, until `release()`: it returns true when it took the signal
    /// (and the command will stop on its own), false to let bench stop now. `kept` says, in the
    /// line printed if bench stops on a signal, what is kept (instead of the files written).
    func takeInterrupts(kept: String, _ handler: @escaping @Sendable () -> Bool) {
        lock.lock()
        defer { lock.unlock() }
        firstInterrupt = handler
        self.kept = kept
    }

    /// Registers `folder`, being built aside, to be removed with `top` (the topmost folder created for
    /// it) if a signal ends bench before `unstage`.
    func stage(_ folder: String, removing top: String) {
        lock.lock()
        defer { lock.unlock() }
        staging.removeAll { $0.folder == folder }
        staging.append(StagedFolder(folder: folder, top: top))
    }

    /// `folder` is in place, or removed: a signal no longer touches it.
    func unstage(_ folder: String) {
        lock.lock()
        defer { lock.unlock() }
        staging.removeAll { $0.folder == folder }
    }

    /// Ends `takeInterrupts`.
    func release() {
        lock.lock()
        defer { lock.unlock() }
        firstInterrupt = nil
        kept = nil
    }

    private func handle(_ number: Int32) {
        lock.lock()
        let (handler, kept) = (firstInterrupt, self.kept)
        lock.unlock()
        if number == SIGINT, let handler, handler() { return }
        stop(on: number, kept: kept)
    }

    /// Removes what is half-written, says what was kept, and exits `128 + number`.
    private func stop(on number: Int32, kept: String?) -> Never {
        var (abandoned, finished, incomplete) = AtomicFile.abandonWrites()
        lock.lock()
        let staged = staging
        lock.unlock()
        for top in Set(staged.map(\.top)) { try? FileManager.default.removeItem(atPath: top) }
        // A file finished inside a staging folder went with it: nothing of the command was kept there.
        let inside = { (path: String) in staged.contains { path.hasPrefix($0.folder + "/") } }
        finished.removeAll(where: inside)
        abandoned.removeAll(where: inside)
        fflush(nil)  // what a table or JSON printed so far is kept too
        StandardError.writeLast(
            Self.message(
                signal: number, abandoned: abandoned, finished: finished, kept: kept,
                incomplete: incomplete) + "\n")
        // `_exit`, not `exit`: the main thread may be in the middle of a replay, and running the
        // exit handlers under it could crash on the way out.
        _exit(128 + number)
    }

    /// `bench: interrupted by SIGINT: kept f.csv (removed the temporary file of the unfinished f.png)`.
    /// An output written in place (`-`, a device, a FIFO) has no temporary file to remove: what it
    /// was given is already out, so the line says it is incomplete (`; - is incomplete: it was written in place`).
    static func message(
        signal number: Int32, abandoned: [String], finished: [String], kept: String?,
        incomplete: [String] = []
    ) -> String {
        let name = number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
        var line = "\(Bench.toolName): interrupted by \(name): "
        let wroteNothing = finished.isEmpty && incomplete.isEmpty
        line +=
            kept
            ?? (wroteNothing
                ? "wrote nothing, every file is as it was"
                : finished.isEmpty ? "finished no output" : "kept \(finished.joined(separator: ", "))")
        if !abandoned.isEmpty {
            let files = abandoned.count == 1 ? "file" : "files"
            line += " (removed the temporary \(files) of the unfinished \(listed(abandoned)))"
        }
        if !incomplete.isEmpty {
            line +=
                "; \(listed(incomplete)) \(incomplete.count == 1 ? "is" : "are") incomplete: written in place, as far as the replay got"
        }
        return line
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func listed(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
