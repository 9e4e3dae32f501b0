#!/bin/sh
# limits.sh: the budgets (--max-steps, --max-memory, --timeout) hit inside each kind of work: a
# fold, move generation, a canon, a closed form's winning moves, the sequence, table and memo
# strategies, a claim, a table statement, a constant, copies of graphs, long keys, the search of
# sums, a compound with cycles, a closed form's table, an edge file. Each ends with exit 4 and a
# message naming the budget, the game being solved and the option; memory stays near its budget (peak measured
# by /usr/bin/time when it is there). SIGINT and SIGTERM end a batch run with one line and 130/143.
GRUNDY=${GRUNDY:-./grundy}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

to=""; command -v timeout >/dev/null 2>&1 && to="timeout 60"   # a budget that fails must not hang the suite
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
check() {   # check NAME WANT_STATUS COMMAND...  (stdout in $tmp/out, stderr in $tmp/err)
    name=$1; want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    st=$?
    if [ "$st" = "$want" ]; then ok; else bad "$name: status $st, expected $want"; head -5 "$tmp/err"; fi
}
contains() {   # contains NAME FILE TEXT
    if grep -qF -- "$3" "$2"; then ok; else bad "$1: '$3' not in output:"; head -5 "$2"; fi
}
# steps NAME GAME-OR-EMPTY PROGRAM [OPTIONS...]: a step budget of 200000 runs out
steps() {
    name=$1; game=$2; prog=$3; shift 3
    check "$name" 4 $to "$GRUNDY" --max-steps 200000 "$@" -e "$prog"
    contains "$name" "$tmp/err" "the statement took more than 200000 steps"
    contains "$name" "$tmp/err" "(raise the limit with --max-steps N)"
    [ -z "$game" ] || contains "$name" "$tmp/err" "while solving game '$game'"
}

steps fold "" 'print count(x for x in 0..10**12 when x % 7 == 3);'
steps any "" 'print any(x == -1 for x in 0..10**12);'
steps binder G 'game G(n) { move t(k in 0..10**12) when k > n + 10**13 => G(n + 1); } query G(0);'
# the same loop in the table strategy's code (a literal range, a guard it compiles): it counts its
# binder values as steps (it ran on past every budget, SIGTERM aside)
steps binder-table G 'game G(n) { move t(k in 0..1000000000000) when k * k < 0 => G(n + 1); } query G(0);'
steps binder-table2 H 'game H(a, b) { move t(k in 1..1000000000000) when popcount(k) == 0 => H(a - 1, b); } query H(3, 4);'
steps canon C 'game C(n) { canon (n + 0 * count(x for x in 0..10**12 when x < 0)); move t when n > 0 => C(n - 1); } query C(5);'
steps closed-moves TurningTurtles "query TurningTurtles(\"$(printf '%3000s' | tr ' ' H)\");"
steps sequence D 'game D(n) { move t(i in 0..n - 1) => D(max(0, i - 1)) + D(max(0, n - i - 2)); } query D(1000000);'
steps table S3 'game S3(n) { move one when n >= 1 => S3(n - 1); move three when n >= 3 => S3(n - 3); } query S3(10000000);' \
    --strategy table
steps memo H3 'game H3(a, b, c) { canon (sort([a, b, c])...); move x(k in 1..a) => H3(a - k, b, c); move y(k in 1..b) => H3(a, b - k, c); move z(k in 1..c) => H3(a, b, c - k); move w(k in 1..min(a, b)) => H3(a - k, b - k, c); } query H3(60, 59, 57);' \
    --strategy memo
steps claim "" 'claim Nim(n) is N for n in 1..10**12;'
steps table-statement "" 'table Subtract(0..10**7, {1, 2});'
# a constant: the unit does not load; still exit 4, not 3
check const 4 $to "$GRUNDY" --max-steps 200000 -e 'const X = count(x for x in 0..10**12 when x < 0); print X;'
contains const "$tmp/err" "(raise the limit with --max-steps N)"
# the budget is per statement: two statements of 150000 steps each pass a budget of 200000
# a comprehension run as a loop counts its steps: 4 for 3 elements (a NEXT each, and the one that
# ends it) besides the statement's own; a slice that shares the list's elements (ITERSLICE) is
# one step, whatever its length (a move dropping an end of a long row is O(1))
for form in " when x != 5" " when true"; do
    check "loop steps$form: 6 suffice" 0 "$GRUNDY" --max-steps 6 -e "def f(L) = [L[x] for x in 0..2$form]; print f([1, 2, 3]);"
    check "loop steps$form: 5 do not" 4 "$GRUNDY" --max-steps 5 -e "def f(L) = [L[x] for x in 0..2$form]; print f([1, 2, 3]);"
