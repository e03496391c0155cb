/// Builders for the errors of this tier: every message names the column and the row type.
enum CodingErrors {
    /// `column "age" of Person: <reason>`.
    static func prefix(column: String, rowType: String) -> String {
        "column \"\(column)\" of \(rowType): "
    }

    /// The context of a reading error about `column`, its message prefixed as ``prefix(column:rowType:)`` says.
    private static func context(_ column: String, _ rowType: String, _ codingPath: [any CodingKey], _ reason: String)
        -> DecodingError.Context
    {
        DecodingError.Context(
            codingPath: codingPath, debugDescription: prefix(column: column, rowType: rowType) + reason)
    }

    static func typeMismatch(
        _ type: Any.Type, column: String, rowType: String, codingPath: [any CodingKey], found: String
    ) -> DecodingError {
        DecodingError.typeMismatch(type, context(column, rowType, codingPath, "\(found) cannot be read as \(type)"))
    }

    static func outOfRange(
        _ type: Any.Type, column: String, rowType: String, codingPath: [any CodingKey], value: String
    ) -> DecodingError {
        DecodingError.dataCorrupted(context(column, rowType, codingPath, "\(value) does not fit \(type)"))
    }

    static func corrupted(column: String, rowType: String, codingPath: [any CodingKey], _ reason: String)
        -> DecodingError
    {
        DecodingError.dataCorrupted(context(column, rowType, codingPath, reason))
    }

    static func valueNotFound(_ type: Any.Type, column: String, rowType: String, codingPath: [any CodingKey])
        -> DecodingError
    {
        DecodingError.valueNotFound(
            type, context(column, rowType, codingPath, "NULL cannot be read as \(type) (make the property optional)"))
    }

    static func keyNotFound(_ key: any CodingKey, column: String, rowType: String, columns: [String]) -> DecodingError {
        DecodingError.keyNotFound(
            key,
            DecodingError.Context(
                codingPath: [],
                debugDescription: "no column \"\(column)\" for \(rowType) among [\(columns.joined(separator: ", "))]"))
    }

    static func unsupported(_ what: String, rowType: String, codingPath: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: codingPath, debugDescription: "\(rowType): \(what) is not supported"))
    }

    /// A row's decoder (`what`: the one handed to `init(from:)`, or one of its containers) used
    /// after its row was decoded, or on another thread than the one decoding the row.
    @inline(never)
    static func outlivedRow(_ what: String = "a row's decoder") -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [],
                debugDescription: "\(what) was used after its row was decoded, or on another thread than the one "
                    + "decoding it; read every value inside init(from:)"))
    }

    static func invalidValue(
        _ value: Any, column: String, rowType: String, codingPath: [any CodingKey], _ reason: String
    ) -> EncodingError {
        EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: codingPath, debugDescription: prefix(column: column, rowType: rowType) + reason))
    }
}
