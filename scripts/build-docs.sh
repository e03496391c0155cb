#!/usr/bin/env bash
# Builds the DocC documentation of SQLiteCore, SQLiteTyped, SQLiteSchema and SQLiteCodable as
# static sites under .build/docs/<Module>.doccarchive, with the toolchain alone (no plug-in,
# no package dependency).
#
# It fails when
# - docc reports any warning (a broken symbol or article link, a topic that names nothing, a
#   malformed page), and
# - a public symbol of one of the four modules has no `///` documentation comment
#   (scripts/check-doc-comments.py reads the symbol graphs and lists each one).
# Every module is converted and checked before the script fails, so one run reports all.
#
# Usage: scripts/build-docs.sh [--hosting-base-path PATH]
#   --hosting-base-path  where the sites will be served; each module's site is served at
#                        PATH/<Module> (default: swift-sqlite, so SQLiteCore's pages are
#                        /swift-sqlite/SQLiteCore/documentation/sqlitecore/...).
#
# Environment: SWIFT (default: swift), DOCC and SYMBOLGRAPH_EXTRACT (default: the toolchain's
# docc and swift-symbolgraph-extract, found with `xcrun --find` on macOS, next to `swift`
# elsewhere). Needs python3 for the doc-comment check.
#
# Only the API of the default traits is documented (LoadExtension's calls, off by default, are
# not). Links between the four sites are root-relative and assume the default base path.
set -euo pipefail

cd "$(dirname "$0")/.."

modules=(SQLiteCore SQLiteTyped SQLiteSchema SQLiteCodable)
hosting_base_path="swift-sqlite"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --hosting-base-path)
            hosting_base_path="$2"
            shift 2
            ;;
        -h | --help)
            sed -n '2,20p' "$0"
            exit 0
            ;;
        *)
            echo "build-docs.sh: unknown argument $1" >&2
            exit 2
            ;;
    esac
done
hosting_base_path="${hosting_base_path#/}"
hosting_base_path="${hosting_base_path%/}"

swift="${SWIFT:-swift}"
toolchain_bin="$(dirname "$(command -v "$swift")")"
find_tool() {
    if command -v xcrun > /dev/null 2>&1; then
        xcrun --find "$1"
    elif [[ -x "$toolchain_bin/$1" ]]; then
        echo "$toolchain_bin/$1"
    else
        echo "$1"
    fi
}
DOCC="${DOCC:-$(find_tool docc)}"
SYMBOLGRAPH_EXTRACT="${SYMBOLGRAPH_EXTRACT:-$(find_tool swift-symbolgraph-extract)}"

output=.build/docs
# The usual build directory: after `swift build` or `swift test` the modules are already built,
# and the symbol graphs and logs go beside them.
scratch=.build
graphs="$PWD/$scratch/docs-symbol-graphs"

rm -rf "$output" "$graphs"
mkdir -p "$output"

echo "== Building the modules (default traits)"
# The umbrella target builds the four modules and the C modules they import.
"$swift" build --scratch-path "$scratch" --target SQLite
bin="$("$swift" build --scratch-path "$scratch" --show-bin-path)"
triple="$("$swift" -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"

echo "== Extracting symbol graphs"
# swift-symbolgraph-extract reads each built module and writes <Module>.symbols.json plus one
# <Module>@<Other>.symbols.json per module whose types it extends (Connection in SQLiteTyped,
# Int in SQLiteCore...). Unlike -emit-symbol-graph at compile time, it leaves out what a module
# re-exports (SQLiteCore's C API, SQLiteCore in SQLiteTyped), so each site documents its own
# module. The C modules are found through their module maps, as the build found them.
c_module_flags=(
    -Xcc "-fmodule-map-file=$PWD/Sources/CSQLiteAmalgamation/include/module.modulemap"
    -Xcc -I -Xcc "$PWD/Sources/CSQLiteAmalgamation/include"
)
for module in "${modules[@]}"; do
    mkdir -p "$graphs/$module"
    "$SYMBOLGRAPH_EXTRACT" \
        -module-name "$module" \
        -target "$triple" \
        -I "$bin/Modules" \
        "${c_module_flags[@]}" \
        -minimum-access-level public \
        -emit-extension-block-symbols \
        -output-dir "$graphs/$module"
done

failed=0

echo "== Checking that every public symbol has a documentation comment"
if ! python3 scripts/check-doc-comments.py "${modules[@]/#/$graphs/}"; then
    failed=1
fi

warnings_flag=()
if "$DOCC" convert --help 2>&1 | grep -q -- "--warnings-as-errors"; then
    warnings_flag=(--warnings-as-errors)
fi

for module in "${modules[@]}"; do
    echo "== docc convert $module"
    log="$PWD/$scratch/docs-$module.log"
    status=0
    "$DOCC" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "swift-sqlite.$module" \
        --output-path "$output/$module.doccarchive" \
        --transform-for-static-hosting \
        --hosting-base-path "$hosting_base_path/$module" \
        ${warnings_flag[@]+"${warnings_flag[@]}"} \
        > "$log" 2>&1 || status=$?
    cat "$log"
    if [[ $status -ne 0 ]]; then
        echo "build-docs.sh: docc failed for $module (exit $status)" >&2
        failed=1
    elif grep -q "warning:" "$log"; then
        echo "build-docs.sh: docc reported warnings for $module" >&2
        failed=1
    fi
done

if [[ $failed -ne 0 ]]; then
    echo "build-docs.sh: FAILED (see above)" >&2
    exit 1
fi
echo "== Documentation built in $output: ${modules[*]/%/.doccarchive}"
