#!/usr/bin/env bash
# The cost of one call of each side of the network pairs (and of the SDK's cached
# `checkAuthentication` and 10-resource `preauthorize`), counted by valgrind: instructions
# (callgrind) and heap allocations (DHAT). Counts do not depend on the machine's load, unlike
# wall times, so they show what a change to the per-call path saves.
#
#   bash Benchmarks/profile.sh                         # every pair, SDK and raw, instructions
#   bash Benchmarks/profile.sh --allocations           # the same, plus allocations per call
#   bash Benchmarks/profile.sh --keep DIR 'Preauthorize.*'   # one set; keep the callgrind files
#   bash Benchmarks/profile.sh --side sdk              # the SDK side only (the raw side does not
#                                                      # change with the SDK); --side "sdk raw raw-lean"
#                                                      # adds the raw client that sets its header fields
#                                                      # at once, as the SDK does
#
# Each side runs in `AccessEnablerProfile OPERATION sdk|raw N` (the benchmarks' own fixture, raw
# client and operations) at N = 100 and N = 300 (a launch: 10 and 30); one call costs
# (count(high) - count(low)) / (high - low), so the setup (emulator, sign-in, DCR, warm-up)
# cancels out. Read a kept file with
# `callgrind_annotate --auto=no FILE`. Needs valgrind (3.19 or later). About 30 s per side.
set -euo pipefail
cd "$(dirname "$0")"

allocations=0
keep=""
pattern=".*"
sides="sdk raw"
while [ $# -gt 0 ]; do
    case "$1" in
        --allocations) allocations=1 ;;
        --keep) keep="$2"; shift ;;
        --side) sides="$2"; shift ;;
        -*) echo "usage: profile.sh [--allocations] [--keep DIR] [--side 'sdk raw raw-lean'] [OPERATION-REGEX]" >&2; exit 2 ;;
        *) pattern="$1" ;;
    esac
    shift
done
work="${keep:-$(mktemp -d "${TMPDIR:-/tmp}/accessenabler-profile.XXXXXX")}"
mkdir -p "$work"

swift build -c release --product AccessEnablerProfile >"$work/build.log" 2>&1 || { tail -20 "$work/build.log" >&2; exit 1; }
tool=".build/release/AccessEnablerProfile"

# count TOOL-ARGS...: prints the instruction count (and allocations) of one run.
instructions() {
    local out="$work/$1-$2-$3.callgrind"
    valgrind --tool=callgrind --callgrind-out-file="$out" "$tool" "$@" >/dev/null 2>"$out.log"
    sed -nE 's/.*Collected : ([0-9]+).*/\1/p' "$out.log"
}
blocks() {
    valgrind --tool=dhat --dhat-out-file=/dev/null "$tool" "$@" 2>&1 >/dev/null |
        sed -nE 's/.*Total: .* bytes in ([0-9,]+) blocks.*/\1/p' | tr -d ,
}

printf '%-24s %-4s %14s %14s\n' "operation" "side" "instr/call" "allocs/call"
for operation in PreauthorizeNetwork AuthorizeNetwork PreauthorizeNetworkV1 AuthorizeNetworkV1 \
    CheckAuthentication PreauthorizeCached Launch; do
    [[ "$operation" =~ ^($pattern)$ ]] || continue
    declare -A per_call=()
    operation_sides="$sides"
    low=100
    high=300
    # The local paths and the launch have no raw side; a launch costs about 4 M instructions.
    case "$operation" in CheckAuthentication | PreauthorizeCached | Launch) operation_sides="sdk" ;; esac
    if [ "$operation" = Launch ]; then low=10 high=30; fi
    for side in $operation_sides; do
        a=$(instructions "$operation" "$side" "$low")
        b=$(instructions "$operation" "$side" "$high")
        per_call[$side]=$(( (b - a) / (high - low) ))
        allocs="-"
        if [ "$allocations" = 1 ]; then
            c=$(blocks "$operation" "$side" "$low")
            d=$(blocks "$operation" "$side" "$high")
            allocs=$(( (d - c) / (high - low) ))
        fi
        printf '%-24s %-4s %14s %14s\n' "$operation" "$side" "${per_call[$side]}" "$allocs"
    done
    for raw in raw raw-lean; do
        if [ -n "${per_call[sdk]:-}" ] && [ -n "${per_call[$raw]:-}" ]; then
            python3 -c "print(f'{\"$operation\":<24} sdk/$raw instructions = {${per_call[sdk]} / ${per_call[$raw]}:.3f}')"
        fi
    done
done
if [ -z "$keep" ]; then rm -rf "$work"; else echo "callgrind files: $work"; fi
