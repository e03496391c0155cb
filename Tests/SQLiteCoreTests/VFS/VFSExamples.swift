import Foundation
import SQLiteCore

// The VFS examples of Documentation/VirtualTables.md, compiled and run by VFSTests.

/// Counts the bytes read and written through it.
final class CountingVFS: VFS, @unchecked Sendable {
    let counts = Locked((read: 0, written: 0))

    override func makeFile(path: String?, flags: VFSOpenFlags) throws -> VFSFile { CountingFile(self) }
}

final class CountingFile: VFSFile {
    let vfs: CountingVFS
    init(_ vfs: CountingVFS) { self.vfs = vfs }

    override func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int32 {
        vfs.counts.withLock { $0.read += buffer.count }
        return super.read(into: buffer, at: offset)
    }

    override func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Int32 {
        vfs.counts.withLock { $0.written += bytes.count }
        return super.write(bytes, at: offset)
    }
}

/// A TOY, NOT ENCRYPTION: XORs every byte of the database, its journal and its WAL with one
/// key byte, to show a VFS transforming what reaches the disk. Use SQLCipher for real encryption.
final class XORVFS: VFS, @unchecked Sendable {
    let key: UInt8

    init(name: String, key: UInt8) throws {
        self.key = key
        try super.init(name: name)
    }

    override func makeFile(path: String?, flags: VFSOpenFlags) throws -> VFSFile { XORFile(key: key) }
}

final class XORFile: VFSFile {
    let key: UInt8
    init(key: UInt8) { self.key = key }

    override func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int32 {
        let code = super.read(into: buffer, at: offset)
        var valid = buffer.count
        if code == SQLITE_IOERR_SHORT_READ {
            // Only the bytes before the end of the file were read; the rest are zeros to keep.
            var size: Int64 = 0
            _ = fileSize(&size)
            valid = Int(max(0, min(Int64(buffer.count), size - offset)))
        } else if code != SQLITE_OK {
            return code
        }
        for i in 0..<valid { buffer[i] ^= key }
        return code
    }

    override func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Int32 {
        let scrambled = bytes.map { $0 ^ key }
        return scrambled.withUnsafeBytes { super.write($0, at: offset) }
    }
}
