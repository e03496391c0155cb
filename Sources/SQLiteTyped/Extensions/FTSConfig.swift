#if FTS4 || FTS5
    /// A full-text tokenizer, for `tokenize=`.
    ///
    /// Rendered as each module reads it: FTS4 takes the name and quoted arguments
    /// (`tokenize=unicode61 "remove_diacritics=1"`), FTS5 one quoted string
    /// (`tokenize="unicode61 remove_diacritics 1"`, `tokenize="trigram case_sensitive 0"`). A
    /// tokenizer without arguments is its bare name in both (`tokenize=porter`).
    public struct Tokenizer: Sendable, CustomStringConvertible {
        /// The simple tokenizer.
        public static let Simple = Tokenizer("simple")
        /// The Porter stemmer.
        public static let Porter = Tokenizer("porter")

        /// The unicode61 tokenizer with its options.
        public static func Unicode61(
            removeDiacritics: Bool? = nil, tokenchars: Set<Character> = [], separators: Set<Character> = []
        ) -> Tokenizer {
            var arguments: [String] = []
            if let removeDiacritics { arguments.append("remove_diacritics=" + (removeDiacritics ? "1" : "0")) }
            if !tokenchars.isEmpty { arguments.append("tokenchars=" + String(tokenchars.sorted())) }
            if !separators.isEmpty { arguments.append("separators=" + String(separators.sorted())) }
            return Tokenizer("unicode61", arguments)
        }

        /// The trigram tokenizer (FTS5 only).
        public static func Trigram(caseSensitive: Bool = false) -> Tokenizer {
            Tokenizer("trigram", ["case_sensitive", caseSensitive ? "1" : "0"])
        }

        /// A tokenizer registered under `name`, used as written.
        public static func Custom(_ name: String) -> Tokenizer {
            Tokenizer(name)
        }

        /// The tokenizer's name.
        public let name: String
        /// Its arguments: `remove_diacritics=1`, `case_sensitive`, `0`, ...
        public let arguments: [String]
        init(_ name: String, _ arguments: [String] = []) {
            self.name = name
            self.arguments = arguments
        }

        /// `name arguments...`: `unicode61 remove_diacritics=1`, `trigram case_sensitive 0`.
        public var description: String { ([name] + arguments).joined(separator: " ") }

        /// The value of an FTS4 `tokenize=` option: the name, then each argument quoted.
        var fts4Value: String {
            ([name] + arguments.map(SQLText.quote)).joined(separator: " ")
        }

        /// The value of an FTS5 `tokenize=` option: the bare name, or with arguments the whole
        /// list as one quoted string, a `key=value` argument as the key and the value as an
        /// FTS5 string.
        var fts5Value: String {
            if arguments.isEmpty { return name }
            let words = arguments.flatMap { argument -> [String] in
                guard let equals = argument.firstIndex(of: "=") else { return [argument] }
                return [String(argument[..<equals]), String(argument[argument.index(after: equals)...]).quotedLiteral]
            }
            return SQLText.quote(([name] + words).joined(separator: " "))
        }
    }

    /// Options shared by ``FTS4Config`` and ``FTS5Config``: columns, tokenizer, prefix indexes,
    /// external content.
    open class FTSConfig {
        /// A column option.
        public enum ColumnOption: Sendable {
            /// The column is stored but not indexed.
            case unindexed
        }

        var columnDefinitions: [(column: Expressible, options: [ColumnOption])] = []
        var tokenizer: Tokenizer?
        var prefixes: [Int] = []
        var externalContent: String?
        var isContentless = false

        /// An empty configuration.
        public init() {}

        /// Adds a column with options.
        @discardableResult
        open func column(_ column: Expressible, _ options: [ColumnOption] = []) -> Self {
            with { $0.columnDefinitions.append((column, options)) }
        }

        /// Adds columns.
        @discardableResult
        open func columns(_ columns: [Expressible]) -> Self {
            with { config in columns.forEach { config.column($0) } }
        }

        /// Sets the tokenizer: `tokenize=porter`.
        @discardableResult
        open func tokenizer(_ tokenizer: Tokenizer?) -> Self {
            with { $0.tokenizer = tokenizer }
        }

        /// Adds prefix indexes: `prefix="2,3"`.
        @discardableResult
        open func prefix(_ prefix: [Int]) -> Self {
            with { $0.prefixes += prefix }
        }

        /// Indexes the content of another table: `content="table"`.
        @discardableResult
        open func externalContent(_ schema: SchemaType) -> Self {
            with { $0.externalContent = schema.qualifiedTableName }
        }

        /// Keeps no content, only the index: `content=""`.
        @discardableResult
        open func contentless() -> Self {
            with { $0.isContentless = true }
        }

        /// Applies `change` to this configuration and returns it, for the chaining setters.
        func with(_ change: (Self) -> Void) -> Self {
            change(self)
            return self
        }

        /// The module arguments.
        func arguments() -> [Expressible] {
            var arguments = columnArguments()
            if let tokenizer { arguments.append(option("tokenize", literal: tokenizerValue(tokenizer))) }
            if !prefixes.isEmpty {
                arguments.append(option("prefix", prefixes.sorted().map(String.init).joined(separator: ",")))
            }
            if isContentless {
                arguments.append(option("content", literal: "\"\""))
            } else if let externalContent {
                arguments.append(option("content", literal: externalContent))
            }
            return arguments
        }

        /// The `tokenize=` value as this module reads it (FTS4's form; FTS5 overrides it).
        func tokenizerValue(_ tokenizer: Tokenizer) -> String {
            tokenizer.fts4Value
        }

        func columnArguments() -> [Expressible] {
            columnDefinitions.map(\.column)
        }

        /// `key="value"` (value quoted as an identifier, as SQLite.swift writes it).
        func option(_ key: String, _ value: String) -> Expressible {
            option(key, literal: SQLText.quote(value))
        }

        /// `key=value` as written.
        func option(_ key: String, literal value: String) -> Expressible {
            Expression<Void>(literal: key + "=" + value)
        }
    }
#endif
