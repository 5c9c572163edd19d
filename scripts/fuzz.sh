#!/usr/bin/env bash
# Builds Easel's libFuzzer targets (the separate package in Fuzz/, with
# AddressSanitizer) and runs each for MINUTES minutes from its seed corpus in
# Fuzz/Corpus/<target>. New inputs go to a scratch corpus (kept in
# .build/fuzz-corpus/<target>, so later runs continue from it); crashes,
# hangs (an input taking over 5 s) and leaks are written to
# .build/fuzz-artifacts/ and make the script exit 1.
#
#   scripts/fuzz.sh [MINUTES] [TARGET...]
#   scripts/fuzz.sh 5                  # every target, 5 minutes each
#   scripts/fuzz.sh 10 encoding elf    # two targets, 10 minutes each
#
# Targets: encoding (encoding parser + call frames: parse, ffi_prep_cif, a
# libffi call), scene (scene reader: parse, build with the built-in views,
# apply steps), value (the value codec), elf (EaselProbe's ELF check).
# Reproduce a finding with: $(scripts/fuzz.sh --bin)/FuzzEncoding ARTIFACT
# FUZZ_FLAGS adds libFuzzer options, e.g. FUZZ_FLAGS="-fork=1 -ignore_crashes=1"
# to go on after a crash (each one still lands in .build/fuzz-artifacts/).
set -euo pipefail
cd "$(dirname "$0")/.."

# One -sanitize list: swiftc keeps only the last of several -sanitize= flags,
# so SwiftPM's `--sanitize=fuzzer --sanitize=address` builds no coverage; --sanitize=fuzzer
# stays for SwiftPM itself (it then leaves main to libFuzzer).
build=(swift build --package-path Fuzz --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
if [[ "${1:-}" == "--bin" ]]; then "${build[@]}" --show-bin-path; exit 0; fi
minutes=${1:-1}
shift || true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(encoding scene value elf)

# ld.gold warns about every ASan symbol it cannot export; nothing else is hidden.
"${build[@]}" 2>&1 | grep -v "Cannot export local symbol" || true
bin=$("${build[@]}" --show-bin-path)

status=0
for target in "${targets[@]}"; do
    case $target in
        encoding) program=FuzzEncoding; options=(-max_len=4200) ;;
        scene) program=FuzzScene; options=(-max_len=16384) ;;
        value) program=FuzzValueCodec; options=(-max_len=4096) ;;
        elf) program=FuzzELF; options=(-max_len=16384) ;;
        *) echo "fuzz.sh: unknown target '$target' (encoding, scene, value, elf)" >&2; exit 2 ;;
    esac
    [[ -x "$bin/$program" ]] || { echo "fuzz.sh: $bin/$program was not built" >&2; exit 1; }
    corpus=.build/fuzz-corpus/$target
    artifacts=.build/fuzz-artifacts
    mkdir -p "$corpus" "$artifacts"
    echo "== $target: $program for $minutes minute(s)"
    # shellcheck disable=SC2086
    if ! "$bin/$program" "${options[@]}" ${FUZZ_FLAGS:-} -max_total_time=$((minutes * 60)) -timeout=5 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$artifacts/$target-" "$corpus" "Fuzz/Corpus/$target" \
        2> >(grep -E "^(stat::|#[0-9]+ *DONE|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written|Done |\*\*\* |  [0-9]+ .* at /)|deadly signal|crashes|oom/timeout/crash|fuzz-artifacts" >&2); then
        echo "== $target: FAILED (see $artifacts/)" >&2
        status=1
    fi
done
exit $status
