import Foundation

/// What this tier keeps with a connection (in its ``Connection/attachment``): one prepared
/// primary-key lookup per record type, with its decoder, so `find` neither looks a cached
/// statement up by its SQL nor sets decoding up. Touched only with the connection locked.
final class RecordLookups {
    /// The lookup of one record type.
    final class Lookup {
        let plan: RecordPlan
        /// The prepared `SELECT * ... WHERE key = ?`; nil while a lookup uses it.
        private var statement: Statement?
        /// The decoder of a statement's rows, that statement, and the statement's
        /// ``Statement/columnsGeneration`` the decoder was made for (a schema change can change
        /// the columns of `SELECT *`).
        private var decoder: (decoder: RowDecoder, statement: Statement, generation: Int)?

        init(plan: RecordPlan) {
            self.plan = plan
        }

        /// The lookup statement, checked out until ``giveBack(_:to:)``: a nested lookup of the
        /// same type meanwhile gets a statement of its own from the connection's cache.
        @inline(__always)
        func take(from db: Connection) throws -> Statement {
            if let statement {
                self.statement = nil
                return statement
            }
            return try db.cachedStatement(plan.findSQL)
        }

        /// Resets `statement` (ending its read) and keeps it for the next lookup.
        @inline(__always)
        func giveBack(_ statement: Statement, to db: Connection) {
            if self.statement == nil {
                sqlite3_reset(statement.handle)
                self.statement = statement
            } else {
                db.returnToCache(statement)
            }
        }

        /// The decoder of `statement`'s current row as `R`. Call it after the step, in which
        /// SQLite re-prepares a statement whose schema changed.
        @inline(__always)
        func decoder<R: Record>(_ type: R.Type, for statement: Statement) -> RowDecoder {
            // Read before the kept decoder is looked at, so that nothing is retained across the call.
            let generation = statement.columnsGeneration
            if let decoder, decoder.statement === statement, decoder.generation == generation {
                return decoder.decoder
            }
            return makeDecoder(R.self, for: statement)
        }

        /// The statement's decoder from its state, which makes a new one for new columns.
        private func makeDecoder<R: Record>(_ type: R.Type, for statement: Statement) -> RowDecoder {
            let state = StatementState.of(statement)
            let decoder = state.decoder(
                for: R.self, statement: statement, naming: plan.naming, options: plan.options, userInfo: [:],
                cached: true)
            self.decoder = (decoder, statement, state.columnsGeneration)
            return decoder
        }
    }

    private var lookups: [ObjectIdentifier: Lookup] = [:]
    /// The lookup asked for last, found without hashing when one type is looked up in a row.
    private var last: (type: ObjectIdentifier, lookup: Lookup)?

    /// The lookups of `db`, attached on first use. Call with the connection locked.
    @inline(__always)
    static func of(_ db: Connection) -> RecordLookups {
        if let lookups = db.tierStore.codable as? RecordLookups { return lookups }
        let lookups = RecordLookups()
        db.tierStore.codable = lookups
        return lookups
    }

    /// The lookup of record type `R`.
    @inline(__always)
    func lookup<R: Record>(_ type: R.Type) -> Lookup {
        let key = ObjectIdentifier(R.self)
        if let last, last.type == key { return last.lookup }
        return lookupSlowly(R.self, key)
    }

    private func lookupSlowly<R: Record>(_ type: R.Type, _ key: ObjectIdentifier) -> Lookup {
        let lookup = lookups[key] ?? Lookup(plan: RecordPlan.of(R.self))
        lookups[key] = lookup
        last = (key, lookup)
        return lookup
    }
}
