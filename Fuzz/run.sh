#!/usr/bin/env bash
# Fuzzes the SDK's response handling with libFuzzer for a bounded time.
#   Fuzz/run.sh [seconds]      (default 60)
# Builds with -sanitize=fuzzer,address, writes the seed corpus from the emulator's own responses,
# runs the fuzzer, and prints the execution count. Leak detection is off: Swift's async runtime
# frees some memory after an input returns, which LeakSanitizer misreads (retain cycles are
# covered by LifetimeTests instead). Crashing inputs are written to Fuzz/Findings/;
# copy each into Fuzz/Regressions/ once fixed, so `swift test --package-path Fuzz` replays it.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
scratch=.build-fuzz

swift build --package-path . --scratch-path "$scratch" -c debug --product FuzzCorpus >/dev/null
"$scratch/debug/FuzzCorpus" Corpus-generated

swift build --package-path . --scratch-path "$scratch" -c debug --product FuzzResponses \
    --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING >/dev/null
# (-Xswiftc -sanitize=fuzzer: SwiftPM's own flag instruments only the executable, not the SDK.)
mkdir -p Findings
ASAN_OPTIONS=detect_leaks=0 "$scratch/debug/FuzzResponses" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    -detect_leaks=0 -artifact_prefix=Findings/ -print_final_stats=1 Corpus-generated 2>&1 | tee .fuzz.log | grep -E "^#[0-9]+.*(INITED|DONE)|stat::number_of_executed_units|ERROR|SUMMARY" || true
if grep -q "^==[0-9]*==ERROR" .fuzz.log || ls Findings/crash-* Findings/timeout-* Findings/oom-* >/dev/null 2>&1; then
    echo "fuzzing found failing inputs:"; ls Findings/
    exit 1
fi
echo "no crashes in ${seconds}s"
