import Foundation

extension Row {
    /// Decodes the row as `V`, one property per column, with the default options (SQLite.swift's
    /// `row.decode()`):
    ///
    /// ```swift
    /// for row in try db.prepare(users) {
    ///     let user: User = try row.decode()
    /// }
    /// ```
    ///
    /// Each key reads the column of the same name; nested values are read from JSON text.
    /// Errors are `DecodingError`s naming the column and the type. A row decoded while it is
    /// current reads its statement in place, with the decoder its statement keeps for `V`: the
    /// rows of a run find it without a lookup. A row kept after the statement moved on decodes
    /// its copied values.
    public func decode<V: Decodable>() throws -> V {
        if let handle = liveHandle, let kept = runAttachment as? RowDecoder, kept.decodesByDefault(V.self, from: handle)
        {
            return try kept.decodeRow(V.self)
        }
        return try decode(userInfo: [:], options: CodingOptions())
    }

    /// Decodes the row as `type` with the default options: `let user = try row.decode(User.self)`.
    public func decode<V: Decodable>(_ type: V.Type) throws -> V {
        try decode()
    }

    /// Decodes the row as `V` with `options` and `userInfo` (SQLite.swift's
    /// `row.decode(userInfo:)`):
    ///
    /// ```swift
    /// let user: User = try row.decode(options: .snakeCase)
    /// ```
    ///
    /// Keys read their columns through the options' key strategy. A row decoded while it is
    /// current reads its statement in place, with the decoder its statement keeps for `V`
    /// when the options decode as the defaults and `userInfo` is empty (set up once per run),
    /// else with a new one; a row kept after the statement moved on decodes its copied values.
    public func decode<V: Decodable>(
        userInfo: [CodingUserInfoKey: Any] = [:], options: CodingOptions = CodingOptions()
    ) throws -> V {
        if let statement = liveStatement {
            let decoder = StatementState.of(statement).decoder(
                for: V.self, statement: statement, naming: ColumnNaming(options: options), options: options,
                userInfo: userInfo, record: false)
            // Kept with the run's rows for `decode()`, which checks it is for `V` before using it.
            if decoder.decodesByDefault(V.self, from: statement.handle) { runAttachment = decoder }
            return try decoder.decodeRow(V.self)
        }
        return try copiedRowDecoder(rowType: V.self, userInfo: userInfo, options: options).decodeRow(V.self)
    }

    /// Decodes the row as `type`: `let user = try row.decode(User.self, options: .snakeCase)`.
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
        CopiedRowDecoder(decoder: copiedRowDecoder(rowType: nil, userInfo: userInfo, options: options))
    }

    /// A decoder reading the row through the row itself, its columns found through the map the
    /// rows of its run share (kept with them, see ``Row/runAttachment``).
    private func copiedRowDecoder(rowType: Any.Type?, userInfo: [CodingUserInfoKey: Any], options: CodingOptions)
        -> RowDecoder
    {
        let map: ColumnIndexMap
        if let kept = runAttachment as? ColumnIndexMap {
            map = kept
        } else if let decoder = runAttachment as? RowDecoder {
            // The decoder `decode()` keeps reads all the run's columns, through this map.
            map = decoder.lookup.map
        } else {
            map = ColumnIndexMap(names: columnNames)
            runAttachment = map
        }
        return RowDecoder(
            reader: ColumnReader(source: .row(self)),
            lookup: KeyLookup(map: map, naming: ColumnNaming(options: options)),
            options: options, rowType: rowType, userInfo: userInfo)
    }
}
