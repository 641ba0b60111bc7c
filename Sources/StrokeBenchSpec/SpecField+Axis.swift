/// How a sweep takes a field as an axis (`bench sweep --predict none,kalman`): the key of its list in
/// sweep.json, what a sweep runs when it names no value, and how the list is written and read.
/// `SweepPlan` holds one `SweepAxis` per field declared with an axis and names no field itself, so a
/// field declared with one is swept, stored in sweep.json and expanded into runs with no other change.
extension SpecField {
    /// How one field is swept.
    package struct Axis: Sendable {
        /// The key of its list in sweep.json; nil for the field's own `key`.
        let listKey: String?
        /// Where the field is in a spec: what a typed list of values is checked against.
        let path: PartialKeyPath<ReplaySpec> & Sendable
        /// What a sweep runs when it names no value: the field's default.
        let resting: [ReplaySpec]
        /// Sets the field of the second spec to the first's.
        let copy: @Sendable (ReplaySpec, inout ReplaySpec) -> Void
        /// Writes a list of values (each held in a spec) under the key.
        let encode: @Sendable ([ReplaySpec], inout KeyedEncodingContainer<Key>, Key) throws -> Void
        /// Reads the list under the key.
        let decode: @Sendable (KeyedDecodingContainer<Key>, Key) throws -> [ReplaySpec]
    }

    /// The fields a sweep can vary, in the order a plan nests them, outermost first: the order sweeps
    /// always had (each trace a complete pass of every device, rate and mode), any field declared with an
    /// axis later next, the strategy innermost, so that a run's neighbours differ in strategy alone.
    package static let swept: [SpecField] = {
        let first = [trace, device, hz, clock, delivery, costs, input, presentQueueDepth, predict, touchRate, wetInk]
        let later = all.filter { field in
            field.axis != nil && field.key != strategy.key && !first.contains { $0.key == field.key }
        }
        return first + later + [strategy]
    }()

    /// The key of the field's list in sweep.json.
    package var listKey: String { axis?.listKey ?? key }
}

extension SpecField.Axis {
    /// The spec an axis holds each of its values in, in the value's field: the point a plan's runs start
    /// from, so a field no axis sets has the spec's default (the plan adds its options and workers).
    package static let blank = ReplaySpec(strategy: "")

    /// `values` held one by one in the field at `path` of `blank`.
    static func held<Value>(_ values: [Value], at path: WritableKeyPath<ReplaySpec, Value>) -> [ReplaySpec] {
        values.map { value in
            var spec = blank
            spec[keyPath: path] = value
            return spec
        }
    }

    private init<Value>(
        _ path: WritableKeyPath<ReplaySpec, Value> & Sendable, listKey: String?, resting: [Value],
        encode:
            @escaping @Sendable ([Value], inout KeyedEncodingContainer<SpecField.Key>, SpecField.Key) throws -> Void,
        decode: @escaping @Sendable (KeyedDecodingContainer<SpecField.Key>, SpecField.Key) throws -> [Value]
    ) {
        self.init(
            listKey: listKey, path: path, resting: Self.held(resting, at: path),
            copy: { from, to in to[keyPath: path] = from[keyPath: path] },
            encode: { specs, c, key in try encode(specs.map { $0[keyPath: path] }, &c, key) },
            decode: { c, key in Self.held(try decode(c, key), at: path) })
    }

    /// Names (strategies, devices, traces): a list always written, as `written` gives each value, and
    /// needed to read a plan.
    static func names<Value: Sendable, Written: Codable>(
        _ path: WritableKeyPath<ReplaySpec, Value> & Sendable, listKey: String, resting: [Value],
        written: @escaping @Sendable (Value) -> Written, read: @escaping @Sendable (Written) -> Value
    ) -> Self {
        Self(
            path, listKey: listKey, resting: resting,
            encode: { values, c, key in try c.encode(values.map(written), forKey: key) },
            decode: { c, key in try c.decode([Written].self, forKey: key).map(read) })
    }

    /// Modes (clock, costs, the what-ifs): a list, or one value as an older writer wrote it, never
    /// empty. A plan without the key reads `resting` if `missingReadsResting` (an axis newer than the
    /// plan), else none, which is refused; `omittedAtResting` leaves the key out there, so a plan that
    /// does not sweep the field writes as plans did before it was an axis.
    static func modes<Value: Codable & Equatable & Sendable>(
        _ path: WritableKeyPath<ReplaySpec, Value> & Sendable, resting: Value, missingReadsResting: Bool,
        omittedAtResting: Bool
    ) -> Self {
        Self(
            path, listKey: nil, resting: [resting],
            encode: { values, c, key in
                if !omittedAtResting || values != [resting] { try c.encode(values, forKey: key) }
            },
            decode: { c, key in
                let values = try c.decodeAxis(Value.self, forKey: key) ?? (missingReadsResting ? [resting] : [])
                guard !values.isEmpty else {
                    throw DecodingError.dataCorrupted(
                        .init(codingPath: c.codingPath, debugDescription: "an axis has no values"))
                }
                return values
            })
    }

