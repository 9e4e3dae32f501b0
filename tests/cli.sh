#!/bin/sh
# cli.sh: the command-line contract: options, exit statuses, JSON round trip, deep and cyclic games.
GRUNDY=${GRUNDY:-./grundy}
SRCDIR=${SRCDIR:-.}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {   # check NAME WANT_STATUS COMMAND...  (stdout in $tmp/out, stderr in $tmp/err)
    name=$1; want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    st=$?
    if [ "$st" = "$want" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL $name: status $st, expected $want"; head -5 "$tmp/err"; fi
}
contains() {   # contains NAME FILE TEXT
    if grep -qF -- "$3" "$2"; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL $1: '$3' not in output:"; head -5 "$2"; fi
}

check help 0 "$GRUNDY" --help
contains help "$tmp/out" "Usage: grundy"
contains help-exit "$tmp/out" "Exit status"
check version 0 "$GRUNDY" --version
contains version "$tmp/out" "grundy "
check unknown-option 2 "$GRUNDY" --frobnicate
contains unknown-option "$tmp/err" "unknown option '--frobnicate'"
check missing-file 2 "$GRUNDY" "$tmp/no-such.game"
contains missing-file "$tmp/err" "cannot read"
check missing-arg 2 "$GRUNDY" -e
contains missing-arg "$tmp/err" "missing argument for option '-e'"
check bad-max-states 2 "$GRUNDY" --max-states zero -e 'Heap(1)'
contains bad-max-states "$tmp/err" "--max-states needs a positive integer, not 'zero'"
check bad-max-instances 2 "$GRUNDY" --max-instances -3 -e 'Heap(1)'
contains bad-max-instances "$tmp/err" "--max-instances needs a positive integer, not '-3'"
check bad-strategy 2 "$GRUNDY" --strategy guess -e 'Heap(1)'
contains bad-strategy "$tmp/err" "unknown strategy (tokens, closed, sequence, table, memo, retrograde, interval, negamax): 'guess'"
check flag-with-value 2 "$GRUNDY" --json=yes -e 'Heap(1)'
contains flag-with-value "$tmp/err" "no argument allowed for option"

# acceptance: JSON query of Nim(3,4,5), and its winning position fed back is P
check json-nim 0 "$GRUNDY" --json -e 'Nim(3,4,5)'
[ "$(wc -l <"$tmp/out")" = 1 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL json-nim: not one line"; }
contains json-nim "$tmp/out" '"outcome":"N"'
contains json-nim "$tmp/out" '"sg":2'
contains json-nim "$tmp/out" '"winning":["Heap(1) + Heap(4) + Heap(5)"]'
win=$(sed -e 's/.*"winning":\["\([^"]*\)".*/\1/' "$tmp/out")
check json-roundtrip 0 "$GRUNDY" --json -e "$win"
contains json-roundtrip "$tmp/out" '"outcome":"P"'

# every position printed parses back to the same position (canon, sets, variadic)
for q in 'Euclid(3, 7)' 'Subtract(10, {4, 1, 3})' 'Cutting(5, 3) + Heap(2)' 'Wythoff(6, 4)'; do
    check "roundtrip $q" 0 "$GRUNDY" --json -e "$q"
    pos=$(sed -e 's/.*"position":"\([^"]*\)".*/\1/' "$tmp/out")
    first=$(cat "$tmp/out")
    check "roundtrip2 $q" 0 "$GRUNDY" --json -e "$pos"
    [ "$(cat "$tmp/out")" = "$first" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL roundtrip $q"; }
done

# several -e, definitions shared with files, bare expressions are queries
printf 'game Sub(n) { move take(k in {1, 3, 4}) when k <= n => Sub(n - k); }\n' >"$tmp/sub.game"
check eval-after-file 0 "$GRUNDY" "$tmp/sub.game" -e 'Sub(7)' -e 'expect Sub(2) is P'
contains eval-after-file "$tmp/out" "Sub(7): P (sg 0)"
check stdin 0 sh -c "echo 'query Heap(2);' | \"$GRUNDY\""
contains stdin "$tmp/out" "Heap(2): N (sg 2)"

# deep games need no C recursion; cycles are solved (a draw here), not a hang; limits exit 4
check deep 0 "$GRUNDY" -e 'Subtract(1000000, {1,3,4})'
contains deep "$tmp/out" "N (sg 1)"
check cycle 0 "$GRUNDY" -e 'game L(n) { move m(k in 0..1) => L(n + k - 1 + 1 - k); }' -e 'L(3)'
contains cycle "$tmp/out" "L(3): D"
# a bitmask game whose adjacency is a constant list: the table compiles the index; one past the
# end is the interpreter's error, where it is written
check index-range 3 "$GRUNDY" -e 'const ADJ = [6, 13, 10, 20];' \
    -e 'game NK(m) { move pick(v in 0..len(ADJ) - 1) when (m >> v) & 1 == 0 => NK(m | (1 << v) | ADJ[v + 1]); }' -e 'query NK(0);'
contains index-range "$tmp/err" "index 4 is out of range for a list of length 4"
contains index-range-caret "$tmp/err" "^~~~~~~~~~"
# the table's growth: along its outermost dimension it is moved (util_remap_zero), along an inner
# one its rows are copied; values solved before either stay right (two-heap Nim: a XOR b)
check table-growth 0 "$GRUNDY" -e 'game T(a, b) { move x(k in 1..a) => T(a - k, b); move y(k in 1..b) => T(a, b - k); }' \
    -e 'expect sg(T(5, 5)) == 0; expect sg(T(5, 100)) == 5 ^ 100; expect sg(T(3, 90)) == 3 ^ 90;' \
    -e 'expect sg(T(700, 5)) == 700 ^ 5; expect sg(T(2, 3)) == 1; expect sg(T(699, 99)) == 699 ^ 99;'
# a guard that does not read the binder is evaluated once per loop, and only for a loop with values:
# an empty one meets no division by zero, a loop with values meets it where the interpreter would
check invariant-empty 0 "$GRUNDY" -e 'game G(n) { move m(k in 1..n - 5) when 10 / (n - 3) > 0 => G(n - k); }' -e 'query G(3);'
contains invariant-empty "$tmp/out" "G(3): P (sg 0) [table]"
check invariant-error 3 "$GRUNDY" -e 'game G(n) { move m(k in 1..n - 5) when 10 / (n - 8) > 0 => G(n - k); }' -e 'query G(8);'
contains invariant-error "$tmp/err" "division by zero"
# a scan of sg() over a two-coordinate table reads ahead along the last coordinate (cells nobody
# asked for yet): a division by zero at b = 7 stays silent while the scan stops before it, and is
# reported, at its place, when that cell is asked for; the values read ahead are the rules' (the
# game is two-heap Nim below b = 7)
D='game D(a, b) { move x(k in 1..a) => D(a - k, b); move y(k in 1..b) when 10 / (b - 7) != 99 => D(a, b - k); }'
check ahead-silent 0 "$GRUNDY" -e "$D" -e 'expect all(sg(D(a, b)) == a ^ b for a in 0..9, b in 0..6);'
check ahead-error 3 "$GRUNDY" -e "$D" -e 'expect all(sg(D(a, b)) == a ^ b for a in 0..9, b in 0..6); print sg(D(2, 7));'
contains ahead-error "$tmp/err" "<eval 1>:1:73: error: division by zero in '10 / (b - 7)'"
# a query lists each position a winning move reaches once, however many moves reach it: Kayles
# written as rules, with 36, 59 and 88 winning positions (each reached by two moves, from either
# end), against the splits of a row worked out in awk from the rules (knock down one pin or two
# neighbours)
KR='game KR(n) { move one(a in 0..n - 1) => KR(a) + KR(n - 1 - a); move two(a in 0..n - 2) => KR(a) + KR(n - 2 - a); }'
kayles_wins() {   # kayles_wins N: the winning positions of Kayles(N), as "a b" (a <= b)
    awk -v N="$1" 'function xor(x, y,   r, b) { r = 0; for (b = 1; x || y; b *= 2) {
                       if (x % 2 != y % 2) r += b; x = int(x / 2); y = int(y / 2) } return r }
        BEGIN { for (n = 0; n <= N; n++) { delete s; for (k = 1; k <= 2 && k <= n; k++)
                    for (a = 0; a <= n - k; a++) s[xor(g[a], g[n - k - a])] = 1;
                    for (m = 0; m in s; m++); g[n] = m }
                for (k = 1; k <= 2; k++) for (a = 0; 2 * a <= N - k; a++)
                    if (xor(g[a], g[N - k - a]) == 0) print a, N - k - a }' | sort -u
}
for n in 500 701 999; do
    "$GRUNDY" --json -e "$KR" -e "query KR($n)" | tr '[' '\n' | sed -n 2p | tr -d ']' | tr ',' '\n' |
        sed -n 's/"KR(\([0-9]*\)) + KR(\([0-9]*\))"/\1 \2/p; s/^"KR(\([0-9]*\))"$/0 \1/p; s/^"2 \* KR(\([0-9]*\))"$/\1 \1/p' | sort >"$tmp/got"
    kayles_wins "$n" >"$tmp/want"
    if [ -s "$tmp/want" ] && cmp -s "$tmp/got" "$tmp/want"; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL winning-once KR($n): $(wc -l <"$tmp/got") listed, $(wc -l <"$tmp/want") expected"; fi
done
# a Hackenbush query's winning cuts are made grounded in one copy (graph_cut): each printed
# position, parsed back (grounded and remove_edge as the language has them), is the listed move
# and a P-position; the cuts of a bridge print as grounded(remove_edge(...)), the others as
# remove_edge(...). A random grounded graph (fixed seed): a tree of 400 vertices, 40 more edges
awk 'BEGIN { srand(20261203); printf "const H = graph_from(["; for (v = 1; v < 400; v++) printf "%s%d, %d", (v > 1 ? ", " : ""), int(rand() * v), v;
             for (i = 0; i < 40; i++) printf ", %d, %d", int(rand() * 400), int(rand() * 400); print "], [0]);"; print "query Hackenbush(H);" }' >"$tmp/hk.game"