done
# a loop whose guard the kernel runs (NEXTG) counts a NEXT per value it turns down or takes, and
# the one that ends the loop, as the interpreter's loop does
for form in "[[x] for x in 0..2 when x != 1]" "[[x] for x in 0..2 when x > 5]" "[[x] for x in L when S[x] == \".\"]"; do
    check "guard steps $form: 6 suffice" 0 "$GRUNDY" --max-steps 6 -e "def f(L, S) = $form; print f([0, 1, 2], \".#.\");"
    check "guard steps $form: 5 do not" 4 "$GRUNDY" --max-steps 5 -e "def f(L, S) = $form; print f([0, 1, 2], \".#.\");"
done
check "guard steps (300000 values): 300002 suffice" 0 "$GRUNDY" --max-steps 300002 -e 'print [[x] for x in 1..300000 when x > 10**6];'
check "guard steps (300000 values): 300001 do not" 4 "$GRUNDY" --max-steps 300001 -e 'print [[x] for x in 1..300000 when x > 10**6];'
for n in 3 300000; do   # (the list written out: a literal costs no step)
    awk -v n=$n 'BEGIN { printf "def f(L) = [L[x] for x in 1..%d - 1];\nprint len(f([", n; for (i = 0; i < n; i++) printf "%s%d", i ? ", " : "", i; print "]));" }' >"$tmp/slice.game"
    check "slice steps ($n elements): 3 suffice" 0 "$GRUNDY" --max-steps 3 "$tmp/slice.game"
    check "slice steps ($n elements): 2 do not" 4 "$GRUNDY" --max-steps 2 "$tmp/slice.game"
done
check per-statement 0 "$GRUNDY" --max-steps 200000 -e 'print count(x for x in 0..150000 when x < 0);' \
    -e 'print count(x for x in 0..150000 when x < 0);'

# the REPL: a budget ends the item, not the session; the next item has its own
printf 'print count(x for x in 0..10**12 when x < 0);\nprint 6 * 7;\n' >"$tmp/repl.in"
$to "$GRUNDY" --max-steps 200000 --no-readline -i <"$tmp/repl.in" >"$tmp/out" 2>"$tmp/err"
contains repl-steps "$tmp/err" "the statement took more than 200000 steps"
contains repl-steps "$tmp/out" "42"

# the scale of the input itself: 20,000 definitions (names by hash), a call with 10^5 arguments
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "def f%d(x) = x + %d;\n", i, i; print "expect f19999(1) == 20000;" }' >"$tmp/defs.game"
check many-defs 0 $to "$GRUNDY" "$tmp/defs.game"
awk 'BEGIN { printf "def s(a...) = sum(a);\nexpect s("; for (i = 0; i < 100000; i++) printf "%s1", i ? ", " : ""; print ") == 100000;" }' >"$tmp/args.game"
check many-args 0 $to "$GRUNDY" "$tmp/args.game"

# --timeout: the same loop ends after about the time given
t0=$(date +%s)
check timeout 4 "$GRUNDY" --timeout 0.5 -e 'print count(x for x in 0..10**12 when x % 7 == 3);'
t1=$(date +%s)
contains timeout "$tmp/err" "the run took more than 0.5 seconds (raise the limit with --timeout SECONDS)"
if [ $((t1 - t0)) -le 20 ]; then ok; else bad "timeout: the run took $((t1 - t0)) s"; fi

