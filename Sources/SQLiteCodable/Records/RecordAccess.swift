import Foundation

/// The access to a ``RecordDatabase`` that the current thread or task is inside.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
struct RecordAccess: Sendable {
    let owner: ObjectIdentifier
    let connection: Connection

    /// Bound by ``RecordDatabase`` around the closures it runs on a writer's connection.
    @TaskLocal static var active: RecordAccess?
}
