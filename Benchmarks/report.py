#!/usr/bin/env python3
"""Prints the AccessEnabler benchmark report from one run's JMH export (package-benchmark
`--format jmh`): a ratio line per pair, the persistence scaling table, the absolute p50 of the
local paths, and the malloc-count threshold check.

Usage: report.py RESULTS.jmh.json [--quick] [--partial] [--thresholds DIR]

--partial (a filtered run): benchmarks that did not run are listed, not counted as failures.

Exit status: 0 when every benchmark produced results, no malloc-count threshold regressed and
every request count met its target (shared authorization, bounded preauthorization, launch:
counts do not depend on the machine, so they are judged in quick runs too); 1 otherwise.
Wall-time targets are reported (PASS/MISS), never enforced: they depend on the machine. In quick
mode (a handful of iterations) the wall times are a smoke test only.
"""

import json
import math
import os
import sys

PREFIX = "package.benchmark.AccessEnablerBenchmarks."
WALL = "Time (wall clock)"
MALLOC = "Malloc (total)"
AUTHZ = "authzRequests"
SUBJECT_NS = "subjectNanoseconds"
BASELINE_NS = "baselineNanoseconds"
APP_STYLE_NS = "appStyleNanoseconds"

# Paired benchmarks: one benchmark times both calls in every iteration (custom metrics
# subjectNanoseconds / baselineNanoseconds), so the ratio comes from the same iterations. The
# network pairs' baseline is the lean raw client (header fields set at once, as the SDK sets
# them); the same iterations also time the raw client as apps write it (one addValue per field,
# appStyleNanoseconds), printed after the headline ratio.
# title, benchmark, subject label, baseline label, target (subject/baseline <= target)
PAIRED = [
    ("PreauthorizeNetwork (REST v2)", "PreauthorizeNetwork", "SDK", "lean raw", 1.10),
    ("AuthorizeNetwork (REST v2)", "AuthorizeNetwork", "SDK", "lean raw", 1.10),
    ("PreauthorizeNetwork (REST v1)", "PreauthorizeNetworkV1", "SDK", "lean raw", 1.10),
    ("AuthorizeNetwork (REST v1)", "AuthorizeNetworkV1", "SDK", "lean raw", 1.10),
    ("Legacy round trip vs async", "LegacyPreauthorizeRoundTrip", "legacy", "async", 1.50),
]

# Pairs of two benchmarks (their ratios are far from noise): title, A, B, target,
# comparison ("le": A/B <= target, "ge": A/B >= target)
PAIRS = [
    ("Chunked preauthorize speed-up", "PreauthorizeSequential100", "PreauthorizeChunked100", 5.0, "ge"),
    ("SetRequestor 3 SPs vs slowest SP", "SetRequestor3SP", "SetRequestor1SP", 1.20, "le"),
]

LOCAL_PATHS = [("CheckAuthentication", 5.0), ("PreauthorizeCached", 5.0)]

# The launch of a signed-in viewer (Launch): the HTTP requests of each phase (custom metrics
# launchRequests<Phase>) against their targets, and the time to the first decision.
LAUNCH = "Launch"
LAUNCH_FIRST_DECISION_NS = "firstDecisionNanoseconds"
LAUNCH_PHASES = [("setRequestor", "SetRequestor", 0), ("checkAuthentication", "CheckAuthentication", 0),
                 ("preauthorize (10 resources)", "Preauthorize", 1), ("authorize", "Authorize", 1)]

# Bounded preauthorization: 1,000 resources in chunks of 5 against a 50 ms server, at most
# CONCURRENCY chunks in flight (the SDK's default), ideally ceil(200 / CONCURRENCY) x 50 ms. The
# requests of each iteration (exactly CHUNKS) and the most in flight at once (at most
# CONCURRENCY) are counted by the transport and fail the run when they miss.
BOUNDED = ("PreauthorizeBounded1000", 200, 8, 50.0, (0.95, 1.20))
BOUNDED_REQUESTS = "boundedRequests"
BOUNDED_PEAK = "boundedPeakInFlight"