# --max-memory: exit 4 near the budget, never the machine's memory
# The budget counts the engine's own memory (each block as it is allocated and freed); under the
# address sanitizer the process also holds its redzones, shadow and quarantine of freed blocks (up
# to 256 MB), which no budget of the engine's sees: the peaks are checked in plain builds only.
asan=false
grep -qa __asan_init "$GRUNDY" 2>/dev/null && asan=true
peak_ok() {   # peak_ok NAME BUDGET-MB: the last run's peak (in $tmp/peak, KB) within 1.25 x budget + 96 MB
    $asan && return 0
    [ -s "$tmp/peak" ] || return 0   # (the slack: a sanitizer's leak check at exit counts in the peak)
    kb=$(tail -1 "$tmp/peak")
    if [ "$kb" -le $(($2 * 1024 * 5 / 4 + 96 * 1024)) ]; then ok; else bad "$1: peak $kb KB for a budget of $2 MB"; fi
}
timed() { if [ -x /usr/bin/time ]; then $to /usr/bin/time -o "$tmp/peak" -f %M "$@"; else : >"$tmp/peak"; $to "$@"; fi; }
printf 'query TurningTurtles("%s");\n' "$(printf '%10000s' | tr ' ' H)" >"$tmp/tt.game"
check memory-moves 4 timed "$GRUNDY" --max-memory 300M "$tmp/tt.game"
contains memory-moves "$tmp/err" "of memory, over its budget of 300.0 MB while solving game 'TurningTurtles' (raise it with --max-memory SIZE)"
peak_ok memory-moves 300
# a missing guard that runs out of memory before the state limit: the message names --max-memory
# and the runaway the positions show (the table strategy's search and the memo store alike)
for st in table memo; do
    check memory-runaway-$st 4 timed "$GRUNDY" --max-memory 300M --strategy $st \
        -e 'game Sub(n) { move take(k in {1, 3, 4}) => Sub(n - k); } query Sub(10);'
    contains memory-runaway-$st "$tmp/err" "over its budget of 300.0 MB while solving game 'Sub' (--max-memory); positions of Sub reach Sub(-"
    contains memory-runaway-$st "$tmp/err" 'n keeps falling below zero, so a guard such as "when k <= n" may be missing'
    peak_ok memory-runaway-$st 300
done
# positions whose arguments keep growing, and positions that are long lists (a row of 10^5 ones,
# each move a new row: its copy is the registry's, listview.h): their keys and rows count in the
# memory budget, and the message names --max-memory (it once named --max-states, for a separate
# limit on keys)
check memory-keys 4 timed "$GRUNDY" --max-memory 200M -e 'game G(n) { move m when n > 0 => G(n * 4611686018427387904); } query G(3);'
contains memory-keys "$tmp/err" "over its budget of 200.0 MB while solving game 'G' (raise it with --max-memory SIZE)"
peak_ok memory-keys 200
# a game whose canon the store applies (sort(v)...) keeps its list written out at any length: a
# move's raw order is sorted in scratch and dropped (as a view each raw order was a row kept for
# good: 274 MB for a row of 40 threes, now 7 MB)
check canon-rows 0 timed "$GRUNDY" --max-memory 100M -e 'game P(a...) { canon (sort(a)...); move dec(i in 0..len(a) - 1, k in 1..a[i]) => P(a[i := a[i] - k]...); }' \
    -e 'print sg(P([3 for i in 0..39]...));'
check memory-rows 4 timed "$GRUNDY" --max-memory 300M -e 'game Dec(a...) { move m(i in 0..len(a) - 1) when a[i] > 0 => Dec(a[i := a[i] - 1]...); }' \
    -e 'const C = [1 for i in 0..99999]; query Dec(C...);'
contains memory-rows "$tmp/err" "over its budget of 300.0 MB while solving game 'Dec' (raise it with --max-memory SIZE)"
peak_ok memory-rows 300
# a comprehension the typed kernel runs (vm_kernel.c) grows its list as the interpreter's does:
# a filter that keeps one value of 3 million takes no room for the others (the kernel once
# reserved the whole domain: over a 20 MB budget, and a gigabyte of scratch for 2001 such lists)
check kernel-room 0 timed "$GRUNDY" --max-memory 20M -e 'print len([x for x in 0..3000000 when x == 7]);' \
    -e 'print sum([len([x for x in 0..100000 when x == 0]) for i in 0..2000]);'
contains kernel-room "$tmp/out" "2001"
peak_ok kernel-room 20
# a claim whose every instance keeps a def's result (a row of 100: dear enough to be remembered)
check memory-claim 4 timed "$GRUNDY" --max-memory 200M -e 'def row(n) = [n + x for x in 0..99]; claim len(row(n)) == 100 for n in 1..10**12;'
contains memory-claim "$tmp/err" "(raise it with --max-memory SIZE)"
peak_ok memory-claim 200
# ... and one whose def is too cheap to remember (Nim(n): one heap) keeps nothing: a million
# instances in 100 MB (when every call was remembered, they took more than that)
check memory-cheap-claim 0 "$GRUNDY" --jobs 1 --max-memory 100M -e 'claim Nim(n) is N for n in 1..1000000;'
contains memory-cheap-claim "$tmp/out" "verified on 1000000 instances"
# a big table asks before it is allocated
check memory-table 4 timed "$GRUNDY" --max-memory 100M -e 'print sg(Cutting(6000, 6000));'
contains memory-table "$tmp/err" "the game's table needs 137.4 MB more memory"
contains memory-table "$tmp/err" "while solving game 'Cutting' (raise it with --max-memory SIZE)"
peak_ok memory-table 100
check memory-dense 4 timed "$GRUNDY" --max-memory 100M --strategy table \
    -e 'game S3(n) { move one when n >= 1 => S3(n - 1); move three when n >= 3 => S3(n - 3); } query S3(100000000);'
