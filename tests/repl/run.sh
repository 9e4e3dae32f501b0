#!/bin/sh
# run.sh: REPL transcripts: each tests/repl/NAME.in is typed into `grundy -i --no-readline` (run in
# tests/repl, so :load finds its files) and the whole output, errors included, must equal NAME.out.
# Times are written as "T s". UPDATE_GOLDEN=1 rewrites the .out files.
GRUNDY=${GRUNDY:-./grundy}
SRCDIR=${SRCDIR:-.}
case $GRUNDY in /*) ;; *) GRUNDY=$(pwd)/$GRUNDY ;; esac
dir=$SRCDIR/tests/repl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
for in in "$dir"/*.in; do
    name=$(basename "$in" .in)
    (cd "$dir" && GRUNDY_HISTORY= "$GRUNDY" -i --no-readline <"$in" >"$tmp/out" 2>&1)
    echo "exit status $?" >>"$tmp/out"
    # times vary from run to run: "0.004 s" becomes "T s"
    sed -E 's/[0-9]+\.[0-9]{3} s/T s/g' "$tmp/out" >"$tmp/out.t" && mv "$tmp/out.t" "$tmp/out"
    if [ -n "${UPDATE_GOLDEN:-}" ]; then
        cp "$tmp/out" "$dir/$name.out"
    fi
    if cmp -s "$tmp/out" "$dir/$name.out"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name:"
        diff "$dir/$name.out" "$tmp/out" | head -20
    fi
done
echo "repl transcripts: $pass passed, $fail failed"
[ "$fail" = 0 ]
