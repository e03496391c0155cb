import Foundation

/// A directory of its own for a test's database files, removed when the value is released.
final class ScratchDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "sqlite-swift-compat-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the directory.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
