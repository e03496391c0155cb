/// A version of SQLite, comparable: `SQLiteVersion.current >= SQLiteVersion(major: 3, minor: 35)`.
public struct SQLiteVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The major version (3).
    public let major: Int
    /// The minor version.
    public let minor: Int
    /// The patch version.
    public var point: Int

    /// A version from its parts.
    public init(major: Int, minor: Int, point: Int = 0) {
        self.major = major
        self.minor = minor
        self.point = point
    }

    /// The version of the SQLite library this package is running (`sqlite3_libversion_number`):
    /// the vendored amalgamation's, or under the `SystemSQLite` trait the version of the system
    /// library loaded at run time, which may be newer than the headers the package was built with.
    public static var current: SQLiteVersion {
        let number = Int(sqlite3_libversion_number())
        return SQLiteVersion(major: number / 1_000_000, minor: number / 1000 % 1000, point: number % 1000)
    }

    /// SQLite's source id: the date and hash of the check-in it was built from.
    public static var sourceID: String { String(cString: sqlite3_sourceid()) }

    /// The version of SQLCipher, e.g. `"4.19.0 community"` (`PRAGMA cipher_version`), when the
    /// library is SQLCipher (trait `SQLCipher`); nil for plain SQLite. ``current`` is then the
    /// version of the SQLite that SQLCipher is built on.
    public static let cipherVersion: String? = {
        #if SQLCipher
            return (try? Connection())?.cipherVersion
        #else
            return nil
        #endif
    }()

    /// `"SQLite 3.50.4"`.
    public var description: String { "SQLite \(major).\(minor).\(point)" }

    /// Orders by major, then minor, then point.
    public static func < (lhs: SQLiteVersion, rhs: SQLiteVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.point) < (rhs.major, rhs.minor, rhs.point)
    }
}

extension Connection {
    /// The version of SQLite this connection runs.
    public var sqliteVersion: SQLiteVersion { .current }
}
