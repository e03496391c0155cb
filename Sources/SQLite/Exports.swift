// The umbrella module: `import SQLite` brings in every tier, so a program written against
// SQLite.swift moves over by changing only its package dependency.
@_exported import SQLiteCodable
@_exported import SQLiteCore
@_exported import SQLiteSchema
@_exported import SQLiteTyped
