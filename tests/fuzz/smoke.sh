#!/bin/sh
# smoke.sh: make fuzz-smoke: run the libFuzzer target for SECONDS on a seed corpus of every
# example, golden test, saved regression input and standard-library file, with the language's
# dictionary; print the executions per second; fail on any crash, leak, timeout or sanitizer
# report (the input is kept: copy it into tests/fuzz/regress/ as a regression test).
# Usage: smoke.sh FUZZER SRCDIR SECONDS
set -u
FUZZER=$1
SRCDIR=$2
SECONDS_=${3:-60}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/corpus" "$work/seeds"
i=0
for f in "$SRCDIR"/examples/*.game "$SRCDIR"/tests/golden/*/*.game "$SRCDIR"/tests/fuzz/regress/* "$SRCDIR"/stdlib/*.game; do
    [ -f "$f" ] || continue
    i=$((i + 1))
    cp "$f" "$work/seeds/$i.game"
done
echo "fuzz-smoke: $i seed inputs, $SECONDS_ s"
out=$(pwd)/fuzz-smoke-findings
"$FUZZER" -max_total_time="$SECONDS_" -dict="$SRCDIR/tests/fuzz/grundy.dict" -max_len=4096 -timeout=20 \
    -rss_limit_mb=3072 -print_final_stats=1 -artifact_prefix="$work/" "$work/corpus" "$work/seeds" >"$work/log" 2>&1
st=$?
grep -E "^(stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)" "$work/log"
grep -E "#[0-9]+ +DONE" "$work/log" | tail -1
if [ $st -ne 0 ]; then
    mkdir -p "$out"
    cp "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* "$out"/ 2>/dev/null
    grep -E "ERROR|SUMMARY|==[0-9]+==" "$work/log" | head -20
    echo "fuzz-smoke: FAILED (status $st); the inputs are in $out"
    exit 1
fi
echo "fuzz-smoke: no crash, leak, timeout or sanitizer report"