contains memory-dense "$tmp/err" "over its budget of 100.0 MB while solving game 'S3'"
peak_ok memory-dense 100
# a big value asks before it is built
check memory-value 4 timed "$GRUNDY" --max-memory 100M -e 'print len(list(0..5 * 10**7));'
contains memory-value "$tmp/err" "a value being built needs 381.5 MB more memory"
peak_ok memory-value 100
# copies of a graph count as work by their size, so the memory is read as they pile up: a loop
# deriving 5000 copies of a path (about 600 MB), and a query listing the winning cuts of a
# Hackenbush graph of 10^5 edges (each cut's graph kept with its position: about 700 MB). Before,
# neither polled often enough: 12 GB against a budget of 200 MB for a longer loop, and the query
# ended with exit 0 at 700 MB.
check memory-graph-copies 4 timed "$GRUNDY" --max-memory 100M \
    -e 'const P = path(5000); print sum(len(edges(remove_edge(P, v, v + 1))) for v in 0..4998);'
contains memory-graph-copies "$tmp/err" "over its budget of 100.0 MB (raise it with --max-memory SIZE)"
peak_ok memory-graph-copies 100
check memory-graph-minus 4 timed "$GRUNDY" --max-memory 100M -e 'const P = path(5000); print sum(len(edges(P - v)) for v in 0..4999);'
peak_ok memory-graph-minus 100
awk 'BEGIN { srand(20261201); for (v = 1; v <= 50000; v++) print int(rand() * v), v;
             for (i = 0; i < 50000; i++) print int(rand() * 50001), int(rand() * 50001) }' >"$tmp/h.txt"
