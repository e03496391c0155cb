#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The machine a run measured, as the chart names it: core count, operating system and
/// architecture, and the time of the run.
struct Machine {
    /// Online processor cores.
    let cores: Int
    /// The operating system: `PRETTY_NAME` from `/etc/os-release`, else `uname`'s name and
    /// release.
    let system: String
    /// The processor architecture, from `uname` (e.g. `x86_64`).
    let architecture: String
    /// When the description was taken, as `YYYY-MM-DD HH:MM UTC`.
    let date: String

    /// This machine, now.
    static func current() -> Machine {
        var names = utsname()
        uname(&names)
        let sysname = field(of: &names.sysname)
        let release = field(of: &names.release)
        let machine = field(of: &names.machine)
        return Machine(
            cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))),
            system: osReleaseName() ?? "\(sysname) \(release)",
            architecture: machine,
            date: utcNow())
    }

    /// One line for a chart or a log: `2 cores, Ubuntu 24.04.1 LTS, x86_64`.
    var summary: String { "\(cores) \(cores == 1 ? "core" : "cores"), \(system), \(architecture)" }

    /// A fixed-size C string field of `utsname` as a Swift string.
    private static func field<T>(of tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// `PRETTY_NAME` from `/etc/os-release` without its quotes, or nil when there is none.
    private static func osReleaseName() -> String? {
        guard let file = fopen("/etc/os-release", "r") else { return nil }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line).trimmingSuffix { $0.isNewline }
            guard text.hasPrefix("PRETTY_NAME=") else { continue }
            var value = text.dropFirst("PRETTY_NAME=".count)
            if value.first == "\"" || value.first == "'" { value = value.dropFirst() }
            if value.last == "\"" || value.last == "'" { value = value.dropLast() }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }

    /// The current time in UTC, to the minute.
    private static func utcNow() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M UTC", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension String {
    /// The string without its trailing characters that satisfy `predicate`.
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
        var text = Substring(self)
        while let last = text.last, predicate(last) { text = text.dropLast() }
        return String(text)
    }
}
