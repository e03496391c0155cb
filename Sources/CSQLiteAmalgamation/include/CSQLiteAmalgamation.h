#ifndef CSQLITE_AMALGAMATION_H
#define CSQLITE_AMALGAMATION_H

#include "sqlite3.h"

/// SQLITE_TRANSIENT: SQLite copies the bound bytes before the bind call returns.
/// (The C macro is a cast of -1 to a function pointer, which Swift cannot import.)
sqlite3_destructor_type csqlite_transient(void);

/// SQLITE_STATIC: the bound bytes outlive the statement's use of them.
sqlite3_destructor_type csqlite_static(void);

/// The storage class of column `column` of the current row (`SQLITE_INTEGER`, `SQLITE_FLOAT`,
/// `SQLITE_TEXT`, `SQLITE_BLOB` or `SQLITE_NULL`), as `sqlite3_column_type` reports it, in fewer
/// instructions. No current row, or a column out of range, reads as `SQLITE_NULL`.
int csqlite_column_type(sqlite3_stmt *statement, int column);

/// The storage class of column `column` of the current row; when it is `SQLITE_INTEGER`, its
/// value is stored in `*integer`. One call in place of `sqlite3_column_type` and
/// `sqlite3_column_int64`.
int csqlite_column_int64(sqlite3_stmt *statement, int column, sqlite3_int64 *integer);

/// The storage class of column `column` of the current row; when it is `SQLITE_FLOAT` or
/// `SQLITE_INTEGER`, its value as a double is stored in `*real`.
int csqlite_column_double(sqlite3_stmt *statement, int column, double *real);

/// Reads the numbers of columns `first` ..< `first + count` of the current row in one call:
/// the storage class of each column into `types[i]`, and the value of each `SQLITE_INTEGER`
/// (into `integers[i]`) or `SQLITE_FLOAT` (into `reals[i]`); other entries are left alone.
/// Returns how many columns were read: fewer past the last column, 0 with no current row.
int csqlite_read_numbers(
    sqlite3_stmt *statement, int first, int count, unsigned char *types, sqlite3_int64 *integers, double *reals);

/// The cells of the current row, in SQLite's own memory: the first of columns `first` ..<
/// `first + count`, with how many of them exist stored in `*available` (fewer past the last
/// column, 0 with no current row or a NULL statement; the pointer, never NULL, is then not to be
/// read). The cells stay valid, and keep their values, until the statement is stepped, reset or
/// finalized.
///
/// A cell is `CSQLITE_CELL_SIZE` bytes. Its storage class is told by the 16-bit flags at
/// `CSQLITE_CELL_FLAGS_OFFSET`: masked with `CSQLITE_CELL_INTEGER_MASK` they equal
/// `CSQLITE_CELL_INTEGER` exactly when `sqlite3_value_type` says `SQLITE_INTEGER`, and the cell
/// then starts with the value as a 64-bit integer; the same for `CSQLITE_CELL_REAL_MASK`,
/// `CSQLITE_CELL_REAL`, `SQLITE_FLOAT` and a double. Any other cell is read through the API.
/// (The layout is that of the vendored amalgamation; the C file checks it when it compiles.)
const void *csqlite_row_cells(sqlite3_stmt *statement, int first, int count, int *available);

#define CSQLITE_CELL_SIZE 56
#define CSQLITE_CELL_FLAGS_OFFSET 20
#define CSQLITE_CELL_INTEGER_MASK 0x25
#define CSQLITE_CELL_INTEGER 0x04
#define CSQLITE_CELL_REAL_MASK 0x2d
#define CSQLITE_CELL_REAL 0x08

/// The calling thread's decoder cell, or NULL when no memory could be had for one: where the
/// Codable tier marks the row decoder decoding on this thread (NULL when none) for the time a
/// row is decoded, so the keyed containers it hands out can check, with one load, that their
/// decoder is still the one decoding, without holding a reference to it (and without the
/// retain and release that a reference costs on every field).
///
/// A cell outlives its thread: when the thread exits, its cell is cleared and kept for the
/// next thread that asks for one, never freed, so a container that kept a cell's address can
/// read it at any time.
void **csqlite_decoder_cell(void);

/// How many per-thread object slots there are (see `csqlite_thread_slot`).
#define CSQLITE_THREAD_SLOTS 4

/// Slot numbers: one per use, so that uses never see each other's objects.
#define CSQLITE_THREAD_SLOT_INSERT_SHAPE 0
#define CSQLITE_THREAD_SLOT_SELECT_SHAPE 1
#define CSQLITE_THREAD_SLOT_VALUE_ENCODER 2
#define CSQLITE_THREAD_SLOT_RECORD_ENCODER 3

/// The object in the calling thread's slot `slot`, or NULL. A Swift tier keeps in its slot an
/// object only that thread uses (a memo of its last work), which it reads without a lock or an
/// atomic operation.
void *csqlite_thread_slot(int slot);

/// Puts `object` (a reference the slot now owns) in the calling thread's slot `slot`, and
/// returns the object that was there (a reference the caller now owns), or NULL. When the
/// thread exits, the objects left in its slots are given to `release`. A slot out of range
/// keeps nothing: `object` is returned.
void *csqlite_set_thread_slot(int slot, void *object, void (*release)(void *));

#endif
