#!/usr/bin/env bash
# What an app pays to ship the SDK: compiles each library target of the root package for an iPhone
# as a release build does (arm64-apple-ios16.0, -Osize, whole-module optimization, Apple's real
# iOS 16.5 SDK) and prints per target the machine code (`__text`), every section but debug
# information and unwind tables, and the largest contributors to `__text` by kind and by symbol.
#
#   bash Benchmarks/size.sh             # measure, and check __text against Thresholds/<swift version>/
#   bash Benchmarks/size.sh --update    # measure, and record the new figures
#   bash Benchmarks/size.sh --top 40    # more contributors
#   bash Benchmarks/size.sh --reuse-objects --top 100   # read the last run's objects again, no compile
#
# The apple-sdk-typecheck tool (next to the repository, as .ci/apple-sdk-check uses it) type-checks
# the targets first: it holds the SDK and the standard library retargeted to iOS, and leaves its
# compiler arguments per target; size.py compiles each target with those arguments changed only as
# a release build differs (see Benchmarks/README.md). Objects and logs go to .build-size/.
#
# Exit 0: every judged target (AccessEnabler, AccessEnablerLegacy) within 5 % of its recorded
# __text. 1: a target grew more, or a compile failed. 3: SKIPPED, no Apple SDK on this machine
# (the tool's SKIPPED line is printed in a banner).
set -euo pipefail
cd "$(dirname "$0")/.."

tool=../shared/tools/apple-sdk-typecheck/run.sh
out=.build-size
cache="${APPLE_SDK_TYPECHECK_CACHE:-$PWD/.build-apple-sdk-typecheck}"
bar='!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!'

skipped() {
    printf '\n%s\n!!! %s\n!!! No code size was measured.\n%s\n\n' "$bar" "$1" "$bar"
    exit 3
}

size_args=()
reuse=""
while [ $# -gt 0 ]; do
    case "$1" in
        --update) size_args+=(--update) ;;
        --top) size_args+=(--top "$2"); shift ;;
        --reuse-objects) size_args+=(--reuse-objects); reuse=1 ;;
        *) echo "usage: size.sh [--update] [--top N] [--reuse-objects]" >&2; exit 2 ;;
    esac
    shift
done

# The figures depend on the compiler: one threshold folder per Swift version, as for the mallocs.
swift_version="$(swift --version 2>/dev/null | sed -nE 's/.*Swift version ([0-9]+\.[0-9]+).*/\1/p' | head -1)"
mkdir -p "$out"

if [ -z "$reuse" ]; then
    if [ ! -x "$tool" ]; then
        skipped "apple-sdk-typecheck: SKIPPED: $tool is not on this machine"
    fi
    echo "=== Type check against Apple's iOS SDK (prepares the SDK and the arguments); log: $out/typecheck.log"
    status=0
    timeout 1800 "$tool" --cache "$cache" --backfill .ci/apple-sdk-backfill >"$out/typecheck.log" 2>&1 || status=$?
    case "$status" in
        0) grep -E "^apple-sdk-typecheck: passed" "$out/typecheck.log" || true ;;
        3) skipped "$(grep -m1 -o "apple-sdk-typecheck: SKIPPED.*" "$out/typecheck.log" || echo "apple-sdk-typecheck: SKIPPED")" ;;
        *)
            cat "$out/typecheck.log"
            echo "error: the type check against Apple's iOS SDK failed (exit $status): nothing to compile" >&2
            exit 1
            ;;
    esac
fi

python3 Benchmarks/size.py --responses "$cache/work/arm64-apple-ios16.0" --out "$out" \
    --thresholds "Benchmarks/Thresholds/$swift_version" "${size_args[@]}"
