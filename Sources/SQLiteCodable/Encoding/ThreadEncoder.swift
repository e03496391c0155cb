import CSQLiteAmalgamation
import SQLiteTyped

/// The plan the calling thread encoded its last value with, and that plan's encoder, kept in a
/// per-thread slot (`csqlite_thread_slot`): a thread encoding values of one type takes and
/// gives back its encoder without the plans' lock, and without an atomic operation.
///
/// Each kind of plan has its own slot (``EncodingPlan`` and ``RecordPlan``). What a slot holds
/// when its thread exits is released then, finishing the encoder.
final class ThreadEncoder<Plan: AnyObject> {
    private var plan: Plan
    /// The encoder, or nil while the thread uses it (a value encoded within another value's
    /// encoding then gets an encoder through the plan's lock).
    private var encoder: RowEncoder?

    private init(plan: Plan, encoder: consuming RowEncoder) {
        self.plan = plan
        self.encoder = encoder
    }

    deinit {
        encoder?.finish()
    }

    /// The thread's plan in `slot` with its encoder, taken, when `matches` accepts the plan.
    @inline(__always)
    static func take(from slot: Int32, where matches: (Plan) -> Bool) -> (plan: Plan, encoder: RowEncoder)? {
        guard let raw = csqlite_thread_slot(slot) else { return nil }
        return Unmanaged<ThreadEncoder>.fromOpaque(raw)._withUnsafeGuaranteedRef { kept in
            guard matches(kept.plan), let encoder = kept.encoder.take() else { return nil }
            return (kept.plan, encoder)
        }
    }

    /// Keeps `encoder` as the thread's encoder of `plan` in `slot`. Returns the encoder it
    /// replaces, with its plan, for the caller to give back to that plan; nil when there is none.
    @inline(__always)
    static func keep(_ encoder: consuming RowEncoder, of plan: Plan, in slot: Int32) -> (
        plan: Plan, encoder: RowEncoder
    )? {
        guard let raw = csqlite_thread_slot(slot) else {
            ThreadSlot.put(ThreadEncoder(plan: plan, encoder: encoder), in: slot)
            return nil
        }
        return Unmanaged<ThreadEncoder>.fromOpaque(raw)._withUnsafeGuaranteedRef { kept in
            let replaced = kept.encoder.take().map { (kept.plan, $0) }
            if kept.plan !== plan { kept.plan = plan }
            kept.encoder = encoder
            return replaced
        }
    }
}
