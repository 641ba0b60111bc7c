import ArgumentParser
import Foundation
import StrokeBenchMetrics
import StrokeBenchReports

extension Bench.Sweep {
    /// `bench sweep merge`: joins the parts of a sharded sweep into one sweep folder.
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Join the parts of a sweep run with --shard into one sweep folder.",
            discussion: """
                Every part must come from the same plan (the same sweep options but --shard). The merged \
                folder reads like an unsharded sweep: summary.csv in plan order, frames/ with every run. \
                Each row keeps the machine it was measured on. A run missing from every part is an error \
                unless --allow-partial; a run present in two parts always is.

                Exit status: 0 success, 64 bad usage, 65 parts that do not fit together, 74 I/O error.
                """)

        @Argument(help: "The part folders, as written by `bench sweep --shard I/N --output DIR`.")
        var parts: [String]

        @OptionGroup var destination: SweepDestination

        @Flag(help: "Write the merge even when some runs of the plan are in no part.")
        var allowPartial = false

        func validate() throws {
            guard let output = destination.output else { throw ValidationError("--output DIR is required: the folder of the merged sweep") }
            guard !parts.isEmpty else { throw ValidationError("give at least one part folder") }
            if let part = parts.first(where: { sameFile($0, output) }) {
                throw ValidationError("--output \(output) is the part \(part): the merge would write into its input; choose another folder")
            }
        }

        func run() throws {
            let output = destination.output!
            var plan: SweepPlan?
            var rows: [String: [String: String]] = [:]
            var source: [String: String] = [:]   // run id -> part folder
            for part in parts {
                let folder = SweepFolder(path: part)
                let manifest: SweepFolder.Manifest
                do {
                    guard let m = try folder.readManifest() else { throw BenchFailure.data("\(folder.manifestPath): missing; is \(part) a sweep folder?") }
                    manifest = m
                } catch let failure as BenchFailure { throw failure } catch { throw BenchFailure.data("\(error)") }
                if let plan, plan != manifest.plan {
                    throw BenchFailure.data("\(folder.manifestPath): a different plan from \(parts[0]) (strategies, devices, hz, traces, clock, delivery or repeat differ)")
                }
                plan = manifest.plan
                let partRows: [[String: String]]
                do { partRows = try folder.readSummary() } catch { throw BenchFailure.data("\(error)") }
                for row in partRows {
                    let id = row["run_id"] ?? ""
                    if let other = source[id] {
                        throw BenchFailure.data("\(folder.summaryPath): run \(id) is also in \(other); parts must be disjoint")
                    }
                    source[id] = part
                    rows[id] = row
                }
            }
            guard let plan else { return }
            let missing = plan.runs.filter { rows[$0.id] == nil }
            if !missing.isEmpty {
                let list = missing.prefix(3).map(\.id).joined(separator: ", ") + (missing.count > 3 ? ", ..." : "")
                let message = "\(missing.count) of \(plan.runs.count) planned runs are in no part (\(list))"
                guard allowPartial else { throw BenchFailure.data(message + "; pass --allow-partial to merge anyway") }
                printError("warning: " + message)
            }

            let out = SweepFolder(path: output)
            let fm = FileManager.default
            if fm.fileExists(atPath: out.summaryPath) || fm.fileExists(atPath: out.manifestPath) {
                throw BenchFailure.usage("\(output) already holds a sweep; choose another --output")
            }
            do {
                try out.create()
                for (id, row) in rows {
                    guard let relative = row["frames_csv"], !relative.isEmpty else { continue }
                    try copyAtomically(from: source[id]! + "/" + relative, to: output + "/" + relative)
                }
                try out.writeManifest(SweepFolder.Manifest(plan: plan, shard: .whole))
                try out.writeSummary(Array(rows.values))
            } catch let failure as BenchFailure {
                throw failure
            } catch {
                throw BenchFailure.io("\(output): cannot write the merged sweep (\(error.localizedDescription))")
            }
            let machines = Set(rows.values.compactMap { $0["machine"] }).sorted()
            print("merged \(rows.count) runs from \(parts.count) parts into \(output) (measured on \(machines.joined(separator: "; ")))")
        }

        /// Copies a per-frame CSV through a temporary file renamed into place, like every sweep file.
        private func copyAtomically(from: String, to: String) throws {
            guard let data = FileManager.default.contents(atPath: from) else {
                throw BenchFailure.io("\(from): cannot read the per-frame CSV the part's summary.csv names")
            }
            try AtomicFile.write(data, to: to)
        }
    }
}
