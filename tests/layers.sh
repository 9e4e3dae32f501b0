#!/bin/sh
# layers.sh: the include graph and the call graph of src/ follow the layers (docs/dev/engine.md,
# "Layers"): a file may include headers of, and call functions (or read data) of, its own layer and
# the layers below it, never above, and no two files reach each other round a cycle. The calls are
# read from the compiled objects' symbol tables (nm: a file's undefined symbols against the file
# that defines them), so a cycle through a function declared in another header is seen too.
# Fails naming the offending include, call or cycle.
SRCDIR=${SRCDIR:-$(dirname "$0")/..}
BUILDDIR=$(cd "${BUILDDIR:-.}" && pwd)
cd "$SRCDIR" || exit 2
# layer of a file, lowest first (a .h and its .c may differ: builtins.h is the table sema and
# compile read, builtins.c is part of the interpreter)
layer() {
    case "$1" in
    src/util.* | src/arena.* | src/diag.* | src/value.* | src/bignum.* | src/gmpx.h | src/scratch.* | src/numth.* | src/json.* | src/ir_ops.h | src/arith.h | \
    src/solve/core/mex.*) echo 0 core ;;
    src/ast.* | src/parse.h | src/ir.* | src/builtins.h | src/builtins_table.c) echo 1 syntax ;;
    src/program.* | src/graph.* | src/listview.*) echo 2 program ;;
    src/sema.* | src/compile.* | src/peep.* | src/rules.*) echo 3 lang ;;
    src/key.*) echo 4 key ;;
    src/vm.* | src/vm_memo.c | src/vm_rt.c | src/vm_kernel* | src/builtins.c | src/input.*) echo 5 interpreter ;;
    src/pos.*) echo 6 store ;;
    src/solve/core/* | src/solve/*.h) echo 7 solve-core ;;
    src/solve/strategies/* | src/solve/closed/* | src/solve/modes/*) echo 8 strategies ;;
    src/solve/solve.c | src/solve/each_move.c | src/solve/solve_quotient.c) echo 9 solve ;;
    src/driver.* | src/run.* | src/run_int.h | src/run_split.c | src/run_flow.c | src/explain.* | src/render.* | src/jobs.* | src/draw.* | src/plot.* | src/options.* | \
    src/stdlib_data.c) echo 10 app ;;
    src/session/*) echo 11 session ;;
    src/repl* | src/front.* | src/main.c) echo 12 cli ;;
    *) echo "? unknown" ;;
    esac
}
fail=0
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
for f in src/*.c src/*.h src/solve/*.c src/solve/*.h src/solve/*/*.c src/solve/*/*.h src/session/*.c; do
    [ -f "$f" ] || continue
    set -- $(layer "$f")
    fl=$1 fname=$2
    if [ "$fl" = "?" ]; then
        echo "layers: $f belongs to no layer (add it to tests/layers.sh and docs/dev/engine.md)"
        fail=1
        continue
    fi
    for inc in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f"); do
        [ "$inc" = config.h ] && continue
        h=src/$inc
        [ "$inc" = grundy.h ] && h=src/session/api.c   # the public header is the session layer's
        [ -f "$h" ] || continue   # generated headers (grammar/) and the like
        set -- $(layer "$h")
        if [ "$1" != "?" ] && [ "$1" -gt "$fl" ]; then
            echo "layers: $f ($fname) includes $inc ($2), a higher layer"
            fail=1
        fi
        echo "${f%.*} ${h%.*}" >>"$edges"
    done
done
# a cycle between modules (a module is a .c and its .h): tsort reports one
if ! sort -u "$edges" | awk '$1 != $2' | tsort >/dev/null 2>"$edges.err"; then
    echo "layers: the include graph has a cycle:"
    cat "$edges.err"
    fail=1
fi
rm -f "$edges.err"
[ $fail = 0 ] && echo "layers: the include graph follows the layers"

# ---- the call graph, from the objects of the build (src/X.o is compiled from src/X.c; the
# libtool copies libgrundy_la-X.o are the same code) ----
objs=$(cd "$BUILDDIR" && ls src/*.o src/*/*.o src/*/*/*.o 2>/dev/null | grep -v '/libgrundy_la-')
if [ -z "$objs" ] || ! command -v nm >/dev/null 2>&1; then
    echo "layers: no objects in $BUILDDIR (or no nm): the call graph is not checked"
    exit $fail