"$GRUNDY" --json "$tmp/hk.game" >"$tmp/hk.json" 2>"$tmp/err"
head -1 "$tmp/hk.game" >"$tmp/hkc.game"
tr -d '\n' <"$tmp/hk.json" | sed 's/.*"winning":\[//; s/\].*//; s/","/\n/g' | tr -d '"' |
    awk '{ printf "expect winning_move(Hackenbush(H), %d) == %s;\nexpect sg(%s) == 0;\n", NR - 1, $0, $0 } END { printf "expect winning_count(Hackenbush(H)) == %d;\n", NR }' >>"$tmp/hkc.game"
if [ "$(grep -c 'winning_move(Hackenbush(H), [0-9]*) == Hackenbush(grounded(remove_edge' "$tmp/hkc.game")" -ge 20 ] &&
    [ "$(grep -c 'winning_move(Hackenbush(H), [0-9]*) == Hackenbush(remove_edge' "$tmp/hkc.game")" -ge 20 ] &&
    "$GRUNDY" "$tmp/hkc.game" >"$tmp/out" 2>"$tmp/err"; then
    pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL hackenbush-cuts: $(head -3 "$tmp/err")"; fi
check limit 4 "$GRUNDY" --max-states 100 -e 'FibSubtract(1000)'
contains limit "$tmp/err" "--max-states"
check expect-fail 1 "$GRUNDY" -e 'expect Heap(1) is P'
check dump-ir 0 "$GRUNDY" --dump-ir -e 'game G(n) { move m(k in 1..n) => G(n - k); }' -e 'G(2)'
contains dump-ir "$tmp/out" "moves G: params 1"
contains dump-ir "$tmp/out" "YIELD"

