#!/bin/sh
# samples.sh: every contest example reads its problem's official sample input and prints the
# official sample output byte for byte (examples/samples/NAME.K.in and .out, run as
# `grundy examples/NAME.game < NAME.K.in`), with status 0 and nothing on stderr.
GRUNDY=${GRUNDY:-./grundy}
SRCDIR=${SRCDIR:-.}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
games=""
for in in "$SRCDIR"/examples/samples/*.in; do
    base=$(basename "$in" .in)
    name=${base%.*}
    game="$SRCDIR/examples/$name.game"
    case " $games " in *" $name "*) ;; *) games="$games $name" ;; esac
    if [ ! -f "$game" ]; then
        fail=$((fail + 1)); echo "FAIL $base: no examples/$name.game"; continue
    fi
    "$GRUNDY" "$game" <"$in" >"$tmp/out" 2>"$tmp/err"
    st=$?
    if [ $st -eq 0 ] && cmp -s "$tmp/out" "${in%.in}.out" && [ ! -s "$tmp/err" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $base (status $st):"
        diff "${in%.in}.out" "$tmp/out" | head -10
        head -5 "$tmp/err"
    fi
done
n=$(echo $games | wc -w)
echo "samples: $pass passed, $fail failed, $n examples"
[ "$fail" -eq 0 ] && [ "$n" -ge 6 ]
