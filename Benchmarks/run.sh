#!/usr/bin/env bash
# Builds the AccessEnabler benchmark suite (release), runs it once, and prints from that one run
# a ratio line per pair, the persistence scaling table and the absolute p50 of the local paths.
#
#   bash Benchmarks/run.sh            # full run (about 15 minutes with the 10,000-token store)
#   bash Benchmarks/run.sh --quick    # CI: a handful of iterations, malloc-count thresholds only
#                                     # (same as ACCESSENABLER_BENCH_QUICK=1)
#
# Options: --filter REGEX runs only the benchmarks whose whole name matches (e.g. ".*Network.*"). ACCESSENABLER_BENCH_STORE_SIZES=100,1000
# limits the persistence sizes. BENCH_OUTPUT=DIR keeps the JMH export and the run log there.
# Exits 1 when a benchmark fails or crashes, when a malloc-count threshold regresses, or when a
# request count misses its target (shared authorization, bounded preauthorization, launch phases:
# counts do not depend on the machine, so quick runs judge them too); wall-time targets are
# reported, never enforced.
set -euo pipefail
cd "$(dirname "$0")"

quick="${ACCESSENABLER_BENCH_QUICK:-0}"
filter=()
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) quick=1 ;;
        --filter) filter=(--filter "$2"); shift ;;
        *) echo "usage: run.sh [--quick] [--filter REGEX]" >&2; exit 2 ;;
    esac
    shift
done
export ACCESSENABLER_BENCH_QUICK="$quick"

output="${BENCH_OUTPUT:-$(mktemp -d "${TMPDIR:-/tmp}/accessenabler-bench.XXXXXX")}"
mkdir -p "$output"
rm -f "$output"/*.jmh.json

# The thresholds of this Swift version (malloc counts depend on the toolchain's Foundation).
swift_version="$(swift --version 2>/dev/null | sed -nE 's/.*Swift version ([0-9]+\.[0-9]+).*/\1/p' | head -1)"

echo "=== Building (release) and running the benchmarks; log: $output/run.log"
status=0
swift package --allow-writing-to-directory "$output" benchmark \
    --format jmh --path "$output" --no-progress "${filter[@]}" >"$output/run.log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    echo "warning: the benchmark run exited with status $status; the failures:" >&2
    grep -E "crashed|error:|failed|Fatal error|Benchmark.setup" "$output/run.log" | head -20 >&2 || true
fi

results="$(ls "$output"/*.jmh.json 2>/dev/null | head -1 || true)"
if [ -z "$results" ]; then
    tail -40 "$output/run.log" >&2
    echo "error: the run produced no results" >&2
    exit 1
fi

report_args=("$results" --thresholds "Thresholds/$swift_version")
if [ "$quick" = 1 ]; then report_args+=(--quick); fi
if [ ${#filter[@]} -gt 0 ]; then report_args+=(--partial); fi
echo
report_status=0
python3 report.py "${report_args[@]}" || report_status=$?

if [ "$status" -ne 0 ] || [ "$report_status" -ne 0 ]; then
    echo
    echo "Benchmarks FAILED (run status $status, report status $report_status); log: $output/run.log" >&2
    exit 1
fi
echo
echo "Benchmarks passed (results: $results)."