# Tolerances of the malloc-count thresholds (the same as Suite.configuration): p90 may exceed
# the stored value by this much. Time metrics are never checked, whatever a file holds.
TOLERANCES = {"mallocCountTotal": 2, "authzRequests": 0}
METRIC_NAMES = {"mallocCountTotal": MALLOC, "authzRequests": AUTHZ}


def load(path):
    with open(path) as handle:
        elements = json.load(handle)
    results = {}
    for element in elements:
        name = element["benchmark"]
        if name.startswith(PREFIX):
            name = name[len(PREFIX):]
        metrics = {}
        for metric, values in element.get("secondaryMetrics", {}).items():
            metrics[metric] = {key: float(value) for key, value in values["scorePercentiles"].items()}
            metrics[metric]["samples"] = len(values.get("rawData", [[]])[0])
        results[name] = metrics
    return results


def percentile(results, name, metric, p="50.0"):
    try:
        return results[name][metric][p]
    except KeyError:
        return None


def fmt_time(microseconds):
    if microseconds is None:
        return "n/a"
    if microseconds >= 10_000:
        return f"{microseconds / 1000:.1f} ms"
    if microseconds >= 1_000:
        return f"{microseconds / 1000:.2f} ms"
    return f"{microseconds:.2f} µs"


def fmt_count(value):
    return "n/a" if value is None else f"{value:.0f}"


def verdict(ok, quick):
    if ok is None:
        return "MISSING"
    if quick:
        return "(quick run: not judged)"
    return "PASS" if ok else "MISS"


def version_key(name):
    """(major, minor) of a thresholds folder named like 6.3; None for any other name."""
    parts = name.split(".")
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        return None
    return int(parts[0]), int(parts[1])


def holds(folder, is_threshold):
    """Whether `folder` is a folder with a file `is_threshold` accepts."""
    return os.path.isdir(folder) and any(is_threshold(file) for file in os.listdir(folder))


def thresholds_for(requested, is_threshold=lambda file: file.endswith(".p90.json"), measured="malloc counts"):
    """The thresholds folder to check against, and a note when it is not the one requested.

    Malloc counts depend on the toolchain's Foundation (and code size on its compiler), so each
    Swift version has its own folder (Thresholds/6.3). A version without one is checked against
    the nearest version that has one (the same major version first, then the closest minor; on a
    tie the newer), and the report says so, instead of checking nothing. A folder counts when it
    holds a file `is_threshold` accepts (size.py: the CodeSize files). Returns (None, note) when
    there is no folder at all.
    """
    if holds(requested, is_threshold):
        return requested, None
    parent, wanted = os.path.split(os.path.normpath(requested))
    wanted_key = version_key(wanted)
    if wanted_key is None:
        # Not a version (run.sh could not read the Swift version): the newest folder is used.
        parent, wanted = os.path.normpath(requested), "(unknown)"
    candidates = []
    if os.path.isdir(parent or "."):
        for name in os.listdir(parent or "."):
            key = version_key(name)
            if key is not None and holds(os.path.join(parent, name), is_threshold):
                candidates.append((key, name))
    if not candidates:
        return None, f"no thresholds in {parent or '.'} at all"
    if wanted_key is None:
        key, name = max(candidates)
    else:
        def distance(candidate):
            (major, minor), _ = candidate
            return (abs(major - wanted_key[0]), abs(minor - wanted_key[1]), -major, -minor)
        key, name = min(candidates, key=distance)
    chosen = os.path.join(parent, name)
    if wanted_key is None:
        return chosen, (
            f"note: the Swift version is unknown; checked against the newest thresholds, Swift {name} ({chosen})")
    return chosen, (
        f"note: no thresholds for Swift {wanted} (none in {requested}); checked against the nearest "
        f"version's, Swift {name} ({chosen}): {measured} may differ by toolchain, so a change here may be "
        f"the toolchain's, not the code's")


