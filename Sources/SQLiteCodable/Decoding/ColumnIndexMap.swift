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
/// strategy, remembering the lookup made at each position of the previous row: a type
/// decodes its keys in the same order every row, so each lookup after the first row is one
/// comparison instead of a hash and a conversion. Keys of a small trivial type (the enums
/// synthesized for `Codable`) are compared by their bits and key type, without asking for
/// their `stringValue`; other keys by their string.
final class KeyLookup {
    let map: ColumnIndexMap
    let naming: ColumnNaming
    /// Converted column name → index, for a custom decoding strategy.
    private let converted: [String: Int]?

    /// The lookup made at one position of the previous row, in raw memory: no bounds or
    /// uniqueness checks on the fields' fast path.
    struct Slot {
        /// The key type's identifier when `bits` identify the key; 0 for a key compared by
        /// its string (``recentKeys``), or for a position not looked up yet.
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
    /// The lookups of the previous row by position: ``slotLimit`` of them, those past
    /// ``recentKeys``'s count empty. Its decoder reads them in place (``RowDecoder/recentInteger(_:)``).
    let slots: UnsafeMutablePointer<Slot>
    /// The key looked up at each position, compared for keys not recognized by their bits.
    @exclusivity(unchecked) private var recentKeys: [String] = []
    /// How many positions ``slots`` and ``recentKeys`` hold.
    @exclusivity(unchecked) private var slotCount = 0

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
        if let bits = KeyBits.of(key) {
            return remember(
                slot, Slot(keyType: UInt(bitPattern: ObjectIdentifier(K.self)), bits: bits, index: -1),
                key.stringValue)
        }
        let string = key.stringValue
        if slot < slotCount, slots[slot].keyType == 0, recentKeys[slot] == string { return slots[slot].index }
        return remember(slot, Slot(keyType: 0, bits: 0, index: -1), string)
    }

    /// Resolves `key` and keeps the lookup at position `slot` for the next row.
    @inline(never)
    private func remember(_ slot: Int, _ entry: Slot, _ key: String) -> Int {
        var entry = entry
        entry.index = resolve(key)
        if slot < slotCount {
            slots[slot] = entry
            recentKeys[slot] = key
        } else if slot == slotCount, slot < slotLimit {
            slots[slot] = entry
            recentKeys.append(key)
            slotCount = recentKeys.count
        }
        return entry.index
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
