/// Stops the program on `error`, thrown while a `for`-`in` loop (or another use of `next()`,
/// which cannot throw) read rows: the one place every tier's non-throwing iteration ends up.
/// The message gives SQLite's error, its code and the SQL, and the throwing forms to use.
@inline(never)
package func failedIteration(_ error: any Error) -> Never {
    let what: String
    if let error = error as? Result {
        var codes = "code: \(error.code)"
        if error.extendedCode != error.code { codes += ", extended code: \(error.extendedCode)" }
        what = "\(error.message) (\(codes))" + (error.sql.map { " in SQL: \($0)" } ?? "")
    } else {
        what = String(describing: error)
    }
    fatalError(
        "SQLite error while iterating rows: \(what). A non-throwing iteration (for-in, map, next()) "
            + "stops here rather than end the rows early; use failableNext() / prepareRowIterator / a "
            + "throwing form to handle errors.")
}
