#!/usr/bin/env python3
"""Compiles the root package's library targets as an app's release build compiles them for an iPhone
(arm64-apple-ios16.0, -Osize, whole module, Apple's iOS SDK) and prints what each adds to the app:
the machine code (`__text`), every section but debug information and unwind tables, and the largest
contributors to `__text` by symbol and by kind. `size.sh` runs it after apple-sdk-typecheck has
prepared the SDK; see Benchmarks/README.md.

Usage: size.py --responses DIR --out DIR --thresholds DIR [--update] [--top N] [--reuse-objects]
       size.py --self-check

--responses: the tool's work folder for arm64-apple-ios16.0, holding one `<Target>.rsp` per target
(its `swift-frontend -emit-module -Onone` type check). Each is compiled with the same sources, SDK,
standard library, module caches and manifest settings, changed only as a release build differs:
`-c -Osize -whole-module-optimization` instead of `-emit-module -Onone`, without `-enable-testing`
and `-D DEBUG`; a target imports the modules this run compiled (AccessEnablerLegacy sees the
optimized AccessEnabler).

Exit status: 0 when no judged target's `__text` exceeds its recorded figure by more than 5 %
(`Thresholds/<swift version>/CodeSize.<Target>.json`; a Swift version without them is checked
against the nearest version's, as report.py does, and says so; no figures at all: not checked,
said so); 1 when one does, or a compile fails; 2 on bad usage or a missing tool.
--update records the measured `__text` of the judged targets (in --thresholds) instead of checking it.
--self-check checks the choice of the thresholds folder on made-up folders, without compiling.
"""

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report import thresholds_for  # noqa: E402  (the one rule for choosing a thresholds folder)

# Dependency order. AccessEnablerTesting is reported, not judged: apps link it into test bundles
# only, never into what they ship. AccessEnablerLegacyObjC is a header; it has no code.
TARGETS = [("AccessEnabler", True), ("AccessEnablerLegacy", True), ("AccessEnablerTesting", False)]
TOLERANCE = 0.05
METRIC = "textBytes"
TRIPLE = "arm64-apple-ios16.0"
# Left out of the sections total: DWARF (none without -g) and the unwind tables, whose size in the
# app the linker decides (it turns __compact_unwind into the much smaller __unwind_info).
LEFT_OUT = re.compile(r"^(__debug_\w*|__apple_\w*|__compact_unwind|__eh_frame)$")
# An async function is split into partial functions (`TY0_`, `TQ1_`, ...) and a coroutine
# accessor into `.resume.N` parts: each is counted with the function it belongs to.
PARTIAL = re.compile(r"(T[YQ]\d*_|\.resume\.\d+)$")
PRIVATE_DISCRIMINATOR = re.compile(r"\((\w+) in _[0-9A-F]{32}\)")
MODULE_PREFIX = re.compile(r"(?<![\w.])(AccessEnablerLegacy|AccessEnablerTesting|AccessEnabler|Swift|Foundation|_Concurrency)\.")


def fail(message, status=1):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(status)


def read_response(path):
    """The arguments of a response file the tool wrote (one double-quoted argument per line)."""
    with open(path) as handle:
        lines = [line.strip() for line in handle if line.strip()]
    args = []
    for line in lines:
        if not (line.startswith('"') and line.endswith('"')):
            fail(f"{path}: unexpected line {line!r} (has the tool's response-file format changed?)")
        args.append(re.sub(r'\\(.)', r"\1", line[1:-1]))
    return args


def write_response(path, args):
    with open(path, "w") as handle:
        for arg in args:
            handle.write('"%s"\n' % arg.replace("\\", "\\\\").replace('"', '\\"'))


def release_arguments(args, tool_modules, modules, obj, optimization="-Osize", emitted_modules=None):
    """The type check's arguments turned into a release compile of the same target (optimized with
    `optimization`; its module written to `emitted_modules`, by default the imported `modules`)."""
    out, seen, index = [], set(), 0
    while index < len(args):
        arg = args[index]
        following = args[index + 1] if index + 1 < len(args) else None
        if arg == "-emit-module":
            out.append("-c")
        elif arg == "-Onone":
            out += [optimization, "-whole-module-optimization"]
        elif arg == "-enable-testing":
            pass
        elif arg == "-D" and following == "DEBUG":
            index += 1
        elif arg == "-emit-module-path":
            out += [arg, os.path.join(emitted_modules or modules, os.path.basename(following))]
            index += 1
        elif arg == "-I" and following and os.path.realpath(following) == os.path.realpath(tool_modules):
            out += [arg, modules]
            index += 1
        elif arg in ("-emit-objc-header-path", "-o"):
            index += 1
        else:
            out.append(arg)
        if arg in ("-emit-module", "-Onone", "-enable-testing", "-emit-module-path", "-target"):
            seen.add(arg)
        if arg == "-target" and following != TRIPLE:
            fail(f"the type check ran for {following}, not {TRIPLE}")
        index += 1
    missing = {"-emit-module", "-Onone", "-enable-testing", "-emit-module-path", "-target"} - seen
    if missing:
        fail(f"the type check's arguments lack {', '.join(sorted(missing))} (has the tool changed?)")
    return out + ["-o", obj]