# the REPL: continuation lines, a bare position, errors do not end the session
printf 'game G(n) {\n  move m(k in 1..n) => G(n - k);\n}\nG(3)\nHepa(1)\ntable G(0..4)\n' >"$tmp/repl.in"
"$GRUNDY" -i <"$tmp/repl.in" >"$tmp/out" 2>"$tmp/err"
contains repl "$tmp/out" "G(3): N (sg 3) [sequence:heap (recognised)]"
contains repl "$tmp/out" "0: 0 1 2 3 4"
contains repl "$tmp/err" "did you mean 'Heap'?"

# the tour example runs cleanly
check tour 0 "$GRUNDY" "$SRCDIR/examples/tour.game"
contains tour "$tmp/out" "verified on"

# issue 11: pictures, JSON errors, bare values in -e
check draw-dot 0 "$GRUNDY" --dot "$tmp/g.dot" -e 'draw Kayles(5) depth 2'
contains draw-dot "$tmp/g.dot" 'digraph game {'
contains draw-dot-bold "$tmp/g.dot" 'style=bold'
if command -v dot >/dev/null 2>&1; then
    check draw-render 0 dot -Tsvg -o "$tmp/g.svg" "$tmp/g.dot"
    contains draw-render "$tmp/g.svg" '<svg'
    "$GRUNDY" -e 'draw Token(digraph { 1 -> 2 -> 3 -> 1; 3 -> 4; }, 1) depth 3' >"$tmp/c.dot" 2>/dev/null
    check draw-render-cycles 0 dot -Tsvg -o "$tmp/c.svg" "$tmp/c.dot"
