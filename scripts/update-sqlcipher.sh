#!/usr/bin/env bash
# Reproduces the vendored SQLCipher amalgamation (the SQLCipher trait's source) from the PyPI
# source distribution of sqlcipher3, verifies it, and records where it came from.
#
#   scripts/update-sqlcipher.sh 4.19.0            # verify against the pinned checksums, then write
#   scripts/update-sqlcipher.sh --check 4.19.0    # verify only; write nothing
#
# A new version needs its expected checksums added to the table below first: the script
# refuses to write anything that does not match them.
set -euo pipefail

check_only=0
if [ "${1:-}" = "--check" ]; then check_only=1; shift; fi
version="${1:?usage: $0 [--check] VERSION (e.g. 4.19.0)}"

# SQLCipher version | SQLite version | sqlcipher3 release | sha256 of its sdist | source id |
# sha256 sqlite3.c | sqlite3.h
pins=(
  "4.19.0|3.53.4|0.6.4|b02a3edfc554c9197d63ab4c38a30f7682eec65b10e5be2c9285a0d6ffb7a29a|2026-07-24 19:02:57 bf7c7f30031888f4e796e429ab3978879485813aaca6f641c7b33e4e0945alt1|f6d54c906fefdc09124c845cb8f45145a8049aee32c0e5aad95c042b9e4dc8d3|8a9d1bff44d75174ca6dea3ea9bac50a6104d86facb566647b8bb839375b7b3a"
)

pin=""
for p in "${pins[@]}"; do
  [ "${p%%|*}" = "$version" ] && pin="$p"
done
if [ -z "$pin" ]; then
  echo "error: no pinned checksums for SQLCipher $version; add them to $0 first" >&2
  exit 1
fi
IFS='|' read -r _ sqlite_version package_version sum_archive source_id sum_c sum_h <<<"$pin"

root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/Sources/CSQLCipher"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The sdist's metadata step wants to build the package (with conan); a virtual environment
# with setuptools and wheel lets pip download it without building anything.
echo "fetching sqlcipher3==$package_version (source distribution)" >&2
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet wheel setuptools
"$work/venv/bin/pip" download --quiet --no-deps --no-binary :all: --no-build-isolation \
  -d "$work" "sqlcipher3==$package_version"
archive="$(ls "$work"/sqlcipher3-*.tar.gz)"
tar -xzf "$archive" -C "$work"
src="$work/sqlcipher3-$package_version/vendor"
cp "$src/sqlite3.c" "$src/sqlite3.h" "$work/"

fail=0
verify() { # file expected
  local got
  got="$(sha256sum "$1" | cut -d' ' -f1)"
  if [ "$got" != "$2" ]; then
    echo "error: $(basename "$1") sha256 $got, expected $2" >&2
    fail=1
  fi
}
verify "$archive" "$sum_archive"
verify "$work/sqlite3.c" "$sum_c"
verify "$work/sqlite3.h" "$sum_h"
grep -q "#define SQLITE_VERSION  *\"$sqlite_version\"" "$work/sqlite3.h" || { echo "error: sqlite3.h is not SQLite $sqlite_version" >&2; fail=1; }
grep -qF "#define SQLITE_SOURCE_ID      \"$source_id\"" "$work/sqlite3.h" || { echo "error: sqlite3.h source id differs from $source_id" >&2; fail=1; }
grep -qF "#define CIPHER_VERSION_NUMBER $version" "$work/sqlite3.c" || { echo "error: sqlite3.c is not SQLCipher $version" >&2; fail=1; }
if [ "$fail" -ne 0 ]; then
  echo "refusing to write: the download does not match the pinned amalgamation" >&2
  exit 1
fi

# SQLCipher's own license (BSD-style), as its sqlcipher.c carries it inside the amalgamation.
license_start="$(grep -n '^\*\* Copyright (c) 2008-.*ZETETIC LLC' "$work/sqlite3.c" | head -n 1 | cut -d: -f1)"
if [ -z "$license_start" ]; then
  echo "error: SQLCipher's license block not found in sqlite3.c" >&2
  exit 1
fi
awk -v start="$license_start" 'NR >= start { if ($0 == "*/") exit; sub(/^\*\* ?/, ""); print }' \
  "$work/sqlite3.c" >"$work/LICENSE"

if [ "$check_only" -eq 1 ]; then
  for f in sqlite3.c sqlite3.h LICENSE; do
    cmp -s "$work/$f" "$dest/$f" || { echo "error: vendored $f differs from the registry copy" >&2; exit 1; }
  done
  echo "vendored SQLCipher matches sqlcipher3==$package_version" >&2
  exit 0
fi

mkdir -p "$dest"
cp "$work/sqlite3.c" "$work/sqlite3.h" "$work/LICENSE" "$dest/"
cat >"$dest/PROVENANCE" <<PROV
SQLCipher $version (community edition), on SQLite $sqlite_version
source id: $source_id
package: sqlcipher3==$package_version (PyPI source distribution, $(basename "$archive"))
sha256 $(basename "$archive"): $sum_archive
transformation: vendor/sqlite3.c and vendor/sqlite3.h copied unmodified; LICENSE is SQLCipher's license block from sqlite3.c
sha256 sqlite3.c: $sum_c
sha256 sqlite3.h: $sum_h
date: $(date -u +%Y-%m-%d)
PROV
echo "wrote SQLCipher $version to $dest" >&2
