import Foundation

/// The result columns of a statement by name: built once per prepared statement (or once per
/// table of a join, over its range of columns) and shared by every row it produces.
final class ColumnIndexMap: Sendable {
    /// The column names in the range, in order.
    let names: [String]
    /// Name → absolute column index; the first of duplicate names wins.
    let indices: [String: Int]
    /// The absolute index of the first column of the range.
    let base: Int

    init(names: [String], base: Int = 0) {
        self.names = names
        self.base = base
        var indices: [String: Int] = [:]
        indices.reserveCapacity(names.count)
        for (offset, name) in names.enumerated() where indices[name] == nil {
            indices[name] = base + offset
        }
        self.indices = indices
    }
}

/// Finds the column of each coding key through a ``ColumnIndexMap`` for one type and key
/// strategy. Keys of a small trivial type (the enums synthesized for `Codable`) are also
/// remembered by position, type and bits: a type decodes its keys in the same order every row,
/// so each such lookup after the first row is a comparison of two words instead of a hash and
/// a conversion. Other keys are looked up by their string each time.
final class KeyLookup {
    let map: ColumnIndexMap
    let naming: ColumnNaming
    /// Converted column name → index, for a custom decoding strategy.
    private let converted: [String: Int]?

    /// The lookup made at one position of the previous row, in raw memory: no bounds or
    /// uniqueness checks on the fields' fast path.
    struct Slot {
        /// The identifier of the key type whose key `bits` are; 0 for a position not
        /// looked up yet by such a key.
        var keyType: UInt
        var bits: UInt64
        /// The column index; -1 for a key without a column.
        var index: Int

        static var empty: Slot { Slot(keyType: 0, bits: 0, index: -1) }
    }

    /// How many positions a row's lookups are remembered for: the columns and a few more (keys
    /// without a column), at most 256. Lookups past them take the general path.
    let slotLimit: Int

    // Hot paths, touched by one thread at a time (a statement is used while checked out):
    // no dynamic exclusivity checks.
    /// The lookups of the previous rows by position (``slotLimit`` of them, empty until a key
    /// recognized by its bits is looked up there). Its decoder reads them in place
    /// (``RowDecoder/recentInteger(_:)``).
    let slots: UnsafeMutablePointer<Slot>

    deinit {
        slots.deallocate()
    }

    init(map: ColumnIndexMap, naming: ColumnNaming) {
        self.map = map
        self.naming = naming
        slotLimit = Swift.min(map.names.count + 16, 256)
        slots = .allocate(capacity: slotLimit)
        slots.initialize(repeating: .empty, count: slotLimit)
        if naming.convertsColumns {
            var converted: [String: Int] = [:]
            for (offset, name) in map.names.enumerated() {
                let key = naming.key(forColumn: name)
                if converted[key] == nil { converted[key] = map.base + offset }
            }
            self.converted = converted
        } else {
            converted = nil
        }
    }

    // Measured: without the decoding side's @inline(__always), fetch-record codable 2.20 -> 3.86 x raw C, decode-row 2.29 -> 3.95, point-lookup record 2.13 -> 2.95 (callgrind --quick).
    /// The slot of `key` at `position` when `key` is the key of the same type and bits that
    /// the previous row looked up there (a few loads and comparisons), else nil. Does not
    /// count the position.
    @inline(__always)
    static func recentSlot<K: CodingKey>(
        for key: K, in slots: UnsafeMutablePointer<Slot>, limit: Int, at position: Int
    ) -> Slot? {
        guard position < limit else { return nil }
        let entry = slots[position]
        // A slot holding this key type was filled by a key that `KeyBits.of` read.
        guard entry.keyType == UInt(bitPattern: ObjectIdentifier(K.self)), entry.bits == KeyBits.ofKnown(key) else {
            return nil
        }
        return entry
    }

    /// The absolute column index for `key`, the key looked up at `position` of the row, or -1
    /// when the result has no such column. Counts the position.
    @inline(__always)
    func index<K: CodingKey>(for key: K, at position: inout Int) -> Int {
        let slot = position
        position = slot &+ 1
        if let entry = KeyLookup.recentSlot(for: key, in: slots, limit: slotLimit, at: slot) { return entry.index }
        return remember(key, at: slot)
    }

    /// Resolves `key` and, when its bits identify it, keeps the lookup at position `slot` for
    /// the next row.
    @inline(never)
    private func remember<K: CodingKey>(_ key: K, at slot: Int) -> Int {
        let index = resolve(key.stringValue)
        if slot < slotLimit, let bits = KeyBits.of(key) {
            slots[slot] = Slot(keyType: UInt(bitPattern: ObjectIdentifier(K.self)), bits: bits, index: index)
        }
        return index
    }

    private func resolve(_ key: String) -> Int {
        if let converted { return converted[key] ?? -1 }
        for column in naming.decodedColumns(forKey: key) {
            if let index = map.indices[column] { return index }
        }
        return -1
    }

    /// The column name `key` is read from, for error messages.
    func columnName(for key: String) -> String {
        let index = resolve(key)
        if index >= 0 { return map.names[index - map.base] }
        return naming.decodedColumns(forKey: key).first ?? key
    }

    /// The keys the columns hold, for `allKeys`.
    var keys: [String] {
        map.names.map { naming.key(forColumn: $0) }
    }
}
