import StrokeBenchMetrics

/// The budgets a baseline checks, each with its limit.
///
/// In the file, an object keyed by each budget's key: a number (an absolute limit), `"+10%"` (relative
/// to the baseline), or null for off. The three defaults are always written, null when off, so the file
/// shows what is not checked; deleting one is an error rather than a budget silently turned off. A key
/// the reader does not know is an error, not something to skip: a budget silently ignored is a check
/// that never fails. Baselines written before budgets could name any metric hold just the defaults'
/// keys with numbers or null, which read the same.
package struct Budgets: Hashable, Sendable, Codable {
    /// The budgets that are on, with their limits.
    package var limits: [Budget: BudgetLimit]

    /// Every default budget at its default limit.
    package static let defaults = Budgets(
        limits: Dictionary(uniqueKeysWithValues: Budget.defaults.map { ($0.budget, .absolute($0.limit)) }))
    /// No budgets.
    package static let none = Budgets(limits: [:])

    /// Creates a set of budgets from limits (budgets absent are off).
    package init(limits: [Budget: BudgetLimit]) { self.limits = limits }

    /// The budgets that are on, in the order a report lists them: the defaults first, then by key.
    package var active: [(budget: Budget, limit: BudgetLimit)] {
        let defaults = Budget.defaults.compactMap { d in limits[d.budget].map { (d.budget, $0) } }
        let others = limits.filter { !$0.key.isDefault }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return defaults + others
    }

    /// Applies `NAME=LIMIT` or `NAME=off` settings, as typed after `--budget`, on top of these budgets.
    /// LIMIT is a number in the metric's unit (`ink_updates_per_s@p50=100`) or a percentage the figure
    /// may worsen by against the baseline (`main_ms_p95@p50=+10%`).
    ///
    /// - Throws: `BudgetSettingError` naming the setting and what is wrong with it.
    package func applying(_ settings: [String]) throws(BudgetSettingError) -> Budgets {
        var result = self
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw BudgetSettingError(
                    setting: setting,
                    reason: "expected NAME=LIMIT or NAME=off, with NAME a summary.csv "
                        + "column, optionally @pN over the runs, or one of "
                        + Budget.defaults.compactMap(\.budget.shortName).joined(separator: ", "))
            }
            let budget: Budget
            do { budget = try Budget(name: parts[0]) } catch {
                throw BudgetSettingError(setting: setting, reason: error.reason)
            }
            if parts[1] == "off" {
                result.limits[budget] = nil
            } else if let limit = BudgetLimit(parts[1]) {
                result.limits[budget] = limit
            } else {
                throw BudgetSettingError(
                    setting: setting, reason: "the limit must be a number, a percentage such as +10%, or 'off'")
            }
        }
        return result
    }

    /// Reads the object form (see the type's documentation).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MetricKey.self)
        var limits: [Budget: BudgetLimit] = [:]
        for key in container.allKeys {
            let budget: Budget
            do { budget = try Budget(name: key.stringValue) } catch {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "unknown budget '\(key.stringValue)'")
            }
            guard budget.key == key.stringValue else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "unknown budget '\(key.stringValue)'")
            }
            if try container.decodeNil(forKey: key) { continue }
            if let number = try? container.decode(Double.self, forKey: key) {
                limits[budget] = .absolute(number)
            } else if let text = try? container.decode(String.self, forKey: key), text.hasSuffix("%"),
                let limit = BudgetLimit(text)
            {
                limits[budget] = limit
            } else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "a limit is a number, a percentage such as \"+10%\", or null for off")
            }
        }
        for (budget, _) in Budget.defaults where !container.contains(MetricKey(stringValue: budget.key)) {
            throw DecodingError.dataCorruptedError(
                forKey: MetricKey(stringValue: budget.key), in: container,
                debugDescription: "missing; every budget is written, with a limit or null for off")
        }
        self.limits = limits
    }

    /// Writes the defaults (null for those that are off) and every budget that is on.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MetricKey.self)
        for (budget, _) in Budget.defaults where limits[budget] == nil {
            try container.encodeNil(forKey: MetricKey(stringValue: budget.key))
        }
        for (budget, limit) in limits {
            let key = MetricKey(stringValue: budget.key)
            switch limit {
            case .absolute(let value): try container.encode(value, forKey: key)
            case .relative: try container.encode(limit.description, forKey: key)
            }
        }
    }
}
