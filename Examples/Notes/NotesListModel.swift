import Observation
import SQLite

/// The model of a notes list screen, as an app's view model holds the database: two live
/// queries that keep themselves current, read by a SwiftUI view like any `@Observable` state.
///
/// ```swift
/// struct NotesList: View {
///     @State private var model: NotesListModel
///     var body: some View {
///         List(model.notes.value, id: \.id) { note in Text(note.title) }
///             .overlay { if !model.notes.isLoaded { ProgressView() } }
///             .task { await model.notes.run() }   // observes while the list is on screen
///     }
/// }
/// ```
///
/// Nothing here is SwiftUI's: the demo reads it through `withObservationTracking`, which is
/// what SwiftUI does for a view's body.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
@Observable
final class NotesListModel {
    /// The list: pinned notes first, then the latest saved (``NotesStore/fetchList(_:pinnedOnly:limit:)``,
    /// a typed query). An unchanged list after a commit notifies nobody (`removeDuplicates`).
    let notes: LiveQuery<[NotesStore.Summary]>
    /// The number of notes (a record-tier count).
    let count: LiveQuery<Int>

    /// Starts both queries on the store's pool; their values are set on the main actor.
    init(store: NotesStore) {
        notes = LiveQuery(store.pool, initialValue: [], removeDuplicates: true) { db in
            try NotesStore.fetchList(db)
        }
        count = LiveQuery(store.pool, initialValue: 0, removeDuplicates: true) { db in try Note.count(in: db) }
    }

    /// The titles, in the list's order.
    var titles: [String] { notes.value.map(\.title) }

    /// The list's header: "loading" until both first fetches completed, then the counts.
    var header: String {
        guard notes.isLoaded, count.isLoaded else { return "loading" }
        if let error = notes.error ?? count.error { return "error: \(error)" }
        let pinned = notes.value.filter(\.pinned).count
        return "\(count.value) notes, \(pinned) pinned"
    }

    /// Stops following the database (the screen went away); the values stay as they are.
    func stop() {
        notes.stop()
        count.stop()
    }
}
