import Foundation
import GRDB

/// The results history: one SQLite file (WAL, so that two CI jobs can add at once), its schema
/// versioned by GRDB's `DatabaseMigrator`.
///
/// Each `add` is one transaction: a reader, or a later `show`, sees all of an add or none of it, even
/// when the process was killed halfway. Thread safety: one store per thread; several processes may
/// share the file.
package final class HistoryStore {
    /// The file.
    package let path: String
    private let pool: DatabasePool

    /// `PRAGMA application_id` of a bench history ("SBHI"): a SQLite file of anyone else's is refused
    /// rather than given bench's tables.
    static let applicationID: Int32 = 0x5342_4849

    /// Opens the history at `path`, creating it when `create` is true and it does not exist.
    ///
    /// - Throws: `HistoryError.noInput` for a missing file when `create` is false; `.data` for a file
    ///   that is not a SQLite database, is another program's, or was migrated by a newer bench;
    ///   `.io` when it cannot be opened or written.
    package init(path: String, create: Bool) throws(HistoryError) {
        self.path = path
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists && !create { throw .noInput(path) }
        var configuration = Configuration()
        // Another job's add holds the write lock for milliseconds; wait for it rather than fail.
        configuration.busyMode = .timeout(30)
        configuration.readonly = !create
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try Self.checkOwner(pool, path: path)
            if create {
                // Claimed before the migrations, which GRDB starts by creating its own table outside
                // their transaction: another process opening the file then must see it is bench's.
                try pool.writeWithoutTransaction {
                    try $0.execute(sql: "PRAGMA application_id = \(Self.applicationID)")
                }
                try Self.migrate(pool)
            } else {
                try Self.checkSchema(pool, path: path)
            }
        } catch let error as HistoryError {
            throw error
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// The schema's migrations, in order. Add one for every change; never edit one that shipped.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: runs and figures") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.create(table: "run") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("commit_id", .text).notNull()
                t.column("branch", .text)
                t.column("date", .text).notNull()
                t.column("machine", .text).notNull()
                t.column("source", .text).notNull()
            }
            try db.create(table: "figure") { t in
                t.column("run", .integer).notNull().references("run", onDelete: .cascade)
                t.column("configuration", .text).notNull()
                t.column("metric", .text).notNull()
                t.column("unit", .text).notNull()
                t.column("value", .double).notNull()
                t.column("exact", .boolean).notNull()
            }
            try db.create(index: "figure_series", on: "figure", columns: ["configuration", "metric"])
        }
        return migrator
    }

    private static func migrate(_ pool: DatabasePool) throws {
        // Two processes that open a new file at once may both find v1 unapplied; the second's
        // migration then fails on the first's tables. Once the first has committed there is nothing
        // left to apply, so one more try settles it.
        for attempt in 1...3 {
            do {
                if try pool.read({ try migrator.hasBeenSuperseded($0) }) {
                    throw HistoryError.data(pool.path, newerSchema)
                }
                try migrator.migrate(pool)
                return
            } catch let error as DatabaseError
                where attempt < 3 && (error.resultCode == .SQLITE_CONSTRAINT || error.resultCode == .SQLITE_ERROR)
            {
                Thread.sleep(forTimeInterval: 0.05 * Double(attempt))
            }
        }
    }

    private static let newerSchema =
        "a newer bench wrote this history (its schema has migrations this bench does not know)"

    /// A file with tables but not bench's application id is someone else's database.
    private static func checkOwner(_ pool: DatabasePool, path: String) throws {
        let (id, tables) = try pool.read { db in
            (
                try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
            )
        }
        if id != applicationID && (id != 0 || tables > 0) {
            throw HistoryError.data(path, "a SQLite database, but not a bench history (application_id \(id))")
        }
    }

    /// For a read: every migration applied, none unknown.
    private static func checkSchema(_ pool: DatabasePool, path: String) throws {
        try pool.read { db in
            if try migrator.hasBeenSuperseded(db) { throw HistoryError.data(path, newerSchema) }
            if try !migrator.hasCompletedMigrations(db) {
                throw HistoryError.data(path, "an empty or older history: add to it with bench history add first")
            }
        }
    }

    /// A SQLite error as a history error: the file's fault (65) or the disk's (74).
    static func failure(_ error: any Error, path: String) -> HistoryError {
        guard let error = error as? DatabaseError else { return .io(path, "\(error)") }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_FORMAT:
            return .data(path, "not a bench history: SQLite says \(error.message ?? "the file is not a database")")
        case .SQLITE_CANTOPEN where !FileManager.default.fileExists(atPath: path):
            return .noInput(path)
        default:
            return .io(path, "SQLite error \(error.resultCode.rawValue): \(error.message ?? "unknown")")
        }
    }

    /// Stores `figures` as one run, in one transaction.
    /// - Returns: the run's id, in the order of adding.
    @discardableResult
    package func add(_ run: HistoryRun, figures: [HistoryFigure]) throws(HistoryError) -> Int64 {
        do {
            return try pool.write { db in
                try db.execute(
                    sql: "INSERT INTO run (commit_id, branch, date, machine, source) VALUES (?, ?, ?, ?, ?)",
                    arguments: [run.commit, run.branch, run.date, run.machine, run.source.rawValue])
                let id = db.lastInsertedRowID
                let insert = try db.makeStatement(
                    sql: "INSERT INTO figure (run, configuration, metric, unit, value, exact) VALUES (?, ?, ?, ?, ?, ?)"
                )
                for f in figures {
                    try insert.execute(arguments: [id, f.configuration, f.metric, f.unit, f.value, f.exact])
                }
                return id
            }
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// The stored points, oldest first (by date, then by the order of adding), optionally of one
    /// configuration and one metric.
    package func points(configuration: String? = nil, metric: String? = nil) throws(HistoryError) -> [HistoryPoint] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let configuration {
            conditions.append("f.configuration = ?")
            arguments += [configuration]
        }
        if let metric {
            conditions.append("f.metric = ?")
            arguments += [metric]
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let sql = """
            SELECT r.id, r.commit_id, r.branch, r.date, r.machine, f.configuration, f.metric, f.unit, f.value, f.exact
            FROM figure f JOIN run r ON r.id = f.run \(filter)
            ORDER BY f.configuration, f.metric, r.date, r.id, f.rowid
            """
        do {
            return try pool.read { db in
                try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                    HistoryPoint(
                        run: row[0], commit: row[1], branch: row[2], date: row[3], machine: row[4],
                        configuration: row[5], metric: row[6], unit: row[7], value: row[8], exact: row[9])
                }
            }
        } catch {
            throw Self.failure(error, path: path)
        }
    }
}
