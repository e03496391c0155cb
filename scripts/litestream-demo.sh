#!/usr/bin/env bash
# Litestream with the notes example (Examples/Notes): replicates a notes database to a directory
# while notes are added, kills Litestream with SIGKILL and deletes the database with its WAL (the
# server is gone), restores the replica into a new file and lists the notes from it.
#
# Usage: scripts/litestream-demo.sh    (installs Litestream 0.5.17 into .build/litestream first)
set -euo pipefail
cd "$(dirname "$0")/.."
export SWIFT_DETERMINISTIC_HASHING=1

scripts/install-litestream.sh
litestream="$PWD/.build/litestream/bin/litestream"
swift build --product notes
notes="$(swift build --show-bin-path)/notes"

work="$(mktemp -d)"
replicator=""
cleanup() {
  [ -z "$replicator" ] || kill -9 "$replicator" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
db="$work/notes.sqlite"

step() { printf '\n== %s\n' "$*"; }

step "a notes database, created and migrated by the first note"
"$notes" --db "$db" add "Groceries" "milk, eggs, coffee"

step "litestream replicate, to the directory $work/replica"
cat >"$work/litestream.yml" <<YAML
dbs:
  - path: $db
    monitor-interval: 100ms
    replica:
      type: file
      path: $work/replica
      sync-interval: 100ms
YAML
"$litestream" replicate -config "$work/litestream.yml" >"$work/litestream.log" 2>&1 &
replicator=$!
for _ in $(seq 100); do
  [ -d "$work/replica/ltx" ] && break
  sleep 0.1
done
[ -d "$work/replica/ltx" ] || { cat "$work/litestream.log"; echo "error: nothing replicated" >&2; exit 1; }

step "more notes while Litestream streams"
"$notes" --db "$db" add "Replication" "Litestream copies each committed transaction to the replica"
"$notes" --db "$db" add "Restore drill" "restore into a new file, then PRAGMA integrity_check"
"$notes" --db "$db" pin 2
"$notes" --db "$db" list

step "waiting for the replica to catch up (sync interval 100 ms), then the server dies"
sleep 2
kill -9 "$replicator"
wait "$replicator" 2>/dev/null || true
replicator=""
rm -f "$db" "$db-wal" "$db-shm"
echo "litestream killed with SIGKILL; $db and its -wal and -shm deleted"

step "litestream restore -o $work/restored.sqlite file://$work/replica"
"$litestream" restore -o "$work/restored.sqlite" "file://$work/replica"

step "the notes, read from the restored file"
"$notes" --db "$work/restored.sqlite" list