else
    echo "note: Graphviz dot not installed: drawings not rendered"
fi
check plot 0 "$GRUNDY" --plot "$tmp/w.svg" -e 'table Wythoff(0..20, 0..20)'
contains plot "$tmp/w.svg" '<svg'
contains plot-p "$tmp/w.svg" 'fill="#222222"'
check json-error 3 "$GRUNDY" --json -e 'Nim(3, 4'
contains json-error "$tmp/out" '{"kind":"error","file":"<eval>","line":1,"col":9,'
check json-runtime-error 3 "$GRUNDY" --json -e 'sg(Nim(1 / 0))'
contains json-runtime-error "$tmp/out" '"message":"division by zero'
check bare-value 0 "$GRUNDY" -e 'sg(Nim(3, 4, 5))' -e 'winning_count(Nim(0, 1, 3, 3))'
contains bare-value "$tmp/out" '3'
check labelled-json 0 "$GRUNDY" --json -e 'Nim(3, 4, 5)'
contains labelled-json "$tmp/out" '"moves":[{"component":"Heap(3)","copies":1,"label":"take","args":{"k":2},"result":"Heap(1) + Heap(4) + Heap(5)"}]'
check draw-bad-word 3 "$GRUNDY" -e 'draw Nim(1) deep 2'
contains draw-bad-word "$tmp/err" "expected 'depth N'"
# output errors: a full disk, and a closed pipe while SIGPIPE is ignored (a shell or a server may
# ignore it): a message and exit 2, never a silent success
if [ -w /dev/full ]; then
    "$GRUNDY" -e 'Nim(3, 4, 5)' >/dev/full 2>"$tmp/err"
    st=$?
    if [ "$st" = 2 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL full-disk: status $st, expected 2"; fi
    contains full-disk "$tmp/err" "cannot write the output: No space left on device"
fi
(trap '' PIPE; { "$GRUNDY" -e 'print [x for x in 1..100000];' -e 'print 1;' 2>"$tmp/err"; echo $? >"$tmp/st"; } | head -c 10 >/dev/null)
st=$(cat "$tmp/st")
if [ "$st" = 2 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL closed-pipe: status $st, expected 2"; fi
contains closed-pipe "$tmp/err" "cannot write the output: Broken pipe"
# a directory is not a program; a UTF-8 byte-order mark is not part of one
mkdir "$tmp/dir"
check directory 2 "$GRUNDY" "$tmp/dir"
contains directory "$tmp/err" "cannot read '$tmp/dir': Is a directory"
printf '\357\273\277print 6 * 7;\n' >"$tmp/bom.game"
check byte-order-mark 0 "$GRUNDY" "$tmp/bom.game"
contains byte-order-mark "$tmp/out" "42"
# long flat chains of + / and / or are not "nested too deeply" (they are balanced, in order):
# a sum of 1000 heaps (its SG is the XOR of the sizes), a sum of 10^5 integers, a string of 5000
# pieces (order kept), chains of 2000 comparisons, a long sum inside a game's move
awk 'function bxor(a, b,  r, p) { r = 0; p = 1; while (a || b) { if ((a % 2) != (b % 2)) r += p; a = int(a / 2); b = int(b / 2); p *= 2 } return r }
     BEGIN { x = 0; printf "expect sg("; for (i = 1; i <= 1000; i++) { h = (i * 7919) % 1000; x = bxor(x, h);
             printf "%sHeap(%d)", (i > 1 ? " + " : ""), h } printf ") == %d;\n", x }' >"$tmp/sum.game"
awk 'BEGIN { printf "expect "; for (i = 0; i < 100000; i++) printf "%s%d", i ? " + " : "", i; print " == 4999950000;" }' >>"$tmp/sum.game"
awk 'BEGIN { printf "expect "; for (i = 0; i < 5000; i++) printf "%s\"%d\"", i ? " + " : "", i % 10; printf " == \"";
             for (i = 0; i < 5000; i++) printf "%d", i % 10; print "\";" }' >>"$tmp/sum.game"
awk 'BEGIN { printf "expect "; for (i = 0; i < 2000; i++) printf "%s%d < %d", i ? " and " : "", i, i + 1; print ";";
             printf "expect not ("; for (i = 0; i < 2000; i++) printf "%s%d > %d", i ? " or " : "", i, i + 1; print ");" }' >>"$tmp/sum.game"
