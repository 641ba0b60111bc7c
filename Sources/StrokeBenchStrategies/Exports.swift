// The built-in strategies are written against the public strategy API alone, as a user's are.
@_exported import StrokeBench
