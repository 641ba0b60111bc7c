extension TraceGenerator.Digitizer {
    /// The digitizer (touch or pen sampling) rates that generating and resampling accept, in Hz.
    ///
    /// 30 Hz is well below the slowest input recorded here (the $1 logs' Tablet PC stylus and
    /// Omniglot's browser pointer events, about 70 Hz) and half the 60 Hz touch sampling of the
    /// oldest device StrokeBench models (iPhone 6s). 1000 Hz is four times Apple Pencil's 240 Hz and
    /// above the touch sampling rates gaming phones advertise (several hundred Hz). Beyond it a
    /// resampled trace only grows; near zero a stroke would keep little more than its two ends.
    /// Errors say the bounds in `RateBounds`' words.
    package static let rates: ClosedRange<Double> = 30...1000
}
