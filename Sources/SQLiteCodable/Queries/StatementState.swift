import Foundation

/// What this tier keeps with a prepared statement (its place in the statement's tier store):
/// the column maps, and the decoders kept for the next run (records', and those with the
/// default options), so a statement run again decodes with no setup at all. Touched only while
/// the statement is checked out, with the connection's lock held, or by the code iterating it.
/// It describes one generation of the statement's columns: Core empties the store when SQLite
/// re-prepares the statement with other columns, and the next run makes a new state.
final class StatementState {
    private var maps: [(range: Range<Int>, map: ColumnIndexMap)] = []
    /// The kept decoders, searched in order: a statement serves one or two types.
    private var decoders: [(key: DecoderKey, decoder: RowDecoder)] = []
    /// How many rows the statement's last ``Connection/decodeRows(_:_:limit:decoder:)`` decoded: the
    /// capacity the next one starts with, so the rows of a query run again decode straight into
    /// an array of the right size.
    var rowCountHint = 0

    /// A decoder's type and columns (`count` -1 for all of them), and whether it decodes a
    /// record (with the record's options) or with the default options.
    struct DecoderKey: Equatable {
        let type: ObjectIdentifier
        let base: Int
        let count: Int
        let isRecord: Bool
    }

    /// The state of `statement` for its current columns, made on first use. Call it after the
    /// first step of a run, in which SQLite re-prepares a statement whose schema changed.
    static func of(_ statement: Statement) -> StatementState {
        if let state = statement.tierObject(.codable) as? StatementState { return state }
        let state = StatementState()
        statement.setTierObject(state, for: .codable)
        return state
    }

    /// The map of columns `range` (all columns when nil).
    func map(for statement: Statement, range: Range<Int>? = nil) -> ColumnIndexMap {
        let range = range ?? 0..<statement.columnCount
        for entry in maps where entry.range == range { return entry.map }
        let names = statement.columnNames
        let bounded = range.clamped(to: 0..<names.count)
        let map = ColumnIndexMap(names: Array(names[bounded]), base: bounded.lowerBound)
        maps.append((range, map))
        return map
    }

    /// A decoder for `type` over `range`: kept for the next run and row when `record` (a
    /// record's options never change) or when `options` decode as the defaults with no
    /// `userInfo` (so ``Row/decode(userInfo:options:)`` over a typed query sets up once per
    /// run, not once per row); else made fresh.
    func decoder<T>(
        for type: T.Type, statement: Statement, range: Range<Int>? = nil, naming: ColumnNaming, options: CodingOptions,
        userInfo: [CodingUserInfoKey: Any], record: Bool
    ) -> RowDecoder {
        let key = DecoderKey(
            type: ObjectIdentifier(type), base: range?.lowerBound ?? 0, count: range?.count ?? -1, isRecord: record)
        let cached = record || (userInfo.isEmpty && options.decodesAsDefaults && naming.mapping.isEmpty)
        if cached { for entry in decoders where entry.key == key { return entry.decoder } }
        let lookup = KeyLookup(map: map(for: statement, range: range), naming: naming)
        let decoder = RowDecoder(
            reader: ColumnReader(source: .statement(statement.handle)), lookup: lookup, options: options,
            rowType: T.self, userInfo: userInfo)
        if cached { decoders.append((key, decoder)) }
        return decoder
    }
}