awk 'BEGIN { printf "game G(n) { move t when n >= 1 => G(n - 1)"; for (i = 0; i < 300; i++) printf " + G(0)"; print "; }";
             print "expect sg(G(5)) == 1;" }' >>"$tmp/sum.game"
check long-chains 0 "$GRUNDY" "$tmp/sum.game"
awk 'BEGIN { printf "print "; for (i = 0; i < 3000; i++) printf "%s%s", i ? " + " : "", i == 1500 ? "\"x\"" : i; print ";" }' >"$tmp/mix.game"
check long-chain-error 3 "$GRUNDY" "$tmp/mix.game"
contains long-chain-error "$tmp/err" "error: expected integers here, not a string"
# a query whose positions are longer than the JSON line's buffer (30,000 heaps, about 400 KB
# each): the long strings are written straight out, in their place in the one line
awk 'BEGIN { printf "query Nim("; for (i = 1; i <= 30000; i++) printf "%s%d", (i > 1 ? ", " : ""), (i * 7919) % 100003; print ");" }' >"$tmp/big.game"
check long-json 0 "$GRUNDY" --json "$tmp/big.game"
if [ "$(wc -l <"$tmp/out")" = 1 ] && [ "$(tail -c 2 "$tmp/out")" = "}" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL long-json: not one line ending in }"; fi
awk 'BEGIN { printf "{\"kind\":\"query\",\"position\":\""; for (i = 1; i <= 30000; i++) printf "%sHeap(%d)", (i > 1 ? " + " : ""), (i * 7919) % 100003
             printf "\",\"outcome\":\"N\",\"sg\":" }' >"$tmp/start"
if head -c "$(wc -c <"$tmp/start")" "$tmp/out" | cmp -s - "$tmp/start"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL long-json-start: the line does not start with the whole position"; fi
contains long-json-outcome "$tmp/out" ')","outcome":"N","sg":'
contains long-json-winning "$tmp/out" ',"winning":["Heap('
contains long-json-moves "$tmp/out" ',"moves":[{"component":"Heap('
contains long-json-result "$tmp/out" ',"result":"Heap(7919) + '
contains long-json-end "$tmp/out" ',"strategy":"closed'
# a set literal of 3000 integers (duplicates, 0 and 2^63 - 1; literals, so a constant made when
# compiled) comes out sorted and without duplicates, as sort(1) has it; its sort was quadratic
# (10^5 values: 1.4 s)
awk 'BEGIN { srand(4242); printf "9223372036854775807, 0"; for (i = 0; i < 3000; i++)
             printf ", %d", int(rand() * 2000) + (i % 7 == 0 ? 1e12 : 0) }' >"$tmp/set.txt"
