/// How each `SpecField` is written to and read from JSON: under its `key`, flat in the object of the
/// record that holds the spec (a run record, a baseline entry, a sweep's run). `ReplaySpec`'s and
/// `SweepRun`'s coders walk `SpecField.all`, so a field declared there is stored, and read back,
/// without a coding key of its own anywhere else.
extension SpecField {
    /// A field's JSON key.
    package struct Key: CodingKey {
        package var stringValue: String
        package var intValue: Int? { nil }
        package init(_ key: String) { stringValue = key }
        package init?(stringValue: String) { self.init(stringValue) }
        package init?(intValue: Int) { nil }
    }

    /// Which record holds the spec: the fields it stores and how.
    package enum Holder: Sendable {
        /// A run record or a baseline entry: the whole spec, the trace with what it held.
        case record
        /// A sweep's run (`SweepRun`): the point of the plan's axes, the trace as given; the plan
        /// keeps the options and workers.
        case sweepRun
    }

    /// How one field is written under its key and read back into a spec.
    package struct Coding: Sendable {
        let encode: @Sendable (ReplaySpec, inout KeyedEncodingContainer<Key>, Key) throws -> Void
        let decode: @Sendable (KeyedDecodingContainer<Key>, Key, inout ReplaySpec) throws -> Void
    }

    /// How `holder` stores the field; nil where it does not.
    package func coding(in holder: Holder) -> Coding? {
        switch holder {
        case .record: recordCoding
        case .sweepRun: sweepRunCoding
        }
    }
}

extension SpecField.Coding {
    /// Always written, and needed to read.
    static func required<Value: Codable & Sendable>(_ path: WritableKeyPath<ReplaySpec, Value> & Sendable) -> Self {
        Self(
            encode: { spec, c, key in try c.encode(spec[keyPath: path], forKey: key) },
            decode: { c, key, spec in spec[keyPath: path] = try c.decode(Value.self, forKey: key) })
    }

    /// Read as `value` when missing (a record written before the field existed); written always, or
    /// with `omitted` only when it is not `value`, so such a record writes as it did.
    static func defaulted<Value: Codable & Equatable & Sendable>(
        _ path: WritableKeyPath<ReplaySpec, Value> & Sendable, _ value: Value, omitted: Bool
    ) -> Self {
        Self(
            encode: { spec, c, key in
                if !omitted || spec[keyPath: path] != value { try c.encode(spec[keyPath: path], forKey: key) }
            },
            decode: { c, key, spec in spec[keyPath: path] = try c.decodeIfPresent(Value.self, forKey: key) ?? value })
    }

    /// Written when set; nil when missing.
    static func optional<Value: Codable & Sendable>(_ path: WritableKeyPath<ReplaySpec, Value?> & Sendable) -> Self {
        Self(
            encode: { spec, c, key in try c.encodeIfPresent(spec[keyPath: path], forKey: key) },
            decode: { c, key, spec in spec[keyPath: path] = try c.decodeIfPresent(Value.self, forKey: key) })
    }

    /// A number written when set, read only in `range` (`what` names it in the error).
    static func optional<Value: Codable & Comparable & Sendable>(
        _ path: WritableKeyPath<ReplaySpec, Value?> & Sendable, in range: ClosedRange<Value>, _ what: String
    ) -> Self {
        Self(
            encode: { spec, c, key in try c.encodeIfPresent(spec[keyPath: path], forKey: key) },
            decode: { c, key, spec in
                spec[keyPath: path] = try c.decodeIfPresent(Value.self, forKey: key, in: range, what)
            })
    }
}

extension ReplaySpec {
    /// Reads the fields `holder` stores from the keys of `decoder`'s object, over `base` (which holds
    /// what `holder` does not store).
    package static func decodeFields(
        from decoder: any Decoder, in holder: SpecField.Holder, over base: ReplaySpec
    ) throws -> ReplaySpec {
        let c = try decoder.container(keyedBy: SpecField.Key.self)
        var spec = base
        for field in SpecField.all {
            try field.coding(in: holder)?.decode(c, SpecField.Key(field.key), &spec)
        }
        return spec
    }

    /// Writes the fields `holder` stores, each under its key, beside the holder's own keys.
    package func encodeFields(to encoder: any Encoder, in holder: SpecField.Holder) throws {
        var c = encoder.container(keyedBy: SpecField.Key.self)
        for field in SpecField.all {
            try field.coding(in: holder)?.encode(self, &c, SpecField.Key(field.key))
        }
    }
}
