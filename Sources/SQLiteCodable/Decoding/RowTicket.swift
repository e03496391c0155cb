internal import CRelaxedAtomics
import Foundation

/// Where the decoder of a live statement says whether it is decoding a row: the word a row's
/// decoder handle and keyed containers compare before every read, without holding (and so
/// without retaining and releasing, per field) a reference to the decoder.
///
/// A ticket is never freed: a container kept past its decoder reads a ticket that is still
/// there, and learns from its ``state`` that its decoder is gone. Tickets are taken from a
/// process-wide pool when a decoder is made and given back when it is freed (``RowTickets``).
///
/// ``state`` counts up and never repeats: an even value while no row is decoded, the odd value
/// after it (a decoder's *live state*) while the decoder decodes a row on the thread it handed
/// that state to. A new state is drawn when a decoder is made, when it starts decoding on
/// another thread, and when it is freed, so a handle keeps one that no later row, thread or
/// decoder can show (see ``LiveRow``).
///
/// The ticket is a C struct (`CRelaxedAtomics`), so that its state is read and written with
/// relaxed atomic operations through the ticket's pointer (``UnsafeMutablePointer/state``): a
/// handle kept on one thread may read it while a decoder that took the ticket after it writes it
/// on another.
typealias RowTicket = swift_sqlite_row_ticket

extension UnsafeMutablePointer where Pointee == RowTicket {
    /// The ticket's state, read and written atomically (relaxed: no other memory is ordered by it).
    var state: UInt64 {
        // Measured: without the decoding side's @inline(__always), fetch-record codable 2.20 -> 3.86 x raw C, decode-row 2.29 -> 3.95, point-lookup record 2.13 -> 2.95 (callgrind --quick).
        @inline(__always) get { swift_sqlite_row_ticket_state(self) }
        @inline(__always) nonmutating set { swift_sqlite_row_ticket_set_state(self, newValue) }
    }

    /// The decoder holding the ticket; nil while it is in the pool. Read only by a handle that
    /// found its own live state in the ticket, that is on the thread decoding with it.
    var decoder: Unmanaged<RowDecoder>? {
        @inline(__always) get { pointee.decoder.map { Unmanaged.fromOpaque($0) } }
        @inline(__always) nonmutating set { pointee.decoder = newValue?.toOpaque() }
    }
}

/// The process-wide pool of ``RowTicket``s. The pool is process-wide, not per connection,
/// because containers outlive connections too; it is touched once when a decoder of a live
/// statement is made and once when it is freed, never per row.
enum RowTickets {
    private static let lock = PlainLock()
    /// Tickets given back, to hand out again.
    nonisolated(unsafe) private static var free: [UnsafeMutablePointer<RowTicket>] = []

    /// How many tickets each allocation makes.
    private static let batch = 64

    /// A ticket for `decoder`, in a new idle state.
    static func take(for decoder: RowDecoder) -> UnsafeMutablePointer<RowTicket> {
        lock.lock()
        if free.isEmpty {
            // Never deallocated (see RowTicket).
            let tickets = UnsafeMutablePointer<RowTicket>.allocate(capacity: batch)
            tickets.initialize(repeating: RowTicket(state: 0, decoder: nil), count: batch)
            free.reserveCapacity(free.count + batch)
            for offset in 0..<batch { free.append(tickets + offset) }
        }
        let ticket = free.removeLast()
        lock.unlock()
        ticket.decoder = Unmanaged.passUnretained(decoder)
        ticket.state = nextIdleState(after: ticket.state)
        return ticket
    }

    /// Gives `ticket` back, in a state no handle holds, for another decoder.
    static func giveBack(_ ticket: UnsafeMutablePointer<RowTicket>) {
        ticket.state = nextIdleState(after: ticket.state)
        ticket.decoder = nil
        lock.lock()
        free.append(ticket)
        lock.unlock()
    }

    /// The next even state after `state`.
    @inline(__always)
    static func nextIdleState(after state: UInt64) -> UInt64 {
        (state | 1) &+ 1
    }
}

/// A row of a live statement as a handle sees it: the decoder's ticket, the live state of the
/// decoder when the handle was made, and the thread it was made on.
///
/// ``withDecoder(_:otherwise:)`` reaches the decoder only when called on that thread while the
/// ticket shows that live state, that is while the decoder decodes a row on that thread (and
/// holds the statement on it). On another thread it throws without reading anything another
/// thread writes; on the same thread after the row, or after the decoder was freed, the state
/// it reads is another, since states never repeat. Three words: a handle holding it is a plain
/// value, copied without reference counting (the standard library copies a keyed container
/// for every field it reads).
struct LiveRow {
    let ticket: UnsafeMutablePointer<RowTicket>
    let state: UInt64
    /// Compared with `==`, which is what `pthread_equal` does on the platforms the package
    /// builds for, without its call.
    let thread: pthread_t

    /// Runs `body` with the decoder, borrowed, when the row is current on this thread; else
    /// throws `otherwise()`.
    @inline(__always)
    func withDecoder<R>(_ otherwise: () -> any Error, _ body: (RowDecoder) throws -> R) throws -> R {
        guard pthread_self() == thread, ticket.state == state else { throw otherwise() }
        // A ticket shows a decoder's live state only while that decoder holds it.
        return try ticket.decoder.unsafelyUnwrapped._withUnsafeGuaranteedRef(body)
    }

    /// Whether the row is current on this thread.
    @inline(__always)
    var isCurrent: Bool {
        pthread_self() == thread && ticket.state == state
    }
}