def main():
    args = sys.argv[1:]
    quick = "--quick" in args
    partial = "--partial" in args
    thresholds_dir = None
    if "--thresholds" in args:
        thresholds_dir = args[args.index("--thresholds") + 1]
    paths = [a for a in args if a.endswith(".json")]
    if not paths:
        print("usage: report.py RESULTS.jmh.json [--quick] [--thresholds DIR]", file=sys.stderr)
        return 2
    results = load(paths[0])
    failed = False
    expected = set()

    samples = {name: metrics.get(WALL, {}).get("samples", 0) for name, metrics in results.items()}
    mode = "quick mode: a handful of iterations, wall times are a smoke test" if quick else "full run"
    print(f"AccessEnabler benchmarks ({mode}); every value is the p50 of one run unless stated.\n")

    print("== Pairs (wall time p50; malloc count p50 in brackets)")
    for title, name, subject, baseline, target in PAIRED:
        expected.add(name)
        subject_ns, baseline_ns = percentile(results, name, SUBJECT_NS), percentile(results, name, BASELINE_NS)
        if subject_ns is None or not baseline_ns:
            print(f"{name}: {subject}/{baseline} = n/a (no results) -- {title}: MISSING")
            continue
        ratio = subject_ns / baseline_ns
        app_style_ns = percentile(results, name, APP_STYLE_NS)
        app_style = (
            f"; raw with addValue p50 {fmt_time(app_style_ns / 1000)}, {subject}/it = {subject_ns / app_style_ns:.2f}"
            if app_style_ns and baseline == "lean raw"
            else ""
        )
        print(
            f"{name}: {subject}/{baseline} = {ratio:.2f} (same iterations: {subject} p50 {fmt_time(subject_ns / 1000)} "
            f"[{fmt_count(percentile(results, name, MALLOC))} mallocs], {baseline} p50 {fmt_time(baseline_ns / 1000)}"
            f"{app_style}) -- {title}, target <= {target:.2f}: {verdict(ratio <= target, quick)}"
        )
    for title, a, b, target, comparison in PAIRS:
        expected.update([a, b])
        a50, b50 = percentile(results, a, WALL), percentile(results, b, WALL)
        if a50 is None or b50 is None or b50 == 0:
            missing = [n for n in (a, b) if n not in results]
            print(f"{a}: {a}/{b} = n/a (no results for {', '.join(missing)}) -- {title}: MISSING")
            continue
        ratio = a50 / b50
        ok = ratio <= target if comparison == "le" else ratio >= target
        sign = "<=" if comparison == "le" else ">="
        print(
            f"{a}: {a}/{b} = {ratio:.2f} ({a} p50 {fmt_time(a50)} [{fmt_count(percentile(results, a, MALLOC))} mallocs], "
            f"{b} p50 {fmt_time(b50)} [{fmt_count(percentile(results, b, MALLOC))} mallocs]) -- {title}, "
            f"target {sign} {target:.2f}: {verdict(ok, quick)}"
        )

    name, chunks, concurrency, request_ms, (low, high) = BOUNDED
    expected.add(name)
    print(f"\n== Bounded preauthorization: 1,000 resources, {chunks} chunks, at most {concurrency} in flight, "
          f"{request_ms:.0f} ms per request")
    measured = percentile(results, name, WALL)
    if measured is None:
        print(f"{name}: n/a (no results): MISSING")
    else:
        ideal_us = math.ceil(chunks / concurrency) * request_ms * 1000
        ratio = measured / ideal_us
        print(
            f"{name}: p50 {fmt_time(measured)} = {ratio:.2f} x the ideal ceil({chunks}/{concurrency}) x "
            f"{request_ms:.0f} ms = {fmt_time(ideal_us)} -- target {low:.2f}..{high:.2f}: "
            f"{verdict(low <= ratio <= high, quick)}"
        )
    for metric, title, ok in (
        (BOUNDED_REQUESTS, "requests per iteration", lambda fewest, most: fewest == most == chunks),
        (BOUNDED_PEAK, "most in flight at once", lambda fewest, most: most <= concurrency),
    ):
        fewest, most = percentile(results, name, metric, "0.0"), percentile(results, name, metric, "100.0")
        if fewest is None:
            if name in results:
                print(f"{name} {title}: MISSING")
                failed = True
            continue
        counted = fmt_count(fewest) if fewest == most else f"{fmt_count(fewest)}-{fmt_count(most)}"
        target = f"exactly {chunks}" if metric == BOUNDED_REQUESTS else f"at most {concurrency}"
        passed = ok(fewest, most)
        print(f"{name} {title}: {counted} over {samples.get(name, 0)} iterations -- target {target}: "
              f"{'PASS' if passed else 'FAIL'}")
        if not passed:
            failed = True

    print("\n== Shared authorization: 1,000 concurrent authorize calls, one resource, no cached authZ (REST v1)")
    name = "AuthorizeConcurrent1000"
    expected.add(name)
    if name in results:
        requests_max = percentile(results, name, AUTHZ, "100.0")
        requests_min = percentile(results, name, AUTHZ, "0.0")
        print(
            f"{name}: p50 {fmt_time(percentile(results, name, WALL))} for all 1,000 calls "
            f"[{fmt_count(percentile(results, name, MALLOC))} mallocs]; /api/v1/authorize requests per "
            f"iteration: min {fmt_count(requests_min)}, max {fmt_count(requests_max)} "
            f"over {samples.get(name, 0)} iterations -- target exactly 1: "
            f"{'PASS' if requests_min == 1 and requests_max == 1 else 'FAIL'}"
        )
        if requests_max != 1 or requests_min != 1:
            failed = True
    else:
        print(f"{name}: MISSING")

    print("\n== Persistence growth (FileTokenStorage, REST v1; p50)")
    sizes = sorted(
        int(n[len("AuthorizeStore"):]) for n in results if n.startswith("AuthorizeStore") and n[14:].isdigit()
    )
    print(f"{'stored authZ tokens':>20} | {'authorize + store':>18} | {'mallocs':>8} | {'cold start':>12} | {'mallocs':>8}")
    print(f"{'-' * 20}-+-{'-' * 18}-+-{'-' * 8}-+-{'-' * 12}-+-{'-' * 8}")
    for size in sizes:
        store, cold = f"AuthorizeStore{size}", f"ColdStart{size}"
        expected.update([store, cold])
        print(
            f"{size:>20,} | {fmt_time(percentile(results, store, WALL)):>18} | "
            f"{fmt_count(percentile(results, store, MALLOC)):>8} | {fmt_time(percentile(results, cold, WALL)):>12} | "
            f"{fmt_count(percentile(results, cold, MALLOC)):>8}"
        )
    if sizes:
        low, high = sizes[0], sizes[-1]
        for kind, target in (("AuthorizeStore", 2.0), ("ColdStart", None)):
            a, b = f"{kind}{high}", f"{kind}{low}"
            a50, b50 = percentile(results, a, WALL), percentile(results, b, WALL)
            if a50 is None or b50 is None:
                continue
            ratio = a50 / b50
            suffix = (
                f" -- target <= {target:.2f}: {verdict(ratio <= target, quick)}"
                if target is not None and high >= 10_000 and low <= 100
                else " -- informational"
            )
            print(f"{a}: {a}/{b} = {ratio:.2f} ({a} p50 {fmt_time(a50)}, {b} p50 {fmt_time(b50)}){suffix}")

    print("\n== Launch: a new instance on a stored sign-in and access token (FileTokenStorage, REST v2, in process)")
    expected.add(LAUNCH)
    if LAUNCH in results:
        first = percentile(results, LAUNCH, LAUNCH_FIRST_DECISION_NS)
        mallocs = [percentile(results, LAUNCH, MALLOC, p) for p in ("0.0", "50.0", "100.0")]
        print(
            f"{LAUNCH}: first decision p50 {fmt_time(None if first is None else first / 1000)} "
            f"(new instance -> setRequestor -> checkAuthentication -> preauthorize); whole launch through "
            f"authorize p50 {fmt_time(percentile(results, LAUNCH, WALL))} "
            f"[mallocs {'/'.join(fmt_count(m) for m in mallocs)} p0/p50/p100] over {samples.get(LAUNCH, 0)} launches"
        )
        for title, phase, target in LAUNCH_PHASES:
            metric = f"launchRequests{phase}"
            low, high = percentile(results, LAUNCH, metric, "0.0"), percentile(results, LAUNCH, metric, "100.0")
            if low is None:
                print(f"{LAUNCH} HTTP requests, {title}: MISSING")
                failed = True
                continue
            counted = fmt_count(low) if low == high else f"{fmt_count(low)}-{fmt_count(high)}"
            passed = low == high == target
            print(f"{LAUNCH} HTTP requests, {title}: {counted} -- target {target}: {'PASS' if passed else 'FAIL'}")
            if not passed:
                failed = True
    else:
        print(f"{LAUNCH}: MISSING")

    print("\n== Local paths (absolute; malloc count p0/p50/p100 shows it is constant)")
    for name, target in LOCAL_PATHS:
        expected.add(name)
        p50 = percentile(results, name, WALL)
        if p50 is None:
            print(f"{name}: MISSING")
            continue
        mallocs = [percentile(results, name, MALLOC, p) for p in ("0.0", "50.0", "100.0")]
        constant = len(set(mallocs)) == 1
        print(
            f"{name}: p50 {fmt_time(p50)}, p90 {fmt_time(percentile(results, name, WALL, '90.0'))} over "
            f"{samples.get(name, 0)} iterations; mallocs {'/'.join(fmt_count(m) for m in mallocs)} "
            f"({'constant' if constant else 'NOT constant'}) -- target p50 < {target:.0f} µs: "
            f"{verdict(p50 < target, quick)}"
        )

    if thresholds_dir:
        chosen, note = thresholds_for(thresholds_dir)
        print(f"\n== Malloc-count thresholds ({chosen or thresholds_dir}; p90 of this run, time never checked)")
        if note:
            print(note)
        if chosen is None:
            print("error: no thresholds to check against: add a folder of thresholds for this Swift version",
                  file=sys.stderr)
            failed = True
        else:
            thresholds_dir = chosen
            for file in sorted(os.listdir(thresholds_dir)):
                if not file.endswith(".p90.json"):
                    continue
                name = file[: -len(".p90.json")].split(".", 1)[1]
                with open(os.path.join(thresholds_dir, file)) as handle:
                    stored = json.load(handle)
                for metric, limit in sorted(stored.items()):
                    if metric not in TOLERANCES:
                        continue  # wall time and other machine-dependent metrics are never checked
                    value = percentile(results, name, METRIC_NAMES[metric], "90.0")
                    if value is None:
                        print(f"{name} {metric}: MISSING (threshold {limit})")
                        continue
                    allowed = limit + TOLERANCES[metric]
                    status = "ok" if value <= allowed else "REGRESSION"
                    if value < limit - TOLERANCES[metric]:
                        status = "improved: lower the threshold"
                    print(f"{name} {metric}: p90 {value:.0f}, threshold {limit} (+{TOLERANCES[metric]}): {status}")
                    if status == "REGRESSION":
                        failed = True

    missing = sorted(n for n in expected if n not in results)
    if missing and partial:
        print(f"\nNot run (filtered): {', '.join(missing)}")
    elif missing:
        print(f"\nBenchmarks without results (failed or crashed; see the run log): {', '.join(missing)}")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
