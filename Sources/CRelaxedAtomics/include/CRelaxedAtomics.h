#ifndef C_RELAXED_ATOMICS_H
#define C_RELAXED_ATOMICS_H

#include <stdint.h>

// The row ticket of SQLiteCodable's live-row decoding (RowTicket.swift) and the relaxed atomic
// loads and stores of its state word: one thread writes the word while another may read it, and
// the reader needs no ordering with anything else, only that the access is not a data race. On
// x86-64 and ARM64 each compiles to a plain load or store. The word is reached through the
// ticket's pointer, never through a Swift `inout` access, which ThreadSanitizer (rightly) counts as
// a write. Swift's own atomics (the Synchronization module) need macOS 15 or iOS 18; these work on
// every platform the package builds for. SQLiteCodable imports this module internally, so it is
// not visible to the package's users.

typedef struct swift_sqlite_row_ticket {
    // Even between rows, the decoder's live state during one; only through the functions below.
    uint64_t state;
    // The decoder holding the ticket (an unretained RowDecoder), NULL while it is in the pool.
    void *_Nullable decoder;
} swift_sqlite_row_ticket;

static inline uint64_t swift_sqlite_row_ticket_state(const swift_sqlite_row_ticket *_Nonnull ticket) {
    return __atomic_load_n(&ticket->state, __ATOMIC_RELAXED);
}

static inline void swift_sqlite_row_ticket_set_state(swift_sqlite_row_ticket *_Nonnull ticket, uint64_t state) {
    __atomic_store_n(&ticket->state, state, __ATOMIC_RELAXED);
}

#endif
