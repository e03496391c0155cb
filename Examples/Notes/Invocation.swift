/// What the command line asks for: a command, and the database it works on.
struct Invocation: Equatable {
    /// A command.
    enum Command: Equatable {
        /// The scripted demo, on a fresh database in a temporary directory.
        case demo
        /// The usage message.
        case help
        /// Save a new note.
        case add(title: String, body: String)
        /// List the notes, pinned first.
        case list(pinnedOnly: Bool)
        /// Full-text search, in FTS5's query syntax.
        case search(query: String)
        /// Pin (`true`) or unpin (`false`) a note.
        case pin(id: Int64, pinned: Bool)
        /// Delete a note.
        case delete(id: Int64)
    }

    /// The command to run.
    var command: Command
    /// The database file of `--db`; nil for `demo` and `help`.
    var databasePath: String?

    /// The usage message.
    static let usage = """
        usage: notes [demo]                      run the demo on a fresh temporary database
               notes --db PATH add TITLE BODY    save a new note
               notes --db PATH list [--pinned]   list the notes, pinned first
               notes --db PATH search QUERY      full-text search (FTS5 syntax: words, "a phrase",
                                                 prefix*, AND, OR, NOT, title: word)
               notes --db PATH pin ID            pin a note (unpin ID to unpin it)
               notes --db PATH delete ID         delete a note
               notes --help                      show this message
        The database file is created and migrated when missing.
        """

    /// Reads the arguments (without the program name).
    ///
    /// - Throws: ``UsageError`` for anything it does not understand.
    init(parsing arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        var databasePath: String?
        while let option = rest.first, option.hasPrefix("-") {
            rest.removeFirst()
            switch option {
            case "-h", "--help":
                self.init(command: .help)
                return
            case "--db":
                guard let path = rest.popFirst(), !path.isEmpty else { throw UsageError("--db needs a file path") }
                databasePath = path
            default:
                throw UsageError("unknown option \(option)")
            }
        }

        let command = try Self.command(rest.popFirst() ?? "demo", &rest)
        if !rest.isEmpty {
            throw UsageError("unexpected argument \(rest.first ?? "")")
        }
        switch (command, databasePath) {
        case (.demo, .some), (.help, .some):
            throw UsageError("the demo makes its own database: leave out --db")
        case (.demo, .none), (.help, .none):
            break
        case (_, .none):
            throw UsageError("this command needs --db PATH")
        case (_, .some):
            break
        }
        self.init(command: command, databasePath: databasePath)
    }

    /// An invocation.
    init(command: Command, databasePath: String? = nil) {
        self.command = command
        self.databasePath = databasePath
    }

    /// The command named `name`, taking its arguments from `rest`.
    private static func command(_ name: String, _ rest: inout ArraySlice<String>) throws(UsageError) -> Command {
        switch name {
        case "demo":
            return .demo
        case "help":
            return .help
        case "add":
            guard let title = rest.popFirst(), let body = rest.popFirst() else {
                throw UsageError("add needs a TITLE and a BODY")
            }
            guard !title.isEmpty else { throw UsageError("the title is empty") }
            return .add(title: title, body: body)
        case "list":
            if rest.first == "--pinned" {
                rest.removeFirst()
                return .list(pinnedOnly: true)
            }
            return .list(pinnedOnly: false)
        case "search":
            guard let query = rest.popFirst() else { throw UsageError("search needs a QUERY") }
            guard query.contains(where: { !$0.isWhitespace }) else { throw UsageError("the query is empty") }
            return .search(query: query)
        case "pin", "unpin":
            return .pin(id: try noteID(rest.popFirst(), for: name), pinned: name == "pin")
        case "delete":
            return .delete(id: try noteID(rest.popFirst(), for: name))
        default:
            throw UsageError("unknown command \(name)")
        }
    }

    /// A note id: a positive integer.
    private static func noteID(_ argument: String?, for command: String) throws(UsageError) -> Int64 {
        guard let argument else { throw UsageError("\(command) needs a note ID") }
        guard let id = Int64(argument), id > 0 else { throw UsageError("not a note ID: \(argument)") }
        return id
    }
}

/// A command line the tool does not understand: it prints the message and the usage, and
/// exits with status 2.
struct UsageError: Error, Equatable {
    /// What is wrong.
    var message: String

    /// An error saying `message`.
    init(_ message: String) {
        self.message = message
    }
}
