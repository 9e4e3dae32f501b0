#!/bin/sh
# layers.sh: the include graph of src/ follows the layers (docs/engine.md, "Layers"): a file may
# include headers of its own layer and of the layers below it, never above, and no two modules
# include each other round a cycle. Fails naming the offending include or the cycle.
SRCDIR=${SRCDIR:-$(dirname "$0")/..}
cd "$SRCDIR" || exit 2
# layer of a file, lowest first (a .h and its .c may differ: builtins.h is the table sema and
# compile read, builtins.c is part of the interpreter)
layer() {
    case "$1" in
    src/util.* | src/arena.* | src/diag.* | src/value.* | src/bignum.* | src/scratch.* | src/numth.* | src/json.* | src/ir_ops.h | \
    src/solve/mex.*) echo 0 core ;;
    src/ast.* | src/parse.h | src/ir.* | src/builtins.h | src/canonform.*) echo 1 syntax ;;
    src/program.* | src/graph.*) echo 2 program ;;
    src/sema.* | src/compile.* | src/peep.*) echo 3 lang ;;
    src/key.*) echo 4 key ;;
    src/vm.* | src/vm_memo.c | src/builtins.c) echo 5 interpreter ;;
    src/pos.*) echo 6 store ;;
    src/solve/*) echo 7 solve ;;
    src/driver.* | src/run.* | src/run_int.h | src/run_split.c | src/jobs.* | src/draw.* | src/plot.* | src/options.* | \
    src/stdlib_data.c) echo 8 app ;;
    src/session/*) echo 9 session ;;
    src/repl* | src/front.* | src/main.c) echo 10 cli ;;
    *) echo "? unknown" ;;
    esac
}
fail=0
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
for f in src/*.c src/*.h src/solve/*.c src/solve/*.h src/session/*.c; do
    [ -f "$f" ] || continue
    set -- $(layer "$f")
    fl=$1 fname=$2
    if [ "$fl" = "?" ]; then
        echo "layers: $f belongs to no layer (add it to tests/layers.sh and docs/engine.md)"
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
exit $fail
