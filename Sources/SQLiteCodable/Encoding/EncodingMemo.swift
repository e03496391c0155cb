/// The SQL an encoder's owner made for one list of encoded columns, kept with the encoder:
/// the next row encoded with the same columns (the same ``RowEncoder/columnsVersion``) into
/// the same table finds it without taking a lock.
struct EncodingMemo {
    /// The ``RowEncoder/columnsVersion`` of the columns the SQL is for.
    let columnsVersion: UInt64
    /// The table and database written to.
    let table: String
    let database: String?
    /// The conflict clause of an insert.
    let conflict: OnConflict?
    /// The position of a column the SQL leaves out (a new auto-increment key), -1 for none.
    let skip: Int
    let sql: String

    /// No SQL yet (no columns have version 0).
    static var none: EncodingMemo {
        EncodingMemo(columnsVersion: 0, table: "", database: nil, conflict: nil, skip: -1, sql: "")
    }

}
