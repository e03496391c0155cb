#!/usr/bin/env bash
# Reproduces the vendored SQLite amalgamation from the PyPI source distribution of
# sqlean-py, verifies it, and records where it came from.
#
#   scripts/update-amalgamation.sh 3.50.4            # verify against the pinned checksums, then write
#   scripts/update-amalgamation.sh --check 3.50.4    # verify only; write nothing
#
# A new version needs its expected checksums and source id added to the table below
# first: the script refuses to write anything that does not match them.
set -euo pipefail

check_only=0
if [ "${1:-}" = "--check" ]; then check_only=1; shift; fi
version="${1:?usage: $0 [--check] VERSION (e.g. 3.50.4)}"

# version | sqlean-py release | source id | sha256 sqlite3.c (after the cut) | sqlite3.h | sqlite3ext.h
pins=(
  "3.50.4|3.50.4.5|2025-07-30 19:33:53 4d8adfb30e03f9cf27f800a2c1ba3c48fb4ca1b08b0f5ed59a4d5ecbf45e20a3|e3f5d6901e7492af4a1fc8c4d745cae84c264942524c3fbfc02b82a5ca8818c8|abd1514e0351f79393d1be882830afdb40a8099e8257f311f0bfdf8486f11bea|9a91de0d5e5ccc04ec59041275c67972d6f8894f7543a10033e387b69987beb5"
)

pin=""
for p in "${pins[@]}"; do
  [ "${p%%|*}" = "$version" ] && pin="$p"
done
if [ -z "$pin" ]; then
  echo "error: no pinned checksums for SQLite $version; add them to $0 first" >&2
  exit 1
fi
IFS='|' read -r _ package_version source_id sum_c sum_h sum_ext <<<"$pin"

root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/Sources/CSQLiteAmalgamation"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "fetching sqlean-py==$package_version (source distribution)" >&2
python3 -m pip download --quiet --no-deps --no-binary :all: -d "$work" "sqlean-py==$package_version"
archive="$(ls "$work"/sqlean_py-*.tar.gz)"
tar -xzf "$archive" -C "$work"
src="$(ls -d "$work"/sqlean_py-*/sqlite)"

# sqlean-py appends its own initialisation after the amalgamation's last line: cut it.
marker='/************************** End of sqlite3.c ******************************/'
line="$(grep -nF "$marker" "$src/sqlite3.c" | head -n 1 | cut -d: -f1)"
if [ -z "$line" ]; then
  echo "error: end-of-amalgamation marker not found in sqlite3.c" >&2
  exit 1
fi
head -n "$line" "$src/sqlite3.c" >"$work/sqlite3.c"
cp "$src/sqlite3.h" "$src/sqlite3ext.h" "$work/"

fail=0
verify() { # file expected
  local got
  got="$(sha256sum "$work/$1" | cut -d' ' -f1)"
  if [ "$got" != "$2" ]; then
    echo "error: $1 sha256 $got, expected $2" >&2
    fail=1
  fi
}
verify sqlite3.c "$sum_c"
verify sqlite3.h "$sum_h"
verify sqlite3ext.h "$sum_ext"
grep -q "#define SQLITE_VERSION  *\"$version\"" "$work/sqlite3.h" || { echo "error: sqlite3.h is not version $version" >&2; fail=1; }
grep -qF "#define SQLITE_SOURCE_ID      \"$source_id\"" "$work/sqlite3.h" || { echo "error: sqlite3.h source id differs from $source_id" >&2; fail=1; }
if [ "$fail" -ne 0 ]; then
  echo "refusing to write: the download does not match the pinned amalgamation" >&2
  exit 1
fi

if [ "$check_only" -eq 1 ]; then
  for f in sqlite3.c sqlite3.h sqlite3ext.h; do
    cmp -s "$work/$(basename "$f")" "$dest/$f" || { echo "error: vendored $f differs from the registry copy" >&2; exit 1; }
  done
  echo "vendored amalgamation matches sqlean-py==$package_version" >&2
  exit 0
fi

cp "$work/sqlite3.c" "$dest/sqlite3.c"
cp "$work/sqlite3.h" "$work/sqlite3ext.h" "$dest/"
cat >"$dest/PROVENANCE" <<PROV
SQLite $version
source id: $source_id
package: sqlean-py==$package_version (PyPI source distribution, $(basename "$archive"))
sha256 $(basename "$archive"): $(sha256sum "$archive" | cut -d' ' -f1)
transformation: sqlite/sqlite3.c cut after the line "$marker"; sqlite3.h and sqlite3ext.h copied unmodified
sha256 sqlite3.c: $sum_c
sha256 sqlite3.h: $sum_h
sha256 sqlite3ext.h: $sum_ext
date: $(date -u +%Y-%m-%d)
PROV
echo "wrote SQLite $version to $dest" >&2
