#!/bin/sh
# jobs.sh: --jobs gives the serial run's output. Every golden program with a claim, a table or a
# period, and every example, run with three workers that split each statement at once (--jobs-after 0: chunks
# of one combination or cell at first) must print what the golden files (or the same run with
# --jobs 1) hold, on stdout and stderr, with the same status; so must random claims and tables
# (fixed seed) that fail at varying instances, with `when` filters and --json, and random periods
# of two-parameter families (their values one by one: the instances the workers split). The ways a worker
# can fail make the parent go on alone, with the serial output: an error inside an instance, a
# value it cannot send (beyond 64 bits), --max-instances, a memory budget the workers share, a
# worker killed; so do the default's workers, stopped when they do not pay. SIGINT and --timeout
# stop a split statement as they stop a serial one. The two
# labelling passes of a big game with cycles run side by side and give the serial labels.
GRUNDY=${GRUNDY:-./grundy}
SRCDIR=${SRCDIR:-$(dirname "$0")/..}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
to=""; command -v timeout >/dev/null 2>&1 && to="timeout 120"
J="--jobs 3 --jobs-after 0"
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# same NAME DIR ARGS...: the run with workers prints and exits as the run without
same() {
    name=$1; dir=$2; shift 2
    (cd "$dir" && $to "$GRUNDY" --jobs 1 "$@" >"$tmp/o1" 2>"$tmp/e1" </dev/null; echo $? >"$tmp/s1")
    (cd "$dir" && $to "$GRUNDY" $J "$@" >"$tmp/o3" 2>"$tmp/e3" </dev/null; echo $? >"$tmp/s3")
    if [ -n "${skip_limit:-}" ] && [ "$(cat "$tmp/s1")" = 4 ]; then
        echo "jobs: $name: not compared (the serial run reached a limit)"
        ok
    elif cmp -s "$tmp/o1" "$tmp/o3" && cmp -s "$tmp/e1" "$tmp/e3" && cmp -s "$tmp/s1" "$tmp/s3"; then ok; else
        bad "$name: the output with $J differs (status $(cat "$tmp/s1") -> $(cat "$tmp/s3"))"
        diff "$tmp/o1" "$tmp/o3" | head -5
        diff "$tmp/e1" "$tmp/e3" | head -5
    fi
}

