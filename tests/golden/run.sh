#!/bin/sh
# run.sh: golden tests: each tests/golden/<area>/NAME.game is run as `grundy [NAME.args] NAME.game`
# in its own directory; stdout must equal NAME.out, stderr NAME.err (empty when absent), and the
# exit status NAME.status (0 when absent); its standard input is NAME.stdin (else empty).
# UPDATE_GOLDEN=1 rewrites the expected files.
GRUNDY=${GRUNDY:-$(pwd)/grundy}
SRCDIR=${SRCDIR:-$(dirname "$0")/../..}
root="$SRCDIR/tests/golden"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
for game in "$root"/*/*.game; do
    dir=$(dirname "$game")
    name=$(basename "$game" .game)
    args=""
    [ -f "$dir/$name.args" ] && args=$(cat "$dir/$name.args")
    want_status=0
    [ -f "$dir/$name.status" ] && want_status=$(cat "$dir/$name.status")
    # a hang is a failure too (status 124), not a stuck test run
    input=/dev/null
    [ -f "$dir/$name.stdin" ] && input="$name.stdin"   # (opened after the cd)
    (cd "$dir" && eval "timeout 120 \"$GRUNDY\" $args \"$name.game\"" >"$tmp/out" 2>"$tmp/err" <"$input")
    status=$?
    if [ -n "${UPDATE_GOLDEN:-}" ]; then
        cp "$tmp/out" "$dir/$name.out"
        if [ -s "$tmp/err" ]; then cp "$tmp/err" "$dir/$name.err"; else rm -f "$dir/$name.err"; fi
        if [ "$status" != 0 ]; then echo "$status" >"$dir/$name.status"; else rm -f "$dir/$name.status"; fi
    fi
    ok=1
    if [ "$status" != "$want_status" ]; then
        echo "FAIL $dir/$name: exit status $status, expected $want_status"
        ok=0
    fi
    # a crash (signal, sanitizer report) is never acceptable
    if [ "$status" -gt 4 ]; then
        echo "FAIL $dir/$name: crashed with status $status"
        ok=0
    fi
    if ! cmp -s "$tmp/out" "$dir/$name.out" 2>/dev/null; then
        echo "FAIL $dir/$name: stdout differs"
        diff "$dir/$name.out" "$tmp/out" | head -20
        ok=0
    fi
    if [ -f "$dir/$name.err" ]; then
        if ! cmp -s "$tmp/err" "$dir/$name.err"; then
            echo "FAIL $dir/$name: stderr differs"
            diff "$dir/$name.err" "$tmp/err" | head -20
            ok=0
        fi
    elif [ -s "$tmp/err" ]; then
        echo "FAIL $dir/$name: unexpected stderr"
        head -5 "$tmp/err"
        ok=0
    fi
    if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "golden: $pass passed, $fail failed"
[ $fail = 0 ]
