#if FTS5
    extension Module {
        /// `fts5(...)` from a configuration.
        ///
        /// ```swift
        /// let config = FTS5Config().column(subject).column(body, [.unindexed])
        /// try db.run(emails.create(.FTS5(config)))
        /// // CREATE VIRTUAL TABLE "emails" USING fts5("subject", "body" UNINDEXED)
        /// ```
        public static func FTS5(_ config: FTS5Config) -> Module {
            Module(name: "fts5", arguments: config.arguments())
        }
    }

    /// The options of an FTS5 table (https://www.sqlite.org/fts5.html#fts5_table_creation_and_initialization).
    open class FTS5Config: FTSConfig {
        /// The `detail=` option.
        public enum Detail: String, Sendable {
            /// Full positional detail (the default).
            case full
            /// Only which columns hold each term.
            case column
            /// Only which rows hold each term.
            case none
        }

        var contentRowId: Expressible?
        var columnSize: Int?
        var detailOption: Detail?

        /// An empty configuration.
        override public init() {}

        /// `content_rowid="column"`, the rowid column of the external content table.
        @discardableResult
        open func contentRowId(_ column: Expressible) -> Self {
            with { $0.contentRowId = column }
        }

        /// `columnsize=0` or `1`.
        @discardableResult
        open func columnSize(_ size: Int) -> Self {
            with { $0.columnSize = size }
        }

        /// `detail="full"`, `"column"` or `"none"`.
        @discardableResult
        open func detail(_ detail: Detail) -> Self {
            with { $0.detailOption = detail }
        }

        override func columnArguments() -> [Expressible] {
            columnDefinitions.map { definition in
                let expression = definition.column.expression
                guard definition.options.contains(.unindexed) else { return expression }
                return Expression<Void>(expression.template + " UNINDEXED", expression.bindings)
            }
        }

        override func arguments() -> [Expressible] {
            var arguments = super.arguments()
            if let contentRowId { arguments.append(option("content_rowid", literal: contentRowId.asSQL())) }
            if let columnSize { arguments.append(option("columnsize", literal: String(columnSize))) }
            if let detailOption { arguments.append(option("detail", detailOption.rawValue)) }
            return arguments
        }

        override func tokenizerValue(_ tokenizer: Tokenizer) -> String {
            tokenizer.fts5Value
        }
    }

    extension VirtualTable {
        /// `("emails" MATCH 'query')` for a query built safely from user text.
        public func match(_ pattern: FTS5Pattern) -> Expression<Bool> {
            match(pattern.description)
        }

        /// `bm25("emails")`: the relevance of the match (smaller is better), for `order`.
        public var bm25: Expression<Double> {
            Expression("bm25(" + namespace + ")", [])
        }

        /// `bm25("emails", weights...)` with a weight per column.
        public func bm25(_ weights: Double...) -> Expression<Double> {
            SQLText.call("bm25", [Expression<Void>(namespace, [])] + weights.map { $0 as Expressible })
        }

        /// The built-in `rank` column of an FTS5 table (bm25 by default), for `order(emails.rank)`.
        public var rank: Expression<Double> {
            Expression(namespace + "." + SQLText.quote("rank"), [])
        }

        /// `highlight("emails", column, open, close)`: the column's text with matches wrapped.
        public func highlight(column: Int, open: String, close: String) -> Expression<String> {
            SQLText.call("highlight", [Expression<Void>(namespace, []), column, open, close])
        }

        /// `snippet("emails", column, open, close, ellipsis, tokens)`: a fragment around the
        /// matches (`column` -1 picks the best column).
        public func snippet(column: Int = -1, open: String, close: String, ellipsis: String, tokens: Int)
            -> Expression<String>
        {
            SQLText.call("snippet", [Expression<Void>(namespace, []), column, open, close, ellipsis, tokens])
        }
    }

    /// Builds FTS5 query strings from user text safely: every term is a quoted string, so
    /// operators and punctuation in the text are searched for, not interpreted.
    ///
    /// ```swift
    /// emails.match(FTS5Pattern.phrase(userInput).description)
    /// FTS5Pattern.prefix("wond")                       // "wond"*
    /// FTS5Pattern.all([.phrase("a b"), .prefix("c")])  // "a b" AND "c"*
    /// ```
    public struct FTS5Pattern: Sendable, CustomStringConvertible {
        /// The query string.
        public let description: String

        /// A query string used as written (no escaping).
        public init(raw: String) {
            description = raw
        }

        /// The text as one phrase: `"text"`, with `"` doubled.
        public static func phrase(_ text: String) -> FTS5Pattern {
            FTS5Pattern(raw: text.sqlQuoted(by: "\""))
        }

        /// A phrase matched as a prefix: `"text"*`.
        public static func prefix(_ text: String) -> FTS5Pattern {
            FTS5Pattern(raw: phrase(text).description + "*")
        }

        /// A pattern restricted to one column: `"subject" : pattern`.
        public static func column(_ name: String, _ pattern: FTS5Pattern) -> FTS5Pattern {
            FTS5Pattern(raw: SQLText.quote(name) + " : " + pattern.description)
        }

        /// Every pattern must match: `a AND b`.
        public static func all(_ patterns: [FTS5Pattern]) -> FTS5Pattern {
            FTS5Pattern(raw: patterns.map { "(" + $0.description + ")" }.joined(separator: " AND "))
        }

        /// Any pattern may match: `a OR b`.
        public static func any(_ patterns: [FTS5Pattern]) -> FTS5Pattern {
            FTS5Pattern(raw: patterns.map { "(" + $0.description + ")" }.joined(separator: " OR "))
        }

        /// Each word of `text` (split on whitespace) as a phrase, all required.
        public static func words(_ text: String) -> FTS5Pattern {
            all(text.split(whereSeparator: \.isWhitespace).map { phrase(String($0)) })
        }
    }
#endif
