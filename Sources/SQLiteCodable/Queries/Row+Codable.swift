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
    /// the type. A row decoded while it is current reads its statement in place, with the
    /// decoder its statement keeps for `V` (with the default options and no `userInfo`, found
    /// by the rows of a run without a lookup); a row kept after the statement moved on decodes
    /// its copied values.
    public func decode<V: Decodable>(
        userInfo: [CodingUserInfoKey: Any] = [:], options: CodingOptions = CodingOptions()
    ) throws -> V {
        if let statement = liveStatement {
            return try liveDecoder(V.self, statement, userInfo: userInfo, options: options).decodeRow(V.self)
        }
        return try copiedRowDecoder(rowType: V.self, userInfo: userInfo, options: options).decodeRow(V.self)
    }

    /// ``decode(userInfo:options:)`` with the default options: the decoder is kept with the
    /// rows of the run, so that the next rows use it without building options or a lookup.
    public func decode<V: Decodable>() throws -> V {
        if let handle = liveHandle, let kept = runAttachment as? RowDecoder, kept.decodes(V.self, from: handle) {
            return try kept.decodeRow(V.self)
        }
        guard let statement = liveStatement else { return try decode(userInfo: [:]) }
        let decoder = liveDecoder(V.self, statement, userInfo: [:], options: CodingOptions())
        runAttachment = decoder
        return try decoder.decodeRow(V.self)
    }

    /// The decoder `statement` keeps for `V` (one per statement for the default options and no
    /// `userInfo`, else a new one), for a row read in place.
    private func liveDecoder<V>(
        _ type: V.Type, _ statement: Statement, userInfo: [CodingUserInfoKey: Any], options: CodingOptions
    ) -> RowDecoder {
        StatementState.of(statement).decoder(
            for: V.self, statement: statement, naming: ColumnNaming(options: options), options: options,
            userInfo: userInfo, record: false)
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
