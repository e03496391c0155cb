import Foundation

/// The columns and values of the row a ``RowEncoder`` encodes, in encoding order: each key's
/// column named through the options' key strategy (and a record's column mapping).
final class EncodedRow {
    let userInfo: [CodingUserInfoKey: Any]
    let options: CodingOptions
    let naming: ColumnNaming
    let rowType: String
    /// Whether a `nil` passed to `encodeIfPresent` leaves the column out (SQLite.swift's
    /// insert) instead of storing NULL.
    let omitsNil: Bool

    /// The encoded columns and their values, in encoding order.
    private(set) var columns: [String] = []
    private(set) var values: [SQLValue] = []

    init(
        options: CodingOptions, naming: ColumnNaming, rowType: String, userInfo: [CodingUserInfoKey: Any],
        omitsNil: Bool
    ) {
        self.options = options
        self.naming = naming
        self.rowType = rowType
        self.userInfo = userInfo
        self.omitsNil = omitsNil
    }

    /// Appends the value of `key`.
    func append(_ value: SQLValue, forKey key: some CodingKey) {
        columns.append(naming.encodedColumn(forKey: key.stringValue))
        values.append(value)
    }

    /// A `nil` for `key`: left out when the encoder leaves out `nil`s, else NULL.
    func appendNil(forKey key: some CodingKey) {
        if !omitsNil { append(.null, forKey: key) }
    }

    /// A 64-bit unsigned value as SQLite's signed INTEGER, or an error naming the column.
    func checkedInteger<I: BinaryInteger>(_ value: I, key: some CodingKey) throws -> SQLValue {
        guard let exact = Int64(exactly: value) else {
            throw CodingErrors.invalidValue(
                value, column: naming.encodedColumn(forKey: key.stringValue), rowType: rowType, codingPath: [key],
                "\(I.self) \(value) does not fit SQLite's 64-bit signed INTEGER")
        }
        return .integer(exact)
    }

    func context(forKey key: some CodingKey) -> ValueEncodingContext {
        ValueEncodingContext(
            options: options, userInfo: userInfo, column: naming.encodedColumn(forKey: key.stringValue),
            rowType: rowType, codingPath: [key])
    }

    func unsupported(_ what: String) -> EncodingError {
        EncodingError.invalidValue(
            rowType,
            EncodingError.Context(
                codingPath: [],
                debugDescription: "\(rowType): \(what) is not supported; a row is encoded from a keyed container, "
                    + "one column per key (nested values are stored as JSON text)"))
    }
}