    /// Optional values (a refresh rate, a touch rate), nil for the device's own and written as no
    /// value: an empty list is `[nil]`. `needed`: always written and needed to read; otherwise left
    /// out at `[nil]` and read so when missing. `problem` says what a value read should have been.
    static func optionals<Wrapped: Codable & Equatable & Sendable>(
        _ path: WritableKeyPath<ReplaySpec, Wrapped?> & Sendable, needed: Bool,
        problem: @escaping @Sendable (Wrapped) -> String? = { _ in nil }
    ) -> Self {
        Self(
            path, listKey: nil, resting: [nil],
            encode: { values, c, key in
                // The device's own is the empty list: it has no place in a list of others.
                guard values.count == 1 || !values.contains(nil) else {
                    throw EncodingError.invalidValue(
                        values,
                        .init(codingPath: c.codingPath + [key], debugDescription: "the device's own among others"))
                }
                if needed || values != [nil] { try c.encode(values.compactMap { $0 }, forKey: key) }
            },
            decode: { c, key in
                let list =
                    needed
                    ? try c.decode([Wrapped].self, forKey: key)
                    : try c.decodeIfPresent([Wrapped].self, forKey: key) ?? []
                if let value = list.first(where: { problem($0) != nil }) {
                    throw c.outOfRange(value, key, problem(value)!)
                }
                return list.isEmpty ? [nil] : list
            })
    }
}

/// One axis of a sweep: a field a sweep can vary and the values it takes, in order.
package struct SweepAxis: Hashable, Sendable, CustomStringConvertible {
    /// The field; it has an axis (`SpecField.Axis`).
    package let field: SpecField
    /// Each value, held in the field of a spec whose other fields are never read.
    package let values: [ReplaySpec]

    private var axis: SpecField.Axis { field.axis! }

    /// The values a sweep runs when it names none: the field's default.
    package init(resting field: SpecField) {
        precondition(field.axis != nil, "\(field) is not a field a sweep varies")
        self.init(field: field, values: field.axis!.resting)
    }

    /// `values` of `field`, whose value is a `Value`: a field without an axis, or of another type, is
    /// a mistake in the calling code, not in anything read.
    package init<Value>(_ field: SpecField, _ values: [Value]) {
        guard let path = field.axis?.path as? WritableKeyPath<ReplaySpec, Value> else {
            preconditionFailure("\(field) is not swept over values of \(Value.self)")
        }
        self.init(field: field, values: SpecField.Axis.held(values, at: path))
    }

    /// The values `field` has in each of `specs`, in order.
    package init(_ field: SpecField, from specs: [ReplaySpec]) {
        precondition(field.axis != nil, "\(field) is not a field a sweep varies")
        self.init(
            field: field,
            values: specs.map { spec in
                var value = SpecField.Axis.blank
                field.axis!.copy(spec, &value)
                return value
            })
    }

    private init(field: SpecField, values: [ReplaySpec]) {
        self.field = field
        self.values = values
    }

    /// The values as the field holds them.
    package func typed<Value>(_ type: Value.Type) -> [Value] {
        guard let path = axis.path as? KeyPath<ReplaySpec, Value> else {
            preconditionFailure("\(field) does not hold values of \(Value.self)")
        }
        return values.map { $0[keyPath: path] }
    }

    /// `spec` with the field set to `value` (one of `values`).
    package func applying(_ value: ReplaySpec, to spec: ReplaySpec) -> ReplaySpec {
        var spec = spec
        axis.copy(value, &spec)
        return spec
    }

    /// Writes the values under the field's list key.
    package func encode(to c: inout KeyedEncodingContainer<SpecField.Key>) throws {
        try axis.encode(values, &c, SpecField.Key(field.listKey))
    }

    /// Reads `field`'s values from its list key.
    package init(_ field: SpecField, from c: KeyedDecodingContainer<SpecField.Key>) throws {
        self.init(field: field, values: try field.axis!.decode(c, SpecField.Key(field.listKey)))
    }

    package static func == (a: Self, b: Self) -> Bool { a.field.key == b.field.key && a.values == b.values }
    package func hash(into hasher: inout Hasher) {
        hasher.combine(field.key)
        hasher.combine(values)
    }

    package var description: String { "\(field.listKey): \(values.count) value(s)" }
}

extension KeyedDecodingContainer {
    /// An axis written as a list (`["zero", "model"]`) or, by an older writer, as one value (`"zero"`).
    func decodeAxis<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> [T]? {
        guard contains(key) else { return nil }
        if let list = try? decode([T].self, forKey: key) { return list }
        return [try decode(T.self, forKey: key)]
    }
}
