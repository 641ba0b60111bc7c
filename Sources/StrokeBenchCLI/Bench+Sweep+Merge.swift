import ArgumentParser
import Foundation
import StrokeBenchMetrics
import StrokeBenchReports
import StrokeBenchSpec

extension Bench.Sweep {
    /// `bench sweep merge`: joins the parts of a sharded sweep into one sweep folder.
    struct Merge: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "merge",
                abstract: "Join the parts of a sweep run with --shard into one sweep folder.",
                discussion: """
                    Every part must come from the same plan (the same sweep options but --shard). The merged \
                    folder reads like an unsharded sweep: summary.csv in plan order, frames/ with every run. \
                    Each row keeps the machine it was measured on. A run missing from every part is an error \
                    unless --allow-partial; a run present in two parts always is.

                    Exit status: 0 success, 64 bad usage, 65 parts that do not fit together, 74 I/O error.
                    """)
        }

        @Argument(help: "The part folders, as written by `bench sweep --shard I/N --output DIR`.")
        var parts: [String]

        @OptionGroup var destination: SweepDestination

        @Flag(help: "Write the merge even when some runs of the plan are in no part.")
        var allowPartial = false

        func validate() throws {
            guard let output = destination.output else {
                throw ValidationError("--output DIR is required: the folder of the merged sweep")
            }
            guard !parts.isEmpty else { throw ValidationError("give at least one part folder") }
            if let part = parts.first(where: { sameFile($0, output) }) {
                throw ValidationError(
                    "--output \(output) is the part \(part): the merge would write into its input; choose another folder"
                )
            }
            if let part = parts.first(where: { isInside(output, folder: $0) }) {
                throw ValidationError(
                    "--output \(output) is inside the part \(part): the merge would write into its input; choose another folder"
                )
            }
        }

        func run(with engine: EngineInputs) throws {
            let output = destination.output!
            try refuseInsideStudy(output, option: "--output")
            var plan: SweepPlan?
            var runs: [Int: SweptRun] = [:]  // by position in the plan
            var source: [Int: String] = [:]  // position in the plan -> part folder
            for part in parts {
                let folder = SweepFolder(path: part)
                let manifest: SweepFolder.Manifest
                do {
                    guard let m = try folder.readManifest() else {
                        throw BenchFailure.data("\(folder.manifestPath): missing; is \(part) a sweep folder?")
                    }
                    manifest = m
                }
                if let plan, plan != manifest.plan {
                    throw BenchFailure.data(
                        "\(folder.manifestPath): a different plan from \(parts[0]) (\(Self.differences(plan, manifest.plan)) differ)"
                    )
                }
                plan = manifest.plan
                let partRuns: [SweptRun]
                partRuns = try folder.readRuns()
                for swept in partRuns {
                    let index = swept.run.index
                    guard manifest.plan.runs.indices.contains(index), manifest.plan.runs[index] == swept.run else {
                        throw BenchFailure.data(
                            "\(folder.path)/\(SweepFolder.runFile(for: swept.run)): run \(swept.run.id) is not run \(index) of the plan in \(folder.manifestPath)"
                        )
                    }
                    if let other = source[index] {
                        throw BenchFailure.data(
                            "\(folder.path)/\(SweepFolder.runFile(for: swept.run)): run \(swept.run.id) is also in \(other); parts must be disjoint"
                        )
                    }
                    source[index] = part
                    runs[index] = swept
                }
            }
            guard let plan else { return }
            let missing = plan.runs.filter { runs[$0.index] == nil }
            if !missing.isEmpty {
                let list = missing.prefix(3).map(\.id).joined(separator: ", ") + (missing.count > 3 ? ", ..." : "")
                let message = "\(missing.count) of \(plan.runs.count) planned runs are in no part (\(list))"
                guard allowPartial else { throw BenchFailure.data(message + "; pass --allow-partial to merge anyway") }
                printError("warning: " + message)
            }

            let merged = runs.values.sorted { $0.run.index < $1.run.index }
            try writeAside(output) { aside in
                let out = SweepFolder(path: aside)
                try out.create()
                for swept in merged {
                    try copyAtomically(
                        from: source[swept.run.index]! + "/" + swept.framesCSV, to: aside + "/" + swept.framesCSV)
                    try out.writeRecord(swept)
                }
                try out.writeManifest(SweepFolder.Manifest(plan: plan, shard: .whole))
                try out.writeSummary(merged, strategies: engine.strategies)
            }
            let machines = Set(runs.values.map(\.summary.machine)).sorted()
            print(
                "merged \(runs.count) runs from \(parts.count) parts into \(output) (measured on \(machines.joined(separator: "; ")))"
            )
        }

        /// Builds the merged folder beside `output` and moves it into place only when it is whole: a
        /// merge that fails (a part's file unreadable, a full disk) leaves no folder that `compare`
        /// would take for a sweep. `output` may be missing or an empty folder, never one with files.
        private func writeAside(_ output: String, _ build: (String) throws -> Void) throws {
            let fm = FileManager.default
            var isFolder: ObjCBool = false
            if fm.fileExists(atPath: output, isDirectory: &isFolder) {
                let out = SweepFolder(path: output)
                if fm.fileExists(atPath: out.summaryPath) || fm.fileExists(atPath: out.manifestPath) {
                    throw BenchFailure.usage("\(output) already holds a sweep; choose another --output")
                }
                guard isFolder.boolValue, (try? fm.contentsOfDirectory(atPath: output))?.isEmpty == true else {
                    throw BenchFailure.usage(
                        "--output \(output) is not an empty folder; its files would mix with the merge; choose another --output"
                    )
                }
            }
            let trimmed = output.hasSuffix("/") && output.count > 1 ? String(output.dropLast()) : output
            let aside = trimmed + ".partial-\(getpid())"
            let parent = Self.parent(of: trimmed)
            // The topmost folder this merge makes: removed with the staging folder on any failure, so
            // a failed merge leaves none of the parents it created either.
            let created = Self.firstMissingFolder(of: aside)
            Interruption.shared.stage(aside, removing: created)
            defer { Interruption.shared.unstage(aside) }
            Self.removeStaleStaging(of: trimmed)
            do {
                if !parent.isEmpty { try fm.createDirectory(atPath: parent, withIntermediateDirectories: true) }
                try build(aside)
                guard rename(aside, trimmed) == 0 else {
                    throw BenchFailure.io(
                        "\(output): cannot move the merged sweep into place (\(BoundedFile.reason(errno)))")
                }
            } catch {
                try? fm.removeItem(atPath: aside)
                if created != aside { try? fm.removeItem(atPath: created) }
                if let failure = error as? BenchFailure { throw failure }
                throw BenchFailure.io("\(output): cannot write the merged sweep (\(error.localizedDescription))")
            }
        }

        /// The fields in which two plans differ, by name (`strategies and rates`): only those, never a
        /// list of every field that might.
        static func differences(_ a: SweepPlan, _ b: SweepPlan) -> String {
            let mine = Mirror(reflecting: a).children
            let theirs = Array(Mirror(reflecting: b).children)
            let names = zip(mine, theirs).compactMap { one, other -> String? in
                String(describing: one.value) == String(describing: other.value) ? nil : one.label
            }
            guard !names.isEmpty else { return "their runs" }
            return names.count == 1
                ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        }

        /// The topmost of `path` and its parent folders that does not exist yet (`path` itself when its
        /// parent exists).
        static func firstMissingFolder(of path: String) -> String {
            var top = path
            var parent = Self.parent(of: top)
            while !parent.isEmpty, parent != top, !FileManager.default.fileExists(atPath: parent) {
                top = parent
                parent = Self.parent(of: top)
            }
            return top
        }

        /// The folder part of `path` ("" for a bare name), by its last `/`: Foundation's
        /// `deletingLastPathComponent` traps on a one-character name (`--output m`).
        static func parent(of path: String) -> String {
            guard let slash = path.lastIndex(of: "/") else { return "" }
            return slash == path.startIndex ? "/" : String(path[..<slash])
        }

        /// Removes `output.partial-PID` folders beside `output` whose process is gone (killed, or a
        /// machine that restarted): a staging folder of a live merge is left alone.
        static func removeStaleStaging(of output: String) {
            let parent = Self.parent(of: output)
            let prefix = String(output.split(separator: "/").last ?? Substring(output)) + ".partial-"
            let folder = parent.isEmpty ? "." : parent
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where name.hasPrefix(prefix) {
                guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0, pid != getpid() else { continue }
                if kill(pid, 0) != 0 && errno == ESRCH {
                    try? FileManager.default.removeItem(atPath: folder + "/" + name)
                }
            }
        }

        /// Copies a per-frame CSV through a temporary file renamed into place, like every sweep file.
        private func copyAtomically(from: String, to: String) throws {
            let data: Data
            do {
                data = try BoundedFile.read(from, limit: SweepFolder.maxFramesCSVBytes, regularOnly: true)
            } catch .tooLarge(let limit) {
                throw BenchFailure.data("\(from): more than \(limit) bytes: too large for a per-frame CSV of bench")
            } catch .unreadable(let reason) {
                throw BenchFailure.io("\(from): cannot read the per-frame CSV of its run record (\(reason))")
            }
            try AtomicFile.write(data, to: to)
        }
    }
}
