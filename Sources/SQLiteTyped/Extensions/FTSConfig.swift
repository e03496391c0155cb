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
            var options: [(key: String, value: String)] = []
            if let removeDiacritics { options.append(("remove_diacritics", removeDiacritics ? "1" : "0")) }
            if !tokenchars.isEmpty { options.append(("tokenchars", String(tokenchars.sorted()))) }
            if !separators.isEmpty { options.append(("separators", String(separators.sorted()))) }
            return Tokenizer("unicode61", options.map { $0.key + "=" + $0.value }, options: options)
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
        /// The unicode61 options as keys and values, which FTS5 writes as separate words.
        let options: [(key: String, value: String)]?

        init(_ name: String, _ arguments: [String] = [], options: [(key: String, value: String)]? = nil) {
            self.name = name
            self.arguments = arguments
            self.options = options
        }

        /// `name arguments...`: `unicode61 remove_diacritics=1`, `trigram case_sensitive 0`.
        public var description: String { ([name] + arguments).joined(separator: " ") }

        /// The value of an FTS4 `tokenize=` option: the name, then each argument quoted.
        var fts4Value: String {
            ([name] + arguments.map(SQLText.quote)).joined(separator: " ")
        }

        /// The value of an FTS5 `tokenize=` option: the bare name, or with arguments the whole
        /// list as one quoted string (option values as FTS5 strings).
        var fts5Value: String {
            let words: [String]
            if let options {
                words = options.flatMap { [$0.key, $0.value.quotedLiteral] }
            } else {
                words = arguments
            }
            if words.isEmpty { return name }
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
            columnDefinitions.append((column, options))
            return self
        }

        /// Adds columns.
        @discardableResult
        open func columns(_ columns: [Expressible]) -> Self {
            for column in columns { self.column(column) }
            return self
        }

        /// Sets the tokenizer: `tokenize=porter`.
        @discardableResult
        open func tokenizer(_ tokenizer: Tokenizer?) -> Self {
            self.tokenizer = tokenizer
            return self
        }

        /// Adds prefix indexes: `prefix="2,3"`.
        @discardableResult
        open func prefix(_ prefix: [Int]) -> Self {
            prefixes += prefix
            return self
        }

        /// Indexes the content of another table: `content="table"`.
        @discardableResult
        open func externalContent(_ schema: SchemaType) -> Self {
            externalContent = schema.qualifiedTableName
            return self
        }

        /// Keeps no content, only the index: `content=""`.
        @discardableResult
        open func contentless() -> Self {
            isContentless = true
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
