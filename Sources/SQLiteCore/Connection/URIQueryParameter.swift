/// A query parameter of a `file:` URI filename (https://www.sqlite.org/uri.html).
///
/// ```swift
/// let db = try Connection(.uri("file.sqlite", parameters: [.cache(.private), .nolock(true)]))
/// // opens file:file.sqlite?cache=private&nolock=1
/// ```
public enum URIQueryParameter: Sendable, Hashable, CustomStringConvertible {
    /// How the file is opened: `ro`, `rw`, `rwc` or `memory`.
    public enum FileMode: String, Sendable, Hashable {
        /// Read-only.
        case readOnly = "ro"
        /// Read-write; the file must exist.
        case readWrite = "rw"
        /// Read-write, created if missing.
        case readWriteCreate = "rwc"
        /// A named in-memory database.
        case memory
    }

    /// The page cache mode.
    public enum CacheMode: String, Sendable, Hashable {
        /// A cache shared between connections (compiled out of this build: behaves as private).
        case shared
        /// A private cache.
        case `private`
    }

    /// `cache=shared|private`.
    case cache(CacheMode)

    /// `immutable=1`: the file is on read-only media and never changes; no locking at all.
    case immutable(Bool)

    /// `modeof=path`: new files get the permissions of the file at `path`.
    case modeOf(String)

    /// `mode=ro|rw|rwc|memory`.
    case mode(FileMode)

    /// `nolock=1`: no file locking.
    case nolock(Bool)

    /// `nolock=1`, as SQLite.swift's documentation spells it (`.noLock(true)`); the same
    /// parameter as ``nolock(_:)``.
    public static func noLock(_ flag: Bool) -> URIQueryParameter { .nolock(flag) }

    /// `psow=1|0`: overrides the powersafe-overwrite property of the storage.
    case powersafeOverwrite(Bool)

    /// `vfs=name`: open through the VFS registered under `name`.
    case vfs(String)

    /// The parameter as `name=value`, the value percent-escaped.
    public var description: String {
        switch self {
        case .cache(let mode): "cache=\(mode.rawValue)"
        case .immutable(let flag): "immutable=\(flag ? 1 : 0)"
        case .modeOf(let path): "modeof=\(Self.escape(path, isPath: false))"
        case .mode(let mode): "mode=\(mode.rawValue)"
        case .nolock(let flag): "nolock=\(flag ? 1 : 0)"
        case .powersafeOverwrite(let flag): "psow=\(flag ? 1 : 0)"
        case .vfs(let name): "vfs=\(Self.escape(name, isPath: false))"
        }
    }

    /// Percent-escapes the characters that would end or change a URI component.
    static func escape(_ text: String, isPath: Bool) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...,
                UInt8(ascii: "&") where !isPath, UInt8(ascii: "=") where !isPath:
                result += (byte < 0x10 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
            default:
                result.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return result
    }
}
