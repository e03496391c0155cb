// The Codable tier works on the typed tier's queries and rows: re-export it (and, through it,
// SQLiteCore) so `import SQLiteCodable` alone is enough.
@_exported import SQLiteTyped
