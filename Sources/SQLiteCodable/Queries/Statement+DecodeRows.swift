import Foundation

extension Statement {
    /// Steps through the rows of a bound statement (at most `limit`), decoding each as `T` with
    /// one decoder for the run, which `makeDecoder` makes after the first step: SQLite
    /// re-prepares a statement whose schema changed inside that step, and its columns may have
    /// changed with it.
    func decodeRows<T: Decodable>(
        _ type: T.Type, limit: Int = .max, decoder makeDecoder: (Statement) -> RowDecoder
    ) throws -> [T] {
        guard limit > 0, try step() else { return [] }
        let decoder = makeDecoder(self)
        defer { decoder.endRun() }
        var rows: [T] = []
        repeat {
            rows.append(try decoder.decodeRow(T.self))
        } while try rows.count < limit && step()
        return rows
    }
}
