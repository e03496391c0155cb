import SQLiteCore

/// A file opened through ``FaultInjectingVFS``: counts its reads, writes and syncs, fails those
/// the injected fault says, and hands everything else to the default VFS's file.
final class FaultFile: VFSFile {
    let state: FaultState
    /// What the file is to SQLite, from its open flags.
    let role: FileRole

    init(state: FaultState, flags: VFSOpenFlags) {
        self.state = state
        role = FileRole(openFlags: flags.rawValue)
        super.init()
    }

    override func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int32 {
        if let fault = state.fault(for: .read, role: role) {
            // A short read must zero the part of the buffer it did not fill: here, all of it.
            if fault == .shortRead, let base = buffer.baseAddress {
                base.initializeMemory(as: UInt8.self, repeating: 0, count: buffer.count)
            }
            return fault.extendedCode
        }
        return super.read(into: buffer, at: offset)
    }

    override func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Int32 {
        if let fault = state.fault(for: .write, role: role) { return fault.extendedCode }
        return super.write(bytes, at: offset)
    }

    override func sync(flags: Int32) -> Int32 {
        if let fault = state.fault(for: .sync, role: role) { return fault.extendedCode }
        guard state.performsSyncs else { return SQLITE_OK }
        return super.sync(flags: flags)
    }
}
