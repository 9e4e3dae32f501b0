#!/bin/sh
# regress.sh: every input the fuzzer once broke the program with (tests/fuzz/regress/), and every
# golden test program, run in one process through the fuzzer's entry (fuzz_one: small budgets, no
# files) by the replayer: each must end with an exit status of the contract (0-4), never a crash
# (under ASan+UBSan in CI: no sanitizer report, no leak).
SRCDIR=${SRCDIR:-.}
REPLAY=${REPLAY:-./tests/fuzz/fuzz_replay}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set -- "$SRCDIR"/tests/fuzz/regress/* "$SRCDIR"/tests/golden/*/*.game
to=""; command -v timeout >/dev/null 2>&1 && to="timeout 300"   # an input no budget stops must not hang the suite
$to "$REPLAY" "$@" >"$tmp/out" 2>"$tmp/err"
st=$?
n=$(grep -c ': status [0-4]$' "$tmp/out")
if [ $st -ne 0 ] || [ "$n" -ne $# ]; then
    echo "FAIL: the replayer ended with status $st after $n of $# inputs"
    grep -v ': status [0-4]$' "$tmp/out" | head -5
    tail -20 "$tmp/err"
    exit 1
fi
echo "fuzz regress: $n inputs, every status 0-4"