# golden programs with a claim, a table or a period: against their expected files
for game in "$SRCDIR"/tests/golden/*/*.game; do
    grep -qE '(claim|table|period) ' "$game" || continue
    dir=$(dirname "$game"); name=$(basename "$game" .game)
    args=""; [ -f "$dir/$name.args" ] && args=$(cat "$dir/$name.args")
    want=0; [ -f "$dir/$name.status" ] && want=$(cat "$dir/$name.status")
    (cd "$dir" && eval "$to \"$GRUNDY\" $J $args \"$name.game\"" >"$tmp/out" 2>"$tmp/err" </dev/null)
    st=$?
    [ -f "$dir/$name.err" ] || : >"$tmp/none"
    if [ "$st" = "$want" ] && cmp -s "$tmp/out" "$dir/$name.out" &&
        cmp -s "$tmp/err" "$( [ -f "$dir/$name.err" ] && echo "$dir/$name.err" || echo "$tmp/none")"; then ok; else
        bad "golden $name with --jobs 3: status $st (want $want)"
        diff "$dir/$name.out" "$tmp/out" | head -5
    fi
done
# the examples with a claim, a table or a period
for game in "$SRCDIR"/examples/*.game; do
    grep -qE '(claim|table|period) ' "$game" || continue
    same "example $(basename "$game")" "$SRCDIR/examples" "$(basename "$game")"
done

# random rulesets (fixed seed): a subtraction set, a splitting rule; claims whose first failing
# instance varies (a random bound), with and without `when`; tables over one and two ranges
awk 'BEGIN {
    srand(20261202);
    for (t = 0; t < 12; t++) {
        a = 1 + int(rand() * 5); b = a + 1 + int(rand() * 6); c = b + 1 + int(rand() * 6);
        printf "game R%d(n) { move s(k in {%d, %d, %d}) when k <= n => R%d(n - k);", t, a, b, c, t;
        if (rand() < 0.5) printf " move cut(k in 1..n / 2) when k < n - k => R%d(k) + R%d(n - k);", t, t;
        print " }";
        bound = int(rand() * 6);
        printf "claim sg(R%d(n)) <= %d for n in 0..%d;\n", t, bound, 200 + int(rand() * 300);
        printf "claim sg(R%d(n)) + sg(R%d(m)) != %d for n in 0..60, m in 0..40 when (n + m) %% 3 != 1;\n", t, t, bound;
        printf "table R%d(0..%d);\n", t, 30 + int(rand() * 40);
        printf "table R%d(a) + R%d(b) for a in 0..12, b in 0..9;\n", t, t;
    }
}' >"$tmp/random.game"
sed 's/^table R\([0-9]*\)(a) + R[0-9]*(b) for a in 0..12, b in 0..9;$/table R\1(0..12);/' "$tmp/random.game" >"$tmp/r.game"
same "random rulesets" "$tmp" r.game
same "random rulesets, --json" "$tmp" --json r.game
# random two-parameter families (fixed seed): no strategy knows their periods, so G(n) is computed
# one n at a time, along either parameter; some have a period, some do not
awk 'BEGIN {
    srand(20261203);
    for (t = 0; t < 10; t++) {
        a = 1 + int(rand() * 4); b = a + 1 + int(rand() * 5); d = 2 + int(rand() * 5); e = int(rand() * d);
        printf "game Q%d(n, k) { move s(j in {%d, %d}) when j <= n => Q%d(n - j, k);", t, a, b, t;
        printf " move u(j in 1..k) when j <= n and (n + j) %% %d == %d => Q%d(n - j, k);", d, e, t;
        if (rand() < 0.5) printf " move c(j in 1..n / 2) when (j + k) %% 3 == 0 => Q%d(j, k) + Q%d(n - j, k);", t, t;
        print " }";
        printf "period Q%d(n, %d) for n in 0..%d;\n", t, 1 + int(rand() * 6), 100 + int(rand() * 300);
        printf "period Q%d(%d, n) for n in 0..%d;\n", t, 20 + int(rand() * 60), 30 + int(rand() * 60);
    }
}' >"$tmp/q.game"
same "random periods" "$tmp" q.game
same "random periods, --json" "$tmp" --json q.game
same "a period whose instance errors" "$tmp" -e 'game Z(n, k) { move t when n >= 1 => Z(n - 1, k + 100 / (n - 377)); } period Z(n, 0) for n in 0..600;'

# games with cycles of 80000 positions or more: with --jobs the remoteness pass runs in a thread
# beside the generalized SG labelling (loopy_label); the outcomes, remoteness, values, sets K and
# moves are the serial run's. A token on a random digraph (fixed seed; mostly downward arcs, some
# upward and loops: P, N and draws) and a ruleset whose positions the retrograde strategy explores
# (every vertex has an arc down to the one before it, so every label up to 79999 is a vertex). The
# first use of the digraph asks for values: that labels it with both passes at once
awk 'BEGIN { srand(20261204); n = 80000; for (u = 1; u < n; u++) print u, u - 1;
             for (i = 0; i < 4 * n; i++) { u = 1 + int(rand() * (n - 1)); r = rand();
             v = r < 0.99 ? int(rand() * u) : r < 0.9995 ? int(rand() * n) : u; print u, v } }' >"$tmp/loopy.txt"
cat >"$tmp/loopy.game" <<'END'
const G = read_digraph("loopy.txt", 1);
print [gamma(Token(G, v)) for v in 79900..79999];
print [count(1 for v in vertices(G) when Token(G, v) is P), count(1 for v in vertices(G) when Token(G, v) is D)];
print [outcome(Token(G, v)) for v in 79800..79999];
game R(n) { move a(k in 1..3) when n >= k and (n + k) % 4 != 0 => R(n - k); move b when n % 1000 == 999 => R(n + 2);
            move c when n % 7 == 3 and n >= 17 => R(n / 2); move d when n % 9973 == 5 and n < 60000 => R(n); }
print [gamma(R(v)) for v in 89900..90000];
query R(90000);
END
# a lone token's query shows its remoteness
awk 'BEGIN { for (v = 79700; v < 80000; v++) printf "query Token(G, %d);\n", v; for (v = 89950; v <= 90000; v++) printf "query R(%d);\n", v }' >>"$tmp/loopy.game"
same "two labelling passes side by side" "$tmp" loopy.game
same "two labelling passes side by side, --json" "$tmp" --json loopy.game

# the ways a worker fails: the parent goes on alone, with the serial output
same "an instance that errors" "$tmp" -e 'claim 1000 / (n - 677) > -2000 for n in 0..1000;'
same "a value beyond 64 bits" "$tmp" -e 'table Nim(2**70, 0..20);'
same "--max-instances" "$tmp" --max-instances 500 -e 'claim sg(Kayles(n)) >= 0 for n in 0..800;'
# budgets the serial run meets: the workers share them, so one runs out and the main process meets
# the limit itself, with the same message
same "--max-steps" "$tmp" --max-steps 300000 --strategy memo -e 'game G(n, a) { move t(k in 1..a) when k <= n => G(n - k, a); } claim sg(G(n, a)) >= 0 for a in 1..40, n in 0..400;'
same "--max-states" "$tmp" --max-states 10000 --strategy memo -e 'game G(n, a) { move t(k in 1..a) when k <= n => G(n - k, a); } claim sg(G(n, a)) >= 0 for a in 1..40, n in 0..400;'
same "--max-states, table" "$tmp" --max-states 10000 --strategy memo -e 'game G(n, a) { move t(k in 1..a) when k <= n => G(n - k, a); } table G(0..400, 1..40);'
same "a claim that fails late" "$tmp" -e 'claim sg(Kayles(n)) != 3 or n < 700 for n in 0..2000;'
same "counterexample texts" "$tmp" --json -e 'claim Kayles(n) is N for n in 1..500 when n % 7 != 4;'
# memory: the workers share the budget; one that runs out leaves the rest to the parent
# (each worker solves one instance of about 110 MB: over its third of 300 MB; alone, 230 MB;
# under the sanitizers both runs stop, with figures that differ: then nothing is compared)
skip_limit=1 same "shared memory budget" "$tmp" --max-memory 300M --strategy memo \
    -e 'game W(n, s) { move t(k in 1..3) when k <= n => W(n - k, s); } claim sg(W(n, s)) < 4 for s in 0..1, n in 0..1000000 when n == 1000000;'
# workers killed from outside, once they are there (only once: at exit a sanitizer build forks a
# helper of its own, which must not be killed)
kp='game G(n, a) { move t(k in 1..a) when k <= n => G(n - k, a); move u when n >= 2 => G(n - 2, a) + G(1, a); } claim sg(G(n, a)) >= 0 for a in 1..100, n in 0..3000 when n % 100 == 0;'
"$GRUNDY" --jobs 1 -e "$kp" >"$tmp/k1" 2>&1
"$GRUNDY" $J -e "$kp" >"$tmp/k3" 2>&1 &
gp=$!
i=0
killed=0
while [ $i -lt 200 ] && [ $killed = 0 ] && kill -0 $gp 2>/dev/null; do
    kids=$(pgrep -P $gp 2>/dev/null)
    if [ -n "$kids" ]; then kill -KILL $kids 2>/dev/null; killed=1; fi
    sleep 0.01; i=$((i + 1))
done
wait $gp
st=$?
if [ $st = 0 ] && [ $killed = 1 ] && cmp -s "$tmp/k1" "$tmp/k3"; then ok; else bad "workers killed ($killed): status $st"; head -3 "$tmp/k3"; fi

# --jobs by default (no option): workers only on idle processors, and stopped when their chunks
# cost more a unit than the serial run's (instances that build on each other: a chain along n, a
# table along both arguments); either way the serial output, a counterexample included
J="--jobs-after 0.05"
GRUNDY_JOBS_IDLE=2   # the idle processors to assume (the tests' machine may be busy)
export GRUNDY_JOBS_IDLE
ch='game C(n) { move m(k in 1..n) when (n * k) % 7 != 3 and (n + k) % 5 != 1 => C(n - k); }'
same "default jobs: a chain" "$tmp" -e "$ch claim sg(C(n)) < 1000 for n in 0..5000;"
same "default jobs: a table along both arguments" "$tmp" \
    -e 'game T(a, b) { move x(k in 1..a) when (a * k + b) % 3 != 1 => T(a - k, b); move y(k in 1..b) => T(a, b - k); } table T(0..250, 0..250);'
same "default jobs: independent instances" "$tmp" \
    -e 'game S(n, m) { move t(k in 1..n) when (k * m) % 7 != 1 and (n + k * m) % 11 != 3 => S(n - k, m); } claim sg(S(400, m)) != 184 for m in 1..100;'
J="--jobs 3 --jobs-after 0"
unset GRUNDY_JOBS_IDLE

# SIGINT and --timeout stop a split statement; no worker outlives the run
long='claim sg(G(n, a)) >= 0 for a in 1..10**6, n in 0..2000; game G(n, a) { move t(k in 1..a) when k <= n => G(n - k, a); move u when n >= 2 => G(n - 2, a) + G(1, a); }'
timeout --preserve-status -s INT 1.5 "$GRUNDY" --jobs 2 -e "$long" >"$tmp/out" 2>"$tmp/err" &
tp=$!
sleep 1
gp=$(pgrep -P $tp)
kids=$( [ -n "$gp" ] && pgrep -P "$gp" | wc -l)
wait $tp
st=$?
if [ $st = 130 ] && grep -q "interrupted by SIGINT while running" "$tmp/err"; then ok; else bad "SIGINT: status $st"; cat "$tmp/err"; fi
if [ "${kids:-0}" -ge 2 ]; then ok; else bad "SIGINT: the claim had ${kids:-0} workers, not 2"; fi
sleep 0.2
if pgrep -f "a in 1..10\*\*6, n in 0..2000" >/dev/null; then bad "SIGINT: a worker outlived the run"; else ok; fi
$to "$GRUNDY" --jobs 2 --timeout 1 -e "$long" >"$tmp/out" 2>"$tmp/err"
st=$?
if [ $st = 4 ] && grep -q "the run took more than 1 second" "$tmp/err"; then ok; else bad "--timeout: status $st"; cat "$tmp/err"; fi

# bad values
for v in 0 x 257 -1; do
    "$GRUNDY" --jobs "$v" -e 'print 1;' >"$tmp/out" 2>"$tmp/err"
    st=$?
    if [ $st = 2 ] && grep -q "jobs needs a number of processes" "$tmp/err"; then ok; else bad "--jobs $v: status $st"; fi
done
"$GRUNDY" --jobs-after -1 -e 'print 1;' >"$tmp/out" 2>"$tmp/err"
st=$?
if [ $st = 2 ] && grep -q "jobs-after needs a number of seconds" "$tmp/err"; then ok; else bad "--jobs-after -1: status $st"; fi

echo "jobs: $pass passed, $fail failed"
[ $fail = 0 ]
