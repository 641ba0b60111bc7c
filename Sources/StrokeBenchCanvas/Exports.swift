// A canvas counts the work it does: `WorkLedger.counters` is a `WorkCounters`, so a user of the
// canvas sees the counters' type with it.
@_exported import StrokeBenchUnits
