/// Command-line options of `sqlite-bench`.
struct Options {
    /// Rows inserted by the insert workloads.
    var insertRows = 50_000
    /// Rows read by the fetch workloads.
    var fetchRows = 200_000
    /// Point lookups made by the lookup workloads.
    var lookups = 20_000
    /// Rows scanned by the table-function workload.
    var scanRows = 1_000_000
    /// Timed repetitions of each workload (after one untimed warm-up).
    var repetitions = 7
    /// Where to write the JSON report, if anywhere.
    var jsonPath: String?
    /// How the results are printed on standard output.
    var format = ReportFormat.table
    /// Where to write the SVG chart, if anywhere.
    var chartPath: String?
    /// Only the workloads whose name contains this text.
    var filter: String?
    /// Where each tier's database file goes; nil for in-memory databases.
    var directory: String?
    /// The passphrase every database file is encrypted with (SQLCipher builds only).
    var key: String?

    static let usage = """
        usage: sqlite-bench [--quick] [--rows N] [--fetch-rows N] [--lookups N] [--scan-rows N] [--repetitions N]
                            [--filter TEXT] [--format FORMAT] [--json PATH] [--chart PATH]
                            [--on-disk DIR [--key TEXT]]

          --quick          a fast sanity run (small sizes, 3 repetitions)
          --rows N         rows inserted per insert workload (default 50000)
          --fetch-rows N   rows read per fetch workload (default 200000)
          --lookups N      point lookups per lookup workload (default 20000)
          --scan-rows N    rows scanned by table-function-scan (default 1000000)
          --repetitions N  timed repetitions after one warm-up (default 7)
          --filter TEXT    run only workloads whose name contains TEXT
          --format FORMAT  how the results are printed: table (the default), markdown,
                           json or csv
          --json PATH      also write the results as JSON to PATH
          --chart PATH     also write an SVG bar chart of each tier's time over raw C's
                           (the pool tier's over its floors) to PATH
          --on-disk DIR    each tier's database is a new file in DIR (WAL, synchronous
                           NORMAL) instead of in memory (the pool tier's is a file in any
                           case: without this option, in a temporary directory)
          --key TEXT       encrypt those files with the passphrase TEXT (needs a build with
                           the SQLCipher trait; in-memory databases are never encrypted)
        """

    /// Parses `arguments` (without the program name); throws a message for bad input.
    static func parse(_ arguments: [String]) throws(OptionsError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        func value(for flag: String) throws(OptionsError) -> String {
            guard let value = remaining.popFirst() else { throw OptionsError("\(flag) needs a value") }
            return value
        }
        func count(for flag: String) throws(OptionsError) -> Int {
            let text = try value(for: flag)
            guard let number = Int(text), number > 0 else { throw OptionsError("\(flag) needs a positive number") }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                options.insertRows = 5_000
                options.fetchRows = 20_000
                options.lookups = 2_000
                options.scanRows = 100_000
                options.repetitions = 3
            case "--rows": options.insertRows = try count(for: argument)
            case "--fetch-rows": options.fetchRows = try count(for: argument)
            case "--lookups": options.lookups = try count(for: argument)
            case "--scan-rows": options.scanRows = try count(for: argument)
            case "--repetitions": options.repetitions = try count(for: argument)
            case "--json": options.jsonPath = try value(for: argument)
            case "--chart": options.chartPath = try value(for: argument)
            case "--format":
                let name = try value(for: argument)
                guard let format = ReportFormat(rawValue: name) else {
                    throw OptionsError("--format needs one of \(ReportFormat.names), not \(name)")
                }
                options.format = format
            case "--filter": options.filter = try value(for: argument)
            case "--on-disk": options.directory = try value(for: argument)
            case "--key": options.key = try value(for: argument)
            case "--help", "-h": throw OptionsError(usage, isHelp: true)
            default: throw OptionsError("unknown option \(argument)\n\(usage)")
            }
        }
        if options.key != nil, options.directory == nil {
            throw OptionsError("--key needs --on-disk: SQLCipher does not encrypt in-memory databases")
        }
        return options
    }
}

/// A bad command line, or a request for help.
struct OptionsError: Error {
    let message: String
    let isHelp: Bool
    init(_ message: String, isHelp: Bool = false) {
        self.message = message
        self.isHelp = isHelp
    }
}
