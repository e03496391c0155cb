import Foundation

extension Row {
    /// Decodes the row as `V`, one property per column (SQLite.swift's `row.decode()`):
    ///
    /// ```swift
    /// for row in try db.prepare(users) {
    ///     let user: User = try row.decode()
    /// }
    /// ```
    ///
    /// Each key reads the column of the same name (through the options' key strategy);
    /// nested values are read from JSON text. Errors are `DecodingError`s naming the column and
    /// the type. The row is read in place while it is current, else from its copied values.
    public func decode<V: Decodable>(
        userInfo: [CodingUserInfoKey: Any] = [:], options: CodingOptions = CodingOptions()
    ) throws -> V {
        guard let handle = liveHandle else {
            return try rowDecoder(rowType: V.self, userInfo: userInfo, options: options).decodeRow(V.self)
        }
        // The current row, read in place for this call (the row cannot move on meanwhile).
        let decoder = RowDecoder(
            reader: ColumnReader(source: .statement(handle)),
            lookup: KeyLookup(names: columnNames, naming: ColumnNaming(options: options)), options: options,
            rowType: V.self, userInfo: userInfo)
        defer { decoder.endRun() }
        return try decoder.decodeRow(V.self)
    }

    /// ``decode(userInfo:options:)`` with the default options.
    public func decode<V: Decodable>() throws -> V {
        try decode(userInfo: [:], options: CodingOptions())
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
        RowHandle(decoder: rowDecoder(rowType: nil, userInfo: userInfo, options: options), row: 0)
    }

    /// A decoder reading the row through the row itself (in place while it is current, else its
    /// copied values), its columns found among the row's column names.
    private func rowDecoder(rowType: Any.Type?, userInfo: [CodingUserInfoKey: Any], options: CodingOptions)
        -> RowDecoder
    {
        RowDecoder(
            reader: ColumnReader(source: .row(self)),
            lookup: KeyLookup(names: columnNames, naming: ColumnNaming(options: options)),
            options: options, rowType: rowType, userInfo: userInfo)
    }
}
