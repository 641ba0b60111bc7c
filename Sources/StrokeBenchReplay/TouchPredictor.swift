import StrokeBenchCanvas
import StrokeBenchSpec

/// Predicts where the pen will be a little after its latest sample, from the samples of the stroke so
/// far: what UIKit's `predictedTouches(for:)` hands an app. Ours, written from the published designs
/// (docs/latency.md), deterministic: no randomness, the same points on every machine.
protocol TouchPredictor {
    /// Takes the stroke's next sample (device pixels, seconds).
    mutating func add(_ point: Point, at time: Double)
    /// Where the pen will be `ahead` seconds after the latest sample; nil before there is enough to say.
    func predict(ahead: Double) -> Point?
}

extension Prediction {
    /// A fresh predictor of this kind for a new stroke; nil for `none`.
    func makePredictor() -> (any TouchPredictor)? {
        switch self {
        case .none: nil
        case .linear: LinearPredictor()
        case .kalman: KalmanPredictor()
        }
    }
}

/// The pen's latest velocity carried forward: the two latest samples' difference over their interval.
struct LinearPredictor: TouchPredictor {
    private var latest: (point: Point, time: Double)?
    private var previous: (point: Point, time: Double)?

    mutating func add(_ point: Point, at time: Double) {
        if let latest, time > latest.time { previous = latest }
        latest = (point, time)
    }

    func predict(ahead: Double) -> Point? {
        guard let latest, let previous, latest.time > previous.time else { return nil }
        let scale = ahead / (latest.time - previous.time)
        return Point(
            x: latest.point.x + (latest.point.x - previous.point.x) * scale,
            y: latest.point.y + (latest.point.y - previous.point.y) * scale)
    }
}

/// A constant-acceleration Kalman filter per axis (position, velocity, acceleration), driven by white
/// jerk: the model androidx.input's `KalmanPredictor` keeps for each pointer. Each sample updates the
/// filter over the time since the last; the prediction carries position, velocity and acceleration
/// `ahead` seconds forward.
struct KalmanPredictor: TouchPredictor {
    /// The jerk's spread, px/s³: a hand's acceleration changes by about 4,000 px/s² between 240 Hz
    /// samples (handwriting at the $1 logs' median speed turns in about 50 ms).
    static let jerkSigma = 1e6
    /// The digitizer's position noise, px (a standard deviation of about half a point at 2x).
    static let measurementSigma = 1.0

    private var x = AxisFilter(), y = AxisFilter()
    private var lastTime: Double?

    mutating func add(_ point: Point, at time: Double) {
        guard let lastTime else {
            x.start(at: point.x)
            y.start(at: point.y)
            self.lastTime = time
            return
        }
        let dt = time - lastTime
        guard dt > 0 else { return }
        x.update(point.x, after: dt)
        y.update(point.y, after: dt)
        self.lastTime = time
    }

    func predict(ahead: Double) -> Point? {
        guard x.updates >= 2 else { return nil }
        return Point(x: x.position(after: ahead), y: y.position(after: ahead))
    }

    /// One axis: state (p, v, a) and its 3 x 3 covariance.
    struct AxisFilter {
        var state = [0.0, 0, 0]
        var covariance: [[Double]] = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
        var updates = 0

        mutating func start(at position: Double) {
            state = [position, 0, 0]
            // Position as measured; velocity and acceleration unknown (spreads far beyond a hand's).
            covariance = [
                [KalmanPredictor.measurementSigma * KalmanPredictor.measurementSigma, 0, 0], [0, 1e8, 0], [0, 0, 1e12],
            ]
        }

        mutating func update(_ measured: Double, after dt: Double) {
            // Predict: x' = F x, P' = F P Fᵀ + Q, with Q = σj² g gᵀ, g = (dt³/6, dt²/2, dt).
            let f = [[1, dt, dt * dt / 2], [0, 1, dt], [0, 0, 1]]
            let g = [dt * dt * dt / 6, dt * dt / 2, dt]
            let q = KalmanPredictor.jerkSigma * KalmanPredictor.jerkSigma
            state = (0..<3).map { i in (0..<3).reduce(0) { $0 + f[i][$1] * state[$1] } }
            let fp = (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + f[i][$1] * covariance[$1][j] } } }
            covariance = (0..<3).map { i in
                (0..<3).map { j in (0..<3).reduce(0) { $0 + fp[i][$1] * f[j][$1] } + q * g[i] * g[j] }
            }
            // Update with the measured position: H = (1, 0, 0).
            let r = KalmanPredictor.measurementSigma * KalmanPredictor.measurementSigma
            let s = covariance[0][0] + r
            let gain = (0..<3).map { covariance[$0][0] / s }
            let innovation = measured - state[0]
            state = (0..<3).map { state[$0] + gain[$0] * innovation }
            let row = covariance[0]
            covariance = (0..<3).map { i in (0..<3).map { j in covariance[i][j] - gain[i] * row[j] } }
            updates += 1
        }

        func position(after h: Double) -> Double { state[0] + state[1] * h + state[2] * h * h / 2 }
    }
}