def toolchain_tool(name):
    swift = shutil.which("swift")
    if not swift:
        fail("no `swift` on PATH", 2)
    path = os.path.join(os.path.dirname(os.path.realpath(swift)), name)
    if not os.access(path, os.X_OK):
        fail(f"the toolchain has no {name} ({path})", 2)
    return path


def sections(objdump, obj):
    """[(name, size, zero-fill)] of a Mach-O object, in file order."""
    text = subprocess.run([objdump, "--section-headers", obj], capture_output=True, text=True, check=True).stdout
    if "mach-o" not in text:
        fail(f"{obj} is not a Mach-O object")
    out = []
    for line in text.splitlines():
        match = re.match(r"\s*\d+\s+(\S+)\s+([0-9a-fA-F]+)\s+[0-9a-fA-F]+\s*(\w*)", line)
        if match:
            out.append((match.group(1), int(match.group(2), 16), match.group(3) == "BSS"))
    return out


def text_symbols(nm, obj, text_size):
    """{mangled name: bytes} of the functions in __text, partial functions folded into theirs. A
    symbol's size is the distance to the next symbol (Mach-O symbols carry no size); aliases at one
    address count once; `ltmpN` (section start markers) only when nothing else names the address."""
    listing = subprocess.run([nm, "-n", "-m", "--defined-only", obj], capture_output=True, text=True, check=True).stdout
    names = collections.defaultdict(list)
    for line in listing.splitlines():
        if "(__TEXT,__text)" in line:
            fields = line.split()
            names[int(fields[0], 16)].append(fields[-1])
    addresses = sorted(names) + [text_size]
    sizes = collections.Counter()
    for here, after in zip(addresses, addresses[1:]):
        named = [n for n in names[here] if not n.startswith("ltmp")] or names[here]
        sizes[PARTIAL.sub("", named[0])] += after - here
    return sizes