printf 'const H = read_graph("h.txt", [0]);\nquery Hackenbush(H);\n' >"$tmp/h.game"
check memory-cuts 4 timed "$GRUNDY" --max-memory 150M "$tmp/h.game"
contains memory-cuts "$tmp/err" "over its budget of 150.0 MB while solving game 'Hackenbush' (raise it with --max-memory SIZE)"
peak_ok memory-cuts 150
# a long key counts as work by its size too: a row of 30000 piles is beyond EndPiles' closed form,
# and the search stores intervals of up to 30000 words each (before, 4096 of them passed between
# two reads of the memory: 1.36 GB against a budget of 500 MB with 10^5 piles)
awk 'BEGIN { srand(2599); printf "print sg(EndPiles("; for (i = 0; i < 30000; i++) printf "%s%d", i ? ", " : "", 1 + int(rand() * 1000000000); print "));" }' >"$tmp/ep.game"
check memory-long-keys 4 timed "$GRUNDY" --max-memory 100M "$tmp/ep.game"
contains memory-long-keys "$tmp/err" "over its budget of 100.0 MB while solving game 'EndPiles' (raise it with --max-memory SIZE)"
peak_ok memory-long-keys 100
# the search of sums (genus, misere play of a sum, the compounds) polls as it interns sums: it
# polled nowhere, and genus Kayles(80) ran past a timeout of 15 s for two minutes, to 1.26 GB
# against a memory budget of 200 MB
check memory-sums 4 timed "$GRUNDY" --max-memory 100M -e 'genus Kayles(80);'
contains memory-sums "$tmp/err" "over its budget of 100.0 MB while solving game 'Kayles' (raise it with --max-memory SIZE)"
peak_ok memory-sums 100
# stopped NAME SECONDS PROGRAM GAME: --timeout 1 ends PROGRAM within SECONDS, naming GAME
stopped() {
    t0=$(date +%s)
    check "$1" 4 $to "$GRUNDY" --timeout 1 -e "$3"
    t1=$(date +%s)
    contains "$1" "$tmp/err" "the run took more than 1 second while solving game '$4' (raise the limit with --timeout SECONDS)"
    if [ $((t1 - t0)) -le "$2" ]; then ok; else bad "$1: the run took $((t1 - t0)) s"; fi
}
# (Kayles's sums answer through its misère quotient at once; a board written as strings has no
# quotient path, so its sum is searched)
stopped timeout-sums 20 'def pins(n) = if n <= 0 then "" else pins(n - 1) + "|";
game Pins(s) {
    move one(i in 0..len(s) - 1) => Pins(pins(i)) + Pins(pins(len(s) - i - 1));
    move two(i in 0..len(s) - 2) => Pins(pins(i)) + Pins(pins(len(s) - i - 2));
}
query misere(Pins(pins(60)) + Pins(pins(61)) + Pins(pins(62)));' Pins
# the misère quotient a query computes polls too: Dawson's Kayles, whose quotient search runs to
# its budget
stopped timeout-quotient 20 'query misere(DawsonKayles(40) + DawsonKayles(41) + DawsonKayles(42));' DawsonKayles
# the retrograde analysis of a compound with cycles polls at every move it lists: three tokens on
# a 300-vertex digraph with cycles, whose every() compound has about 50 million moves (before,
# the state limit stopped it after 7 s at 380 MB, past any --max-memory or --timeout)
awk 'BEGIN { for (v = 0; v < 300; v++) { print v, (v + 1) % 300; print v, (v * 7 + 3) % 300 } }' >"$tmp/cyc.txt"
printf 'const G = read_digraph("cyc.txt");\nquery every(Token(G, 0) + Token(G, 100) + Token(G, 200));\n' >"$tmp/cpd.game"
check memory-compound 4 timed "$GRUNDY" --max-memory 100M "$tmp/cpd.game"
contains memory-compound "$tmp/err" "over its budget of 100.0 MB while solving game 'Token' (raise it with --max-memory SIZE)"
peak_ok memory-compound 100
# a closed form whose table takes long (SplitEqual's to 10^6: about 10 s) counts its work, so a
# timeout stops it inside; in the REPL the next inputs then find the form's table as it was
stopped timeout-closed 5 'print sg(SplitEqual(1000000, 2));' SplitEqual
printf 'sg(SplitEqual(1000000, 2))\nsg(SplitEqual(5000, 2))\n' | $to "$GRUNDY" --timeout 1 -i >"$tmp/out" 2>"$tmp/err"
"$GRUNDY" -e 'print sg(SplitEqual(5000, 2));' >"$tmp/want"
if [ "$(tail -1 "$tmp/out")" = "$(cat "$tmp/want")" ]; then ok; else bad "timeout-closed: after the timeout $(tail -1 "$tmp/out"), alone $(cat "$tmp/want")"; fi
# reading an edge file polls every 65536 lines: 3 million arcs stop inside read_digraph at the
# budget (before, the whole file was read and the next statement met the budget, at 85 MB)
awk 'BEGIN { srand(7); for (i = 0; i < 3000000; i++) print int(rand() * 1000000), int(rand() * 1000000) }' >"$tmp/arcs.txt"
printf 'const G = read_digraph("arcs.txt");\nprint len(edges(G));\n' >"$tmp/arcs.game"
check memory-read 4 "$GRUNDY" --max-memory 40M "$tmp/arcs.game"
contains memory-read "$tmp/err" "arcs.game:1:11: error: the run uses"
rm -f "$tmp/arcs.txt"
check memory-size 0 "$GRUNDY" --max-memory 1.5GiB -e 'print 1;'
check bad-memory 2 "$GRUNDY" --max-memory 12Q -e 'print 1;'
contains bad-memory "$tmp/err" "--max-memory needs a size"
check bad-timeout 2 "$GRUNDY" --timeout -1 -e 'print 1;'
contains bad-timeout "$tmp/err" "--timeout needs a positive number of seconds, not '-1'"
check bad-steps 2 "$GRUNDY" --max-steps 0 -e 'print 1;'

# signals: one line naming the statement, the conventional status; what was printed stays
if command -v timeout >/dev/null 2>&1; then
    check sigint 130 timeout --preserve-status -s INT 2 "$GRUNDY" -e 'print 6 * 7;' \
        -e 'print count(x for x in 0..10**12 when x % 7 == 3);'
    contains sigint "$tmp/err" "grundy: interrupted by SIGINT while running <eval 2>:1: print count(x for x in 0..10**12"
    contains sigint "$tmp/out" "42"
    check sigterm 143 timeout --preserve-status -s TERM 2 "$GRUNDY" -e 'query DawsonKayles(10**9) + Kayles(10**9);' \
        -e 'game D(n) { move t(i in 0..n - 1) => D(max(0, i - 1)) + D(max(0, n - i - 2)); } query D(1000000);'
    contains sigterm "$tmp/err" "grundy: interrupted by SIGTERM while running <eval 2>:1: query D(1000000)"
    contains sigterm "$tmp/out" "= DawsonKayles(1000000000) + Kayles(1000000000)"
fi
echo "limits: $pass passed, $fail failed"
[ "$fail" = 0 ]
