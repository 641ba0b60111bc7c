// The strategy API is one import: `import StrokeBench` gives the drawing context and bitmaps
// (StrokeBenchCanvas) and the options a strategy declares (StrokeBenchSpec) with the protocol itself.
@_exported import StrokeBenchCanvas
@_exported import StrokeBenchSpec
