#!/bin/sh
# examples.sh: every examples/*.game runs cleanly: its expect and claim statements hold (the
# lecture problems' sample answers), and nothing fails or hits a limit. A contest example reads
# its first sample input (examples/samples/NAME.1.in; samples.sh compares what it prints).
GRUNDY=${GRUNDY:-./grundy}
SRCDIR=${SRCDIR:-.}
pass=0
fail=0
err=$(mktemp)
trap 'rm -f "$err"' EXIT
for f in "$SRCDIR"/examples/*.game; do
    in="$SRCDIR/examples/samples/$(basename "$f" .game).1.in"
    [ -f "$in" ] || in=/dev/null
    if "$GRUNDY" "$f" <"$in" >/dev/null 2>"$err"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $f (status $?):"
        head -5 "$err"
    fi
done
echo "examples: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -ge 20 ]
