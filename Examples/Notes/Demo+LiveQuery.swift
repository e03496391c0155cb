import Foundation
import Observation
import SQLite

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension Demo {
    /// Step 6: a view model's live queries (`NotesListModel`) follow the writes, shown by a
    /// `Screen` that renders again after each change, as SwiftUI does for a view.
    @MainActor
    static func liveQuerySteps(_ store: NotesStore, _ checks: inout Checks) async throws {
        let model = NotesListModel(store: store)
        let screen = Screen { "\(model.header): \(model.titles.joined(separator: ", "))" }
        try await waitUntil("the first fetches") { model.notes.isLoaded && model.count.isLoaded }
        try checks.equal("the live list is the list query's result", model.notes.value, try await store.list())
        try checks.equal("the live count is the number of notes", model.count.value, try await store.count())

        let live = try await store.add(title: "Live", body: "Saved while a view model followed the list.")
        print("   wrote note \(live.id) through the pool")
        let count = try await store.count()
        try await waitUntil("the new note in the list") { model.titles.contains("Live") && model.count.value == count }
        try checks.equal("the list follows a new note", model.notes.value, try await store.list())
        try checks.equal("the count follows it", model.count.value, count)

        _ = try await store.setPinned(true, id: live.id)
        print("   pinned note \(live.id)")
        try await waitUntil("the pinned note first") {
            model.notes.value.first.map { $0.id == live.id && $0.pinned } == true
        }
        try checks.equal("the list follows a pin (pinned first)", model.notes.value, try await store.list())
        try checks.that("the screen rendered again after each change", screen.renders >= 3)

        // The screen goes away: the queries stop, and a later write leaves them as they were.
        model.stop()
        let shown = model.notes.value
        try checks.that("the live note is deleted", try await store.delete(id: live.id))
        try checks.equal("after stop() the list no longer follows", model.notes.value, shown)
        try checks.that("nor does the count", model.count.value == (try await store.count()) + 1)
    }

    /// Waits, up to 10 s, until `condition` holds; the live queries set their values on the
    /// main actor, between two of its checks.
    @MainActor
    private static func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            if Date() > deadline { throw DemoFailure("timed out waiting for \(what)") }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
    }
}

/// A stand-in for a SwiftUI view: renders `body` (prints it) now and again after each change of
/// the observable state it read, tracked with `withObservationTracking` as SwiftUI tracks a
/// view's body.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
final class Screen {
    private let body: @MainActor () -> String
    /// How many times `body` was rendered.
    private(set) var renders = 0

    init(_ body: @escaping @MainActor () -> String) {
        self.body = body
        render()
    }

    private func render() {
        let text = withObservationTracking {
            body()
        } onChange: {
            // Called as a value is about to change: render once it has, on the main actor.
            Task { @MainActor [weak self] in self?.render() }
        }
        renders += 1
        print("   screen: \(text)")
    }
}
