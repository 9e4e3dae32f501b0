#!/bin/sh
# build.sh SRCDIR BUILDDIR: the playground (`make web`): libgrundy compiled to WebAssembly with
# emscripten, the page bundled with esbuild, written as a static site to BUILDDIR/web/dist.
# Needs a configured BUILDDIR (its config.h, generated parser and stdlib_data.c), emcc, node and
# npm (the page's packages come from the npm registry, pinned by web/package-lock.json).
set -eu
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
out=$build/web/.build   # objects, mini-gmp, npm packages
dist=$build/web/dist
jobs=$(nproc 2>/dev/null || echo 2)
command -v emcc >/dev/null 2>&1 || { echo "make web: emcc is missing (Debian: apt-get install emscripten)" >&2; exit 1; }
command -v npm >/dev/null 2>&1 || { echo "make web: npm is missing (Debian: apt-get install npm)" >&2; exit 1; }
# Debian's emscripten runs its JavaScript tools with the system's node modules
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
mkdir -p "$out/obj" "$dist"

# ---- the engine: libgrundy and mini-gmp, compiled by emcc (wasm32: long has 32 bits; gmpx.h)
sh "$src/web/fetch-mini-gmp.sh" "$out/mini-gmp"
# the build's config.h, less what a browser lacks (threads: the retrograde analysis runs on one)
sed 's|^#define HAVE_THREADS_H 1|/* no threads in the page */|' "$build/config.h" >"$out/config.h.new"
cmp -s "$out/config.h.new" "$out/config.h" 2>/dev/null && rm "$out/config.h.new" || mv "$out/config.h.new" "$out/config.h"
engine=$(sed -n '/^ENGINE_SOURCES = /,/^[a-z_]*_SOURCES =/p' "$src/Makefile.am" | tr ' \\\t' '\n\n\n' | grep '\.c$')
cflags="-std=gnu11 -O2 -D_GNU_SOURCE -DHAVE_CONFIG_H -DGRUNDY_MINI_GMP -I$out -I$src/src -I$src/include -I$build/grammar -I$src/grammar -I$build -I$build/src -I$out/mini-gmp"
: >"$out/objs"
{
    for f in $engine; do echo "$src/$f"; done
    echo "$build/src/stdlib_data.c"
    echo "$build/grammar/parser.c"
    echo "$build/grammar/lexer.c"
    echo "$out/mini-gmp/mini-gmp.c"
    echo "$src/web/glue/web_api.c"
} | while read -r f; do
    o=$out/obj/$(echo "$f" | sed "s|^$out/||; s|^$src/||; s|^$build/||; s|/|_|g; s|\.c$|.o|")
    echo "$o" >>"$out/objs"
    # rebuild when the source, a header of the engine or config.h is newer than the object
    if [ -f "$o" ] && [ "$o" -nt "$f" ] && [ "$o" -nt "$out/config.h" ] &&
        [ -z "$(find "$src/src" "$src/include" -name '*.h' -newer "$o" | head -1)" ]; then
        continue
    fi
    echo "$f $o"
done | xargs -r -P "$jobs" -n 2 sh -c 'echo "  EMCC $0"; emcc '"$cflags"' -w -c "$0" -o "$1"'
emcc -O2 $(cat "$out/objs") -o "$out/grundy-engine.js" \
    -sMODULARIZE=1 -sEXPORT_NAME=GrundyEngine -sENVIRONMENT=worker,node \
    -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -sTOTAL_STACK=16MB -sINITIAL_MEMORY=64MB \
    -sEXPORTED_FUNCTIONS=_web_session,_web_exec,_web_load,_web_position,_web_engine_move,_web_free,_web_session_free,_web_version,_gr_interrupt,_malloc,_free \
    -sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString,stringToUTF8,lengthBytesUTF8 \
    -sFILESYSTEM=1
echo "  LINK $out/grundy-engine.wasm ($(wc -c <"$out/grundy-engine.wasm") bytes)"

# ---- the page: npm packages (pinned by the lock file), bundled by esbuild
if [ ! -d "$out/node_modules" ] || [ "$src/web/package-lock.json" -nt "$out/node_modules" ]; then
    cp "$src/web/package.json" "$src/web/package-lock.json" "$out/"
    (cd "$out" && npm ci --no-audit --no-fund --loglevel=error)
    touch "$out/node_modules"
fi
NODE_PATH="$out/node_modules" "$out/node_modules/.bin/esbuild" "$src/web/src/main.js" --bundle --minify --format=iife --target=es2020 \
    --outfile="$dist/app.js" --log-level=warning
NODE_PATH="$out/node_modules" "$out/node_modules/.bin/esbuild" "$src/web/src/worker.js" --bundle --minify --format=iife --target=es2020 \
    --outfile="$dist/worker.js" --log-level=warning
cp "$out/grundy-engine.js" "$out/grundy-engine.wasm" "$dist/"
cp "$src/web/index.html" "$src/web/style.css" "$src/web/sw.js" "$dist/"
cp "$out/node_modules/@viz-js/viz/dist/viz-global.js" "$dist/viz.js"
# the examples menu: every example and the tour, bundled as one JSON file
node "$src/web/tools/examples.js" "$src/examples" "$dist/examples.json"
echo "make web: the playground is in $dist (serve it: cd $dist && python3 -m http.server)"
