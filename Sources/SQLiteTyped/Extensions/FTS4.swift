#if FTS4
    extension Module {
        /// `fts4("a", "b")`: a full-text table over the columns.
        public static func FTS4(_ column: Expressible, _ more: Expressible...) -> Module {
            FTS4([column] + more)
        }

        /// `fts4(columns..., tokenize=...)`.
        ///
        /// ```swift
        /// try db.run(emails.create(.FTS4([subject, body], tokenize: .Porter)))
        /// // CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body", tokenize=porter)
        /// ```
        public static func FTS4(_ columns: [Expressible] = [], tokenize tokenizer: Tokenizer? = nil) -> Module {
            FTS4(FTS4Config().columns(columns).tokenizer(tokenizer))
        }

        /// `fts4(...)` from a full configuration.
        public static func FTS4(_ config: FTS4Config) -> Module {
            Module(name: "fts4", arguments: config.arguments())
        }
    }

    /// The options of an FTS4 table (https://www.sqlite.org/fts3.html#fts4_options).
    ///
    /// ```swift
    /// let config = FTS4Config().column(subject).column(body, [.unindexed]).languageId("lid").order(.desc)
    /// try db.run(emails.create(.FTS4(config)))
    /// // CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body", notindexed="body", languageid="lid", order="desc")
    /// ```
    open class FTS4Config: FTSConfig {
        /// The `matchinfo=` option.
        public enum MatchInfo: String, Sendable, CustomStringConvertible {
            /// `matchinfo="fts3"`.
            case fts3

            /// The option's value: `fts3`.
            public var description: String { rawValue }
        }

        /// The `order=` option.
        public enum Order: String, Sendable, CustomStringConvertible {
            /// Optimized for ascending docids (the default).
            case asc
            /// Optimized for descending docids.
            case desc

            /// The option's value: `asc` or `desc`.
            public var description: String { rawValue }
        }

        var compressFunction: String?
        var uncompressFunction: String?
        var languageIdColumn: String?
        var matchInfoOption: MatchInfo?
        var orderOption: Order?

        /// An empty configuration.
        override public init() {}

        /// `compress="function"`.
        @discardableResult
        open func compress(_ functionName: String) -> Self {
            with { $0.compressFunction = functionName }
        }

        /// `uncompress="function"`.
        @discardableResult
        open func uncompress(_ functionName: String) -> Self {
            with { $0.uncompressFunction = functionName }
        }

        /// `languageid="column"`.
        @discardableResult
        open func languageId(_ columnName: String) -> Self {
            with { $0.languageIdColumn = columnName }
        }

        /// `matchinfo="fts3"`.
        @discardableResult
        open func matchInfo(_ matchInfo: MatchInfo) -> Self {
            with { $0.matchInfoOption = matchInfo }
        }

        /// `order="asc"` or `order="desc"`.
        @discardableResult
        open func order(_ order: Order) -> Self {
            with { $0.orderOption = order }
        }

        override func arguments() -> [Expressible] {
            var arguments = super.arguments()
            for definition in columnDefinitions where definition.options.contains(.unindexed) {
                arguments.append(option("notindexed", literal: definition.column.asSQL()))
            }
            if let languageIdColumn { arguments.append(option("languageid", languageIdColumn)) }
            if let compressFunction { arguments.append(option("compress", compressFunction)) }
            if let uncompressFunction { arguments.append(option("uncompress", uncompressFunction)) }
            if let matchInfoOption { arguments.append(option("matchinfo", matchInfoOption.rawValue)) }
            if let orderOption { arguments.append(option("order", orderOption.rawValue)) }
            return arguments
        }
    }
#endif
