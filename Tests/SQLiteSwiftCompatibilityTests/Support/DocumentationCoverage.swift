// Which of SQLite.swift's documented examples this target holds, and where.
//
// - SQLite.swift-Documentation-Index.md: every ```swift block, in DocumentationIndex/, one file
//   per part of the guide (connecting, creating tables, writing rows, selecting rows, altering
//   the schema, custom types and Codable, date functions and collations, custom functions,
//   full-text search, arbitrary SQL). Not here: the Package.swift fragments (installation, not
//   programs); the SQLCipher blocks (`db.key`, `db.rekey`, `sqlcipher_export`,
//   `attach(_:as:key:)`), which need a SQLCipher build this package does not offer yet; the
//   type signatures shown alone, `(Expression<String>, Expression<String>) -> Expression<Bool>`
//   and `(String, String) -> Bool`, which CustomFunctionsTests declares and uses.
// - SQLite.swift-README.md: both usage examples, in Readme/.
// - SQLite.swift-doc-snippets.txt: its WAL, iteration, Codable and join code, in DocSnippets/
//   (its SQLCipher snippet is left out, as above).
// - The Playground, in Playground/, whole.
//
// The blocks are kept as written. The edits, each marked where it is made: file paths point
// into a scratch directory; Apple-only calls (`UTTypeConformsTo`, `kUTTypeImage`, `UIImage`,
// the app bundle and its folders) have Linux stand-ins of the same shape or are compiled
// without being run; the documentation's own errors are corrected (a missing `)` or `try`,
// Swift 2 syntax, `.noLock` and `.materialize` where SQLite.swift spells `.nolock` and
// `.materialized`, a query iterated without `db.prepare`); a bare expression statement is bound
// to a constant or becomes an expectation of the value its comment shows; an optional printed
// through string interpolation is wrapped in `String(describing:)`, which prints the same text
// without the compiler's warning.
