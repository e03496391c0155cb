#ifndef C_RELAXED_ATOMICS_H
#define C_RELAXED_ATOMICS_H

#include <stdint.h>

// Relaxed atomic loads and stores of one 64-bit word, for a word that one thread writes while
// another may read it, where the reader needs no ordering with anything else: only that the
// access is not a data race. On x86-64 and ARM64 each compiles to a plain load or store.
// Swift's own atomics (the Synchronization module) need macOS 15 or iOS 18; these work on every
// platform the package builds for. SQLiteCodable imports this module internally, so it is not
// visible to the package's users.

static inline uint64_t relaxed_atomic_load_u64(const uint64_t *_Nonnull word) {
    return __atomic_load_n(word, __ATOMIC_RELAXED);
}

static inline void relaxed_atomic_store_u64(uint64_t *_Nonnull word, uint64_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELAXED);
}

#endif