tr ',' '\n' <"$tmp/set.txt" | tr -d ' ' | sort -n -u >"$tmp/set.want"
check set-literal 0 "$GRUNDY" -e "print {$(cat "$tmp/set.txt")};"
if tr -d '{} ' <"$tmp/out" | tr ',' '\n' | cmp -s - "$tmp/set.want"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL set-literal: not the values of sort -n -u"; fi
# a call with many integer literals (pushed as one constant list; literals, so none negative: -5
# is an operator applied to one): the same values, in order, as the list literal of them, through
# a variadic def, a fixed one and a game
L=$(awk 'BEGIN { srand(99); for (i = 0; i < 40; i++) printf "%s%d", i ? ", " : "", int(rand() * 1000) }')
check literal-args 0 "$GRUNDY" -e "def f(a...) = a; def g(x, a...) = [x] + a; game V(h...) { move m when false => V(); }" \
    -e "expect f($L) == [$L]; expect g($L) == [$L]; expect V($L) == V([$L]...); expect max($L) == max([$L]);"
check literal-args-arity 3 "$GRUNDY" -e "def h(a, b) = a; print h($L);"
contains literal-args-arity "$tmp/err" "takes 2 arguments, but 40 were given"
# contest input: a program reads its standard input in order; the program itself from standard
# input, or the REPL, cannot read it (an error that says so)
printf 'const n = read_ints("-", 0, 1)[0];\nconst a = read_ints("-", 0, n);\nprint n, sum(a), read_lines("-")...;\n' >"$tmp/in.game"
printf '3\n1 2 3\nlast line\n' >"$tmp/in.txt"
"$GRUNDY" "$tmp/in.game" <"$tmp/in.txt" >"$tmp/out" 2>"$tmp/err"
if [ "$(cat "$tmp/out")" = "3 6 last line" ] && [ ! -s "$tmp/err" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL stdin-data: $(cat "$tmp/out" "$tmp/err")"; fi
"$GRUNDY" <"$tmp/in.game" >"$tmp/out" 2>"$tmp/err"
st=$?
if [ $st = 3 ] && grep -qF "read_ints(): this session has no standard input to read" "$tmp/err"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL stdin-program: status $st: $(head -3 "$tmp/err")"; fi
printf 'print read_ints("-");\n' | "$GRUNDY" -i >"$tmp/out" 2>"$tmp/err"
contains stdin-repl "$tmp/err" "read_ints(): this session has no standard input to read"
# REPL commands from -e texts, with their status; a piped REPL session with --no-readline
check e-command 0 "$GRUNDY" -e ':moves Nim(1, 2)' -e 'print 5;' -e ':explain Heap(2)'
contains e-command "$tmp/out" "*   2. take k=1 from Heap(2) -> 2 * Heap(1): P (sg 0)"
contains e-command-explain "$tmp/out" "SG = mex{1, 0} = 2"
check e-command-bad 3 "$GRUNDY" -e ':moves Nim(1,'
check e-command-unknown 2 "$GRUNDY" -e ':bogus'
printf ':moves Heap(2)\nNim(1, 1)\n' | "$GRUNDY" --no-readline >"$tmp/out" 2>"$tmp/err"
contains no-readline-pipe "$tmp/out" "2 moves, 1 winning"
contains no-readline-query "$tmp/out" "Nim(1, 1): P (sg 0)"
printf ':moves Heap(2)\n' >"$tmp/cmd.game"
check command-in-program 3 "$GRUNDY" "$tmp/cmd.game"
contains command-in-program "$tmp/err" "a ':' command belongs to the REPL"
# the heat map: a legend, and room for a long title
check plot-legend 0 "$GRUNDY" --plot "$tmp/p.svg" -e 'table Wythoff(0..3, 0..3);'
contains plot-legend "$tmp/p.svg" ">SG value</text>"
contains plot-legend-title "$tmp/p.svg" ">Wythoff(0..3, 0..3)</text>"
w=$(sed -n 's/.*<svg[^>]* width="\([0-9]*\)".*/\1/p' "$tmp/p.svg")
if [ "${w:-0}" -ge 300 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL plot-width: $w"; fi
echo "cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