fi
calls=$(mktemp)
trap 'rm -f "$edges" "$calls" "$calls.loop"' EXIT
# shellcheck disable=SC2086
(cd "$BUILDDIR" && nm -A $objs) | awk '
    { split($1, p, ":"); f = p[1]; sub(/\.o$/, "", f); t = $(NF - 1); s = $NF }
    t == "U" { use[f, s] = 1; next }
    t ~ /^[TDRBCGSV]$/ { def[s] = f }
    END { for (k in use) { split(k, q, SUBSEP); if ((q[2] in def) && def[q[2]] != q[1]) print q[1], def[q[2]], q[2] } }' |
    sort -u >"$calls"
while read -r from to sym; do
    set -- $(layer "$from.c")
    fl=$1 fname=$2
    set -- $(layer "$to.c")
    if [ "$fl" != "?" ] && [ "$1" != "?" ] && [ "$1" -gt "$fl" ]; then
        echo "layers: $from.c ($fname) calls $sym of $to.c ($2), a higher layer"
        fail=1
    fi
done <"$calls"
# the files that reach each other (the call graph's strongly connected parts, by its transitive
# closure: a few dozen files) and the calls between them
awk 'BEGIN { n = 0 }
     { if (!($1 in id)) { id[$1] = n; name[n++] = $1 } if (!($2 in id)) { id[$2] = n; name[n++] = $2 }
       r[id[$1], id[$2]] = 1; if (!(($1, $2) in sym)) sym[$1, $2] = $3 }
     END {
       for (k = 0; k < n; k++) for (i = 0; i < n; i++) if ((i, k) in r) for (j = 0; j < n; j++) if ((k, j) in r) r[i, j] = 1
       for (i = 0; i < n; i++) for (j = 0; j < n; j++)
         if (i != j && (name[i], name[j]) in sym && (i, j) in r && (j, i) in r)
           printf "  %s.c -> %s.c (%s)\n", name[i], name[j], sym[name[i], name[j]]
     }' "$calls" | sort >"$calls.loop"
if [ -s "$calls.loop" ]; then
    echo "layers: the call graph has a cycle (files that call, through others, back into themselves); the calls in it:"
    cat "$calls.loop"
    fail=1
fi
# the REPL is a client of the public API: its files call the session only through grundy.h (gr_*)
# and the core's helpers (util.c), never the engine
api_bad=$(awk '$1 ~ /^src\/(repl|repl_cmd|repl_item|repl_play)$/ && $2 !~ /^src\/(util|repl|repl_cmd|repl_item|repl_play|session\/api|session\/answer|session\/engine_move|session\/names)$/ {
    print "  " $1 ".c calls " $3 " of " $2 ".c" }' "$calls")
if [ -n "$api_bad" ]; then
    echo "layers: the REPL calls the engine past the public API:"
    echo "$api_bad"
    fail=1
fi
rm -f "$calls" "$calls.loop"
[ $fail = 0 ] && echo "layers: the call graph follows the layers, with no cycle; the REPL calls the engine through the API"

# ---- every block is counted on its session's meter (util.h, UtilMeter): only util.c calls the C
# library's allocator; the others use xmalloc/xfree, and util_free_libc for what the C library made
# shellcheck disable=SC2086
raw=$(cd "$BUILDDIR" && nm -A $objs | awk '$(NF - 1) == "U" && $NF ~ /^(malloc|calloc|realloc|free|strdup|strndup|reallocarray|aligned_alloc|posix_memalign)$/ {
    split($1, p, ":"); if (p[1] != "src/util.o") print "  " p[1] " calls " $NF }')
if [ -n "$raw" ]; then
    echo "layers: a file allocates or frees past the sessions' meters (use xmalloc, xfree, util_free_libc):"
    echo "$raw"
    fail=1
else
    echo "layers: only util.c calls the allocator"
fi
exit $fail
