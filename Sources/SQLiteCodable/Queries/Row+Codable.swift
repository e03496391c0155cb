import Foundation

extension Row {
    /// Decodes the row as `V`, one property per column (SQLite.swift's `row.decode()`):
    ///
    /// ```swift
    /// let loadedUsers: [User] = try db.prepare(users).map { row in try row.decode() }
    /// ```
    ///
    /// Each key reads the column of the same name (through the options' key strategy);
    /// nested values are read from JSON text. Errors are `DecodingError`s naming the column and
    /// the type. For many rows, `Connection.fetchAll(_:_:options:userInfo:)` is faster.
    public func decode<V: Decodable>(
        userInfo: [CodingUserInfoKey: Any] = [:], options: CodingOptions = CodingOptions()
    ) throws -> V {
        try makeDecoder(rowType: "\(V.self)", userInfo: userInfo, options: options).decodeRow(V.self)
    }

    /// Decodes the row as `type`: `let user = try row.decode(User.self)`.
    public func decode<V: Decodable>(
        _ type: V.Type, userInfo: [CodingUserInfoKey: Any] = [:], options: CodingOptions = CodingOptions()
    ) throws -> V {
        try decode(userInfo: userInfo, options: options)
    }

    /// A decoder over the row, to decode by hand (for example to pick a subclass from a
    /// `kind` column before decoding the rest):
    ///
    /// ```swift
    /// let decoder = row.decoder()
    /// let container = try decoder.container(keyedBy: ImageCodingKeys.self)
    /// switch try container.decode(ImageKind.self, forKey: .kind) { ... }
    /// ```
    public func decoder(userInfo: [CodingUserInfoKey: Any] = [:], options: CodingOptions = CodingOptions())
        -> any Decoder
    {
        CopiedRowDecoder(decoder: makeDecoder(rowType: "row", userInfo: userInfo, options: options))
    }

    private func makeDecoder(rowType: String, userInfo: [CodingUserInfoKey: Any], options: CodingOptions)
        -> RowDecoder
    {
        let map = ColumnIndexMap.forColumns(columnNames)
        return RowDecoder(
            reader: ColumnReader(source: .row(self)),
            lookup: KeyLookup(map: map, naming: ColumnNaming(options: options)),
            options: options, rowType: rowType, userInfo: userInfo)
    }
}
