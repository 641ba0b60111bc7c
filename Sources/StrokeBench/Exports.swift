// The strategy API is one import, and only that: `import StrokeBench` gives the protocol and what a
// strategy touches (the drawing context, bitmaps, geometry and the ledger they count into, from
// StrokeBenchCanvas; the options a strategy declares, from StrokeBenchSpec), named one by one so that
// the engine's own types (`ReplaySpec`, `Compositor`, `PictureDifference`, ...) stay out of an author's
// namespace. `PublicSymbolsTests` pins the list.
@_exported import enum StrokeBenchCanvas.CanvasError
@_exported import struct StrokeBenchCanvas.Color
@_exported import class StrokeBenchCanvas.Context
@_exported import struct StrokeBenchCanvas.ImageRenderer
@_exported import enum StrokeBenchCanvas.LineCap
@_exported import enum StrokeBenchCanvas.PixelFormat
@_exported import struct StrokeBenchCanvas.PixelRect
@_exported import struct StrokeBenchCanvas.Point
@_exported import struct StrokeBenchCanvas.Polyline
@_exported import struct StrokeBenchCanvas.StrokeStyle
@_exported import class StrokeBenchCanvas.Surface
@_exported import class StrokeBenchCanvas.WorkLedger
@_exported import struct StrokeBenchSpec.StrategyOption
@_exported import struct StrokeBenchSpec.StrategyOptionError
@_exported import enum StrokeBenchSpec.StrategyOptionValue
@_exported import struct StrokeBenchSpec.StrategySettings
