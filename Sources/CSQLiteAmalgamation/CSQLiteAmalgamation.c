// The one translation unit of the C target: the pinned amalgamation, compiled with the
// package's flags (Package.swift) plus the few that a trait cannot express directly.

// JSON is built into SQLite: the JSON trait being off is what removes it.
#ifndef SWIFT_SQLITE_JSON
#define SQLITE_OMIT_JSON 1
#endif

// Geopoly is an R*Tree extension; never ask for it without R*Tree.
#if defined(SQLITE_ENABLE_GEOPOLY) && !defined(SQLITE_ENABLE_RTREE)
#define SQLITE_ENABLE_RTREE 1
#endif

// The amalgamation is vendored as released; its warnings are not ours to fix.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Weverything"
#endif
#include "sqlite3.c"
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

#include "CSQLiteAmalgamation.h"

#include <pthread.h>
#include <stdlib.h>

sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
sqlite3_destructor_type csqlite_static(void) { return SQLITE_STATIC; }

// Decoder cells: one per thread that decodes rows, handed from an exiting thread to the next
// thread through a free list, never freed (see the header).
typedef struct csqlite_cell {
  void *decoder;
  struct csqlite_cell *next;
} csqlite_cell;

static _Thread_local csqlite_cell *csqlite_current_cell = 0;
static csqlite_cell *csqlite_spare_cells = 0;
static pthread_mutex_t csqlite_cells_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t csqlite_cell_key;
static pthread_once_t csqlite_cell_once = PTHREAD_ONCE_INIT;

static void csqlite_keep_cell(void *pointer) {
  csqlite_cell *cell = pointer;
  csqlite_current_cell = 0;
  pthread_mutex_lock(&csqlite_cells_lock);
  cell->decoder = 0;
  cell->next = csqlite_spare_cells;
  csqlite_spare_cells = cell;
  pthread_mutex_unlock(&csqlite_cells_lock);
}

static void csqlite_make_cell_key(void) { pthread_key_create(&csqlite_cell_key, csqlite_keep_cell); }

static void **csqlite_new_decoder_cell(void) {
  pthread_once(&csqlite_cell_once, csqlite_make_cell_key);
  pthread_mutex_lock(&csqlite_cells_lock);
  csqlite_cell *cell = csqlite_spare_cells;
  if (cell != 0) csqlite_spare_cells = cell->next;
  pthread_mutex_unlock(&csqlite_cells_lock);
  if (cell == 0) cell = malloc(sizeof *cell);
  if (cell == 0) return 0;
  cell->decoder = 0;
  cell->next = 0;
  if (pthread_setspecific(csqlite_cell_key, cell) != 0) {
    csqlite_keep_cell(cell);
    return 0;
  }
  csqlite_current_cell = cell;
  return &cell->decoder;
}

void **csqlite_decoder_cell(void) {
  csqlite_cell *cell = csqlite_current_cell;
  return cell != 0 ? &cell->decoder : csqlite_new_decoder_cell();
}

// Per-thread object slots: read through a thread-local pointer; a pthread key's destructor
// hands what is left in them to their release functions when the thread exits.
typedef struct {
  void *objects[CSQLITE_THREAD_SLOTS];
  void (*release[CSQLITE_THREAD_SLOTS])(void *);
} csqlite_slots;

static _Thread_local csqlite_slots *csqlite_current_slots = 0;
static pthread_key_t csqlite_slots_key;
static pthread_once_t csqlite_slots_once = PTHREAD_ONCE_INIT;

static void csqlite_free_slots(void *pointer) {
  csqlite_slots *slots = pointer;
  csqlite_current_slots = 0;
  for (int i = 0; i < CSQLITE_THREAD_SLOTS; i++) {
    if (slots->objects[i] != 0 && slots->release[i] != 0) slots->release[i](slots->objects[i]);
  }
  free(slots);
}

static void csqlite_make_slots_key(void) { pthread_key_create(&csqlite_slots_key, csqlite_free_slots); }

void *csqlite_thread_slot(int slot) {
  csqlite_slots *slots = csqlite_current_slots;
  if (slots == 0 || slot < 0 || slot >= CSQLITE_THREAD_SLOTS) return 0;
  return slots->objects[slot];
}