def demangle(names):
    if not names:
        return []
    text = "\n".join(names) + "\n"
    out = subprocess.run(["swift", "demangle", "--compact"], input=text, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    if len(out) != len(names):
        fail("swift demangle returned a different number of lines")
    return out


def kind(demangled):
    """What kind of code a demangled symbol is, for the breakdown (first match wins)."""
    d = demangled
    if " value witness for " in d:
        return "value witnesses (copy, assign, destroy a type's values)"
    if d.startswith("outlined "):
        return "outlined copies and destroys"
    if re.search(r"CodingKeys|init\(from: Swift\.Decoder\)|encode\(to: Swift\.Encoder\)|Keyed(De|En)codingContainer", d):
        return "Codable (synthesized coding, coding keys)"
    if re.search(r"\.== infix|hash\(into: inout Swift\.Hasher\)|\.hashValue\.getter", d):
        return "Equatable and Hashable"
    if "generic specialization <" in d:
        target = re.sub(r"^.*?generic specialization <.*?> of ", "", d)
        target = re.sub(r"^(static |closure #\d+ .*? in )*(\(extension in \w+\):)?", "", target)
        if re.match(r"(Swift|Foundation|_Concurrency)\.", target):
            return "generic standard library / Foundation code specialized per type"
        return "the package's own generic code specialized per type"
    if "function signature specialization" in d:
        return "function signature specializations"
    if d.startswith("protocol witness for"):
        return "other protocol witnesses"
    if re.search(r"metadata|witness table accessor", d):
        return "type metadata and conformance accessors"
    if "thunk" in d or d.startswith(("partial apply forwarder", "merged ")):
        return "thunks, forwarders, merged functions"
    if re.match(r"(closure|implicit closure) #", d):
        return "closures"
    return "functions, methods, accessors"


def shorten(demangled, width):
    d = PRIVATE_DISCRIMINATOR.sub(r"\1", demangled)
    d = d.replace("(extension in Swift):", "").replace("(extension in Foundation):", "")
    d = MODULE_PREFIX.sub("", d)
    return d if len(d) <= width else d[: width - 1] + "…"


def kb(size):
    return f"{size / 1000:,.0f} KB" if size < 1_000_000 else f"{size / 1_000_000:,.2f} MB"


def report(target, obj, top, tools):
    objdump, nm = tools
    table = sections(objdump, obj)
    text_size = next((size for name, size, _ in table if name == "__text"), 0)
    kept = [(name, size, zero) for name, size, zero in table if not LEFT_OUT.match(name)]
    total = sum(size for _, size, _ in kept)
    zero_fill = sum(size for _, size, zero in kept if zero)
    print(f"__text {text_size:,} B ({kb(text_size)}); sections {total:,} B ({kb(total)}: all but debug "
          f"information and unwind tables; zero-fill {zero_fill:,} B of it)")
    sizes = text_symbols(nm, obj, text_size)
    names = list(sizes)
    demangled = dict(zip(names, demangle(names)))
    kinds, counts = collections.Counter(), collections.Counter()
    for name in names:
        kinds[kind(demangled[name])] += sizes[name]
        counts[kind(demangled[name])] += 1
    print(f"__text by kind ({len(names):,} functions; an async function's partial functions count with it):")
    for name, size in kinds.most_common():
        print(f"  {size:>9,} B {100 * size / max(text_size, 1):5.1f} %  {counts[name]:>5,}  {name}")
    print(f"Largest contributors to __text, by symbol (top {top}):")
    for name, size in sizes.most_common(top):
        print(f"  {size:>9,} B  {shorten(demangled[name], 150)}")
    return text_size


def check(target, text_size, thresholds_dir, update):
    """True when the target's __text is within its recorded figure (+5 %) or nothing is recorded."""
    path = os.path.join(thresholds_dir, f"CodeSize.{target}.json")
    if update:
        os.makedirs(thresholds_dir, exist_ok=True)
        with open(path, "w") as handle:
            json.dump({METRIC: text_size}, handle, indent=2, separators=(",", " : "))
            handle.write("\n")
        print(f"__text threshold: recorded {text_size:,} B in {path}")
        return True
    if not os.path.isfile(path):
        print(f"__text threshold: NOT CHECKED, nothing recorded for this Swift version ({path}; record with --update)")
        return True
    with open(path) as handle:
        recorded = json.load(handle)[METRIC]
    limit = int(recorded * (1 + TOLERANCE))
    change = 100 * (text_size - recorded) / recorded
    passed = text_size <= limit
    print(f"__text threshold: {text_size:,} B against {recorded:,} B recorded ({change:+.1f} %; limit "
          f"+{TOLERANCE:.0%} = {limit:,} B): {'PASS' if passed else 'FAIL'}")
    if passed and change < -100 * TOLERANCE:
        print(f"note: {-change:.1f} % smaller than recorded: record the new figure with --update")
    return passed


def is_code_size(file):
    """Whether `file` is a CodeSize threshold."""
    return file.startswith("CodeSize.") and file.endswith(".json")


def code_size_thresholds(requested, update):
    """The folder to check against: `requested`, else the nearest Swift version's (noted); the
    requested one when recording, or when there are none at all."""
    if update:
        return requested
    chosen, note = thresholds_for(requested, is_threshold=is_code_size, measured="code size")
    if note:
        print(note)
    return chosen or requested


def self_check():
    """Checks code_size_thresholds on made-up folders; 0 when every case holds."""
    cases = []
    with tempfile.TemporaryDirectory() as root:
        def folder(name, *files):
            path = os.path.join(root, name)
            os.makedirs(path, exist_ok=True)
            for file in files:
                with open(os.path.join(path, file), "w") as handle:
                    handle.write('{"textBytes" : 1}\n')
            return path
        six_one = folder("6.1", "CodeSize.AccessEnabler.json")
        six_three = folder("6.3", "CodeSize.AccessEnabler.json")
        folder("6.2", "AccessEnablerBenchmarks.CheckAuthentication.p90.json")
        folder("5.10", "CodeSize.AccessEnabler.json")
        at = lambda name: os.path.join(root, name)
        cases.append(("a version with figures uses its own", code_size_thresholds(six_one, False), six_one))
        cases.append(("a newer version uses the nearest", code_size_thresholds(at("6.5"), False), six_three))
        cases.append(("a tie goes to the newer; a folder without CodeSize files does not count",
                      code_size_thresholds(at("6.2"), False), six_three))
        cases.append(("the same major version first", code_size_thresholds(at("5.0"), False), at("5.10")))
        cases.append(("an unknown version uses the newest", code_size_thresholds(root, False), six_three))
        cases.append(("recording writes where asked", code_size_thresholds(at("6.5"), True), at("6.5")))
        empty = os.path.join(root, "empty", "6.3")
        cases.append(("no figures at all: the requested folder", code_size_thresholds(empty, False), empty))
    failed = [(what, got, wanted) for what, got, wanted in cases if got != wanted]
    for what, got, wanted in failed:
        print(f"FAIL {what}: {got} instead of {wanted}")
    print(f"size.py self-check: {len(cases) - len(failed)} of {len(cases)} passed")
    return 1 if failed else 0


def compile_target(frontend, target, compile_args, obj, out, timeout, suffix=""):
    """Compiles one target with `compile_args` into `obj`; fails the run when the compiler does."""
    own = os.path.join(out, f"{target}{suffix}.rsp")
    write_response(own, compile_args)
    if os.path.exists(obj):
        os.remove(obj)
    started = time.time()
    try:
        # The sources are relative to the package root, the current directory.
        run = subprocess.run([frontend, "@" + own], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        fail(f"compiling {target}{suffix} ran past {timeout} s")
    with open(os.path.join(out, f"{target}{suffix}.log"), "w") as handle:
        handle.write(run.stdout + run.stderr)
    if run.returncode != 0 or not os.path.isfile(obj):
        print(run.stdout + run.stderr)
        fail(f"compiling {target}{suffix} failed (exit {run.returncode}; arguments in {own})")
    if (run.stdout + run.stderr).strip():
        print(run.stdout + run.stderr)
    return time.time() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--self-check", action="store_true",
                        help="check the choice of the thresholds folder, without compiling, and exit")
    if "--self-check" in sys.argv[1:]:
        parser.parse_args()
        return self_check()
    parser.add_argument("--responses", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--thresholds", required=True)
    parser.add_argument("--update", action="store_true")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--reuse-objects", action="store_true",
                        help="report on the objects of the last run in --out without compiling")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds per compile (default 1800)")
    args = parser.parse_args()

    thresholds = code_size_thresholds(args.thresholds, args.update)
    frontend = toolchain_tool("swift-frontend")
    tools = (toolchain_tool("llvm-objdump"), toolchain_tool("llvm-nm"))
    modules = os.path.abspath(os.path.join(args.out, "modules"))
    os.makedirs(modules, exist_ok=True)
    failed = False
    for target, judged in TARGETS:
        obj = os.path.abspath(os.path.join(args.out, f"{target}.o"))
        print(f"\n== {target} ({TRIPLE}, -Osize, whole module{'' if judged else '; reported, not judged'})")
        if not args.reuse_objects:
            response = os.path.join(args.responses, f"{target}.rsp")
            if not os.path.isfile(response):
                fail(f"no {response}: the type check did not compile {target}")
            compile_args = release_arguments(read_response(response), os.path.join(args.responses, "modules"),
                                             modules, obj)
            seconds = compile_target(frontend, target, compile_args, obj, args.out, args.timeout)
            print(f"compiled in {seconds:.0f} s")
        elif not os.path.isfile(obj):
            fail(f"no {obj} from an earlier run")
        text_size = report(target, obj, args.top, tools)
        if judged and not check(target, text_size, thresholds, args.update):
            failed = True
        if judged and not args.reuse_objects:
            # Xcode's default release setting is -O, not -Osize: an app built that way must compile
            # too (a compiler crash in an optimizer pass is the app's failed build). Reported only.
            fast = os.path.abspath(os.path.join(args.out, f"{target}-O.o"))
            fast_args = release_arguments(read_response(response), os.path.join(args.responses, "modules"),
                                          modules, fast, optimization="-O",
                                          emitted_modules=os.path.join(args.out, "modules-O"))
            os.makedirs(os.path.join(args.out, "modules-O"), exist_ok=True)
            seconds = compile_target(frontend, target, fast_args, fast, args.out, args.timeout, "-O")
            fast_text = next((size for name, size, _ in sections(tools[0], fast) if name == "__text"), 0)
            print(f"-O (Xcode's default release setting): compiled in {seconds:.0f} s; __text {fast_text:,} B "
                  f"({kb(fast_text)}; reported, not judged)")
    print()
    if failed:
        print(f"Code size FAILED: a target's __text grew by more than {TOLERANCE:.0%} over its recorded figure. "
              "Cut it, or if the growth is worth it, record it with `bash Benchmarks/size.sh --update` and say why "
              "in the commit.")
        return 1
    print("Code size recorded." if args.update else "Code size passed.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
