import SQLiteCore

/// The fault injected into one ``FaultInjectingVFS``, the operations counted and the faults
/// fired: shared by the VFS and the files it opened, so one test's VFS never sees another's.
final class FaultState: Sendable {
    /// A fault waiting to fire.
    struct Injection {
        var fault: Fault
        /// Operations of the fault's kind that succeed first.
        var after: Int
        /// Whether every later operation of the kind fails too, or only the first one.
        var persistent: Bool
        /// The files hit; `nil`: all of them.
        var roles: Set<FileRole>?
    }

    struct Counters {
        var injection: Injection?
        /// Operations the injection matched so far (its kind, on its files).
        var matched = 0
        var totals: [FaultOperation: Int] = [:]
        var firings: [FaultFiring] = []
    }

    let counters = Locked(Counters())

    /// Whether a sync that does not fail reaches the disk, or only counts.
    let performsSyncs: Bool

    init(performsSyncs: Bool) {
        self.performsSyncs = performsSyncs
    }

    /// Counts one `operation` on a file of `role`, and returns the fault it must report, if any.
    func fault(for operation: FaultOperation, role: FileRole) -> Fault? {
        counters.withLock { counters in
            counters.totals[operation, default: 0] += 1
            guard let injection = counters.injection, injection.fault.operation == operation,
                injection.roles?.contains(role) ?? true
            else { return nil }
            counters.matched += 1
            guard counters.matched > injection.after, injection.persistent || counters.firings.isEmpty else {
                return nil
            }
            counters.firings.append(FaultFiring(fault: injection.fault, role: role, ordinal: counters.matched))
            return injection.fault
        }
    }
}