void *csqlite_set_thread_slot(int slot, void *object, void (*release)(void *)) {
  if (slot < 0 || slot >= CSQLITE_THREAD_SLOTS) return object;
  csqlite_slots *slots = csqlite_current_slots;
  if (slots == 0) {
    pthread_once(&csqlite_slots_once, csqlite_make_slots_key);
    slots = calloc(1, sizeof *slots);
    if (slots == 0) return object;
    if (pthread_setspecific(csqlite_slots_key, slots) != 0) {
      free(slots);
      return object;
    }
    csqlite_current_slots = slots;
  }
  void *previous = slots->objects[slot];
  slots->objects[slot] = object;
  slots->release[slot] = release;
  return previous;
}

// Column readers for the Swift tiers' hot loops. Each reads the current row's value the way
// sqlite3_column_type followed by sqlite3_column_int64 (or _double) would, in one call and
// without the public functions' per-call bookkeeping: there is no memory to allocate for a
// number, so nothing can fail. An index out of range, or no current row, reads as NULL, as
// it does through the public functions.
static Mem *csqlite_result_column(sqlite3_stmt *statement, int column) {
  Vdbe *vdbe = (Vdbe *)statement;
  if (vdbe == 0 || vdbe->pResultRow == 0 || column < 0 || column >= vdbe->nResColumn) return 0;
  return &vdbe->pResultRow[column];
}

int csqlite_column_type(sqlite3_stmt *statement, int column) {
  Mem *value = csqlite_result_column(statement, column);
  return value ? sqlite3_value_type(value) : SQLITE_NULL;
}

int csqlite_column_int64(sqlite3_stmt *statement, int column, sqlite3_int64 *integer) {
  Mem *value = csqlite_result_column(statement, column);
  if (value == 0) return SQLITE_NULL;
  int type = sqlite3_value_type(value);
  if (type == SQLITE_INTEGER) *integer = sqlite3VdbeIntValue(value);
  return type;
}

int csqlite_column_double(sqlite3_stmt *statement, int column, double *real) {
  Mem *value = csqlite_result_column(statement, column);
  if (value == 0) return SQLITE_NULL;
  int type = sqlite3_value_type(value);
  if (type == SQLITE_FLOAT || type == SQLITE_INTEGER) *real = sqlite3VdbeRealValue(value);
  return type;
}

// The cell layout the header promises (MEM_Null 0x01, MEM_Int 0x04, MEM_Real 0x08,
// MEM_IntReal 0x20: an integer cell has Int without Null or IntReal, a real cell has Real
// without Null, Int or IntReal, as sqlite3_value_type's table reads them).
_Static_assert(sizeof(Mem) == CSQLITE_CELL_SIZE, "cell size");
_Static_assert(offsetof(Mem, flags) == CSQLITE_CELL_FLAGS_OFFSET, "cell flags offset");
_Static_assert(offsetof(Mem, u) == 0, "cell value offset");
_Static_assert(sizeof(((Mem *)0)->flags) == 2, "cell flags width");
_Static_assert(MEM_Null == 0x01 && MEM_Int == 0x04 && MEM_Real == 0x08 && MEM_IntReal == 0x20, "cell flags");
_Static_assert(CSQLITE_CELL_INTEGER_MASK == (MEM_Null | MEM_Int | MEM_IntReal), "integer mask");
_Static_assert(CSQLITE_CELL_REAL_MASK == (MEM_Null | MEM_Int | MEM_Real | MEM_IntReal), "real mask");

const void *csqlite_row_cells(sqlite3_stmt *statement, int first, int count, int *available) {
  static const Mem none;
  Vdbe *vdbe = (Vdbe *)statement;
  *available = 0;
  if (vdbe == 0 || vdbe->pResultRow == 0 || first < 0 || count <= 0 || first >= vdbe->nResColumn) return &none;
  *available = count < vdbe->nResColumn - first ? count : vdbe->nResColumn - first;
  return &vdbe->pResultRow[first];
}

int csqlite_read_numbers(
    sqlite3_stmt *statement, int first, int count, unsigned char *types, sqlite3_int64 *integers, double *reals) {
  Vdbe *vdbe = (Vdbe *)statement;
  if (vdbe == 0 || vdbe->pResultRow == 0 || first < 0 || count <= 0 || first >= vdbe->nResColumn) return 0;
  if (count > vdbe->nResColumn - first) count = vdbe->nResColumn - first;
  Mem *values = &vdbe->pResultRow[first];
  for (int i = 0; i < count; i++) {
    int type = sqlite3_value_type(&values[i]);
    types[i] = (unsigned char)type;
    if (type == SQLITE_INTEGER) integers[i] = sqlite3VdbeIntValue(&values[i]);
    else if (type == SQLITE_FLOAT) reals[i] = sqlite3VdbeRealValue(&values[i]);
  }
  return count;
}
