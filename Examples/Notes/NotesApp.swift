import Foundation
import SQLite

/// `notes`: a small notes tool with full-text search, and the example program of swift-sqlite.
///
/// With no arguments it runs `Demo`, which checks its own results. Exit status: 0 on success,
/// 1 when a command or a demo check fails, 2 for a command line it does not understand.
@main
enum NotesApp {
    /// Runs the command line.
    static func main() async {
        let invocation: Invocation
        do {
            invocation = try Invocation(parsing: Array(CommandLine.arguments.dropFirst()))
        } catch {
            printError("notes: \(error.message)\n\(Invocation.usage)")
            exit(2)
        }

        do {
            try await run(invocation)
        } catch let failure as DemoFailure {
            printError("notes demo FAILED: \(failure.description)")
            exit(1)
        } catch {
            // SQLite's errors (`Result`) print their message, the SQL and the code.
            printError("notes: error: \(error)")
            exit(1)
        }
    }

    /// Runs one command.
    static func run(_ invocation: Invocation) async throws {
        guard let path = invocation.databasePath else {
            switch invocation.command {
            case .help:
                print(Invocation.usage)
            default:
                try await Demo.run()
            }
            return
        }

        let store = try await NotesStore.open(path: path)
        defer { try? store.close() }
        switch invocation.command {
        case .demo, .help:
            break  // refused by Invocation(parsing:)
        case .add(let title, let body):
            let note = try await store.add(title: title, body: body)
            print("added note \(note.id): \(note.title)")
        case .list(let pinnedOnly):
            let notes = try await store.list(pinnedOnly: pinnedOnly, limit: 100)
            if notes.isEmpty { print(pinnedOnly ? "no pinned notes" : "no notes") }
            for note in notes { print(format(note)) }
        case .search(let query):
            try await search(query, in: store)
        case .pin(let id, let pinned):
            guard let note = try await store.setPinned(pinned, id: id) else { throw NoSuchNote(id: id) }
            print("\(pinned ? "pinned" : "unpinned") note \(note.id): \(note.title)")
        case .delete(let id):
            guard try await store.delete(id: id) else { throw NoSuchNote(id: id) }
            print("deleted note \(id)")
        }
    }

    /// `notes search QUERY`: the query is FTS5 syntax, used as written.
    private static func search(_ query: String, in store: NotesStore) async throws {
        #if FTS5
            if NotesSearch.isAvailable {
                let hits = try await store.search(FTS5Pattern(raw: query))
                if hits.isEmpty { print("no notes match \(query)") }
                for hit in hits { print(format(hit)) }
                return
            }
        #endif
        throw FullTextSearchUnavailable()
    }

    /// `  3 * Title   (2026-12-02 11:52)`.
    static func format(_ note: NotesStore.Summary) -> String {
        let id = String(note.id).leftPadded(to: 4)
        let mark = note.pinned ? "*" : " "
        return "\(id) \(mark) \(note.title)  (saved \(ISO8601DateFormatter().string(from: note.updatedAt)))"
    }

    #if FTS5
        /// `  3  [Swift] concurrency: ...a [task] group runs...   (bm25 -1.23)`.
        static func format(_ hit: NotesSearch.Hit) -> String {
            let id = String(hit.id).leftPadded(to: 4)
            return "\(id)  \(hit.title): \(hit.snippet)  (bm25 \(String(format: "%.2f", hit.score)))"
        }
    #endif

    /// Writes a line to standard error.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// A command named a note that is not in the database.
struct NoSuchNote: Error, CustomStringConvertible {
    /// The id asked for.
    var id: Int64
    /// `no note with id 7`.
    var description: String { "no note with id \(id)" }
}

/// Full-text search was asked for in a build without FTS5.
struct FullTextSearchUnavailable: Error, CustomStringConvertible {
    /// Says so, and how to get it.
    var description: String {
        "this build has no full-text search (FTS5): build with the FTS5 trait, which is on by default"
    }
}

extension String {
    /// The string with spaces before it, `width` characters long at least.
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: Swift.max(0, width - count)) + self
    }
}
