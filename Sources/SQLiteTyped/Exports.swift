// The typed tier builds on SQLiteCore's `Connection`, `Binding` and `Value`: re-export them so
// `import SQLiteTyped` alone is enough to write queries.
@_exported import SQLiteCore
