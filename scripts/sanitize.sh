#!/usr/bin/env bash
# Sanitizers and leak checks as routine (Sources/Easel/Easel.docc/Security.md, "Fuzzing and
# sanitizers"):
#
#   scripts/sanitize.sh [address] [undefined] [valgrind]     (default: all three)
#
# address, undefined: builds the host, the scanner, the sample plugins and the
#   tests with AddressSanitizer (SwiftPM's --sanitize=address: Swift and C
#   targets alike) or UndefinedBehaviorSanitizer (C targets only: swiftc has
#   no -sanitize=undefined on Linux), each in a build folder of its own
#   (.build/address, .build/undefined), runs the whole test suite and renders
#   the demo. The C fixtures the tests compile at run time are not
#   instrumented.
#   Both run with handle_segv=0, handle_sigbus=0 and handle_abort=0, so that a
#   plugin that crashes on purpose reaches easel's own crash handling (the
#   flight recorder's last words, the scanner's report) instead of ASan's
#   report, and with detect_leaks=0 in the tests (LeakSanitizer would fail
#   every short-lived `easel` the CLI tests start); the demo render runs with
#   detect_leaks=1 (suppressions: scripts/lsan.supp, fontconfig only;
#   scripts/asan.supp, one read inside the toolchain's Foundation). Any
#   "runtime error:" (UBSan) or ASan or LeakSanitizer report fails the run.
# valgrind: memcheck on the debug `easel render Examples/demo.json` and
#   `easel list` (a copy stripped of DWARF 5 debug information, which
#   valgrind 3.19 cannot read); fails on any byte "definitely lost" outside
#   the suppressions in scripts/valgrind.supp (fontconfig's offset-encoded
#   patterns, which valgrind cannot follow).
#
# SKIP (a regular expression of test names) is passed to `swift test --skip`;
# under ASan, SandboxTests/limits() (it reads the worker's 4 GiB address-space
# limit, which the sandbox leaves out under a sanitizer) and
# FrameSequenceWriterTests/memoryDoesNotGrowWithTheNumberOfFrames (it measures
# resident memory, which ASan's quarantine of freed blocks makes grow) are
# always skipped.
set -uo pipefail
cd "$(dirname "$0")/.."

modes=("$@")
[[ ${#modes[@]} -gt 0 ]] || modes=(address undefined valgrind)
status=0
log=.build/sanitize
mkdir -p "$log"

fail() { echo "sanitize.sh: $*" >&2; status=1; }

sanitized() {
    local sanitizer=$1 path=.build/$1 flags
    if [[ $sanitizer == address ]]; then
        flags=(--sanitize=address)
    else
        # swiftc has no -sanitize=undefined on Linux (and Swift traps on
        # overflow and out-of-bounds itself): instrument the C targets (the C
        # sample plugins, EaselABI, CEaselSupport) and link UBSan's runtime.
        flags=(-Xcc -fsanitize=undefined -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined)
    fi
    echo "== $sanitizer: build"
    swift build --build-path "$path" "${flags[@]}" --build-tests >"$log/$sanitizer-build.txt" 2>&1 ||
        { tail -20 "$log/$sanitizer-build.txt"; fail "$sanitizer build failed"; return; }
    local bin
    bin=$(swift build --build-path "$path" "${flags[@]}" --show-bin-path)
    export ASAN_OPTIONS=handle_segv=0:handle_sigbus=0:handle_abort=0:allow_user_segv_handler=1:detect_leaks=0:suppressions=$PWD/scripts/asan.supp
    export UBSAN_OPTIONS=print_stacktrace=1:handle_segv=0:handle_sigbus=0:handle_abort=0:handle_sigill=0:handle_sigfpe=0
    export LSAN_OPTIONS=suppressions=$PWD/scripts/lsan.supp:print_suppressions=0
    echo "== $sanitizer: swift test"
    # Under ASan the sandbox leaves out the worker's address-space limit
    # (RLIMIT_AS, 4 GiB: ASan reserves terabytes of shadow memory), so the
    # test that reads it cannot hold. That one test is skipped; every other runs.
    local pattern=${SKIP:-}
    [[ $sanitizer != address ]] || pattern=${pattern:+$pattern|}'SandboxTests/limits\(|memoryDoesNotGrowWithTheNumberOfFrames'
    local skip=()
    [[ -z "$pattern" ]] || skip=(--skip "$pattern")
    swift test --build-path "$path" "${flags[@]}" --skip-build "${skip[@]}" >"$log/$sanitizer-test.txt" 2>&1 ||
        fail "$sanitizer: tests failed ($log/$sanitizer-test.txt)"
    grep -E "Test run with|runtime error:|ERROR: AddressSanitizer" "$log/$sanitizer-test.txt" | sort | uniq -c | head -20
    echo "== $sanitizer: demo render"
    ASAN_OPTIONS=${ASAN_OPTIONS/detect_leaks=0/detect_leaks=1} \
        "$bin/easel" render Examples/demo.json --plugins "$bin" --no-cache -o "$log/$sanitizer-demo.png" \
        >"$log/$sanitizer-demo.txt" 2>&1 || fail "$sanitizer: demo render failed ($log/$sanitizer-demo.txt)"
    if grep -qE "runtime error:|ERROR: (Address|Leak)Sanitizer" "$log"/"$sanitizer"-{test,demo}.txt; then
        grep -hE "runtime error:|ERROR: (Address|Leak)Sanitizer|SUMMARY" "$log"/"$sanitizer"-{test,demo}.txt | sort | uniq -c | head
        fail "$sanitizer: sanitizer reports above"
    fi
}

memcheck() {
    echo "== valgrind: build"
    swift build >"$log/valgrind-build.txt" 2>&1 || { fail "build failed"; return; }
    local bin copy
    bin=$(swift build --show-bin-path)
    copy=$(mktemp -d)/easel
    objcopy --strip-debug "$bin/easel" "$copy"
    for command in "render Examples/demo.json --no-cache -o $log/valgrind-demo.png" "list --no-cache"; do
        local name=${command%% *}
        echo "== valgrind: easel $name"
        # shellcheck disable=SC2086
        EASEL_PLUGIN_SCANNER=$bin/easel-plugin-scanner valgrind --leak-check=full --num-callers=40 --errors-for-leak-kinds=definite \
            --suppressions=scripts/valgrind.supp --error-exitcode=9 "$copy" $command --plugins "$bin" \
            >"$log/valgrind-$name.txt" 2>&1
        local code=$?
        grep -E "definitely lost:|ERROR SUMMARY" "$log/valgrind-$name.txt"
        [[ $code -eq 0 ]] || fail "valgrind easel $name exited $code ($log/valgrind-$name.txt)"
    done
    rm -rf "$(dirname "$copy")"
}

for mode in "${modes[@]}"; do
    case $mode in
        address | undefined) sanitized "$mode" ;;
        valgrind) memcheck ;;
        *) echo "sanitize.sh: unknown mode '$mode' (address, undefined, valgrind)" >&2; exit 2 ;;
    esac
done
exit $status
