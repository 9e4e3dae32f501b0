#!/bin/sh
# install.sh: `make install` into a temporary DESTDIR, then the installed files alone: a client
# of the C API (tests/api/api_client.c) compiled with `pkg-config --cflags --libs grundy` against
# them and run (every golden program through gr_eval against the command line's --json output,
# two sessions in two threads, limits and interrupts, nothing written to stdout or stderr); the
# installed grundy run from / on the installed tour and examples; the installed pieces all there;
# the installed Python module, imported from / with the installed library; `make uninstall` leaves no
# file behind.
SRCDIR=${SRCDIR:-$(dirname "$0")/..}
BUILDDIR=${BUILDDIR:-.}
CC=${CC:-cc}
MAKE=${MAKE:-make}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
root=$tmp/root

if ! $MAKE -C "$BUILDDIR" install DESTDIR="$root" >"$tmp/install.log" 2>&1; then
    tail -20 "$tmp/install.log"
    echo "FAIL make install"
    exit 1
fi
bin=$(find "$root" -path '*/bin/grundy' -type f | head -1)
pc=$(find "$root" -name grundy.pc | head -1)
prefix=${bin%/bin/grundy}
for f in bin/grundy include/grundy.h lib/libgrundy.so lib/libgrundy.a share/man/man1/grundy.1 \
         share/grundy/stdlib/core.game share/grundy/stdlib/boards.game share/doc/grundy/api.md \
         share/doc/grundy/language.md share/doc/grundy/tutorial.md share/doc/grundy/reference.md share/doc/grundy/dev/engine.md share/doc/grundy/examples/tour.game share/doc/grundy/examples/api/client.c \
         share/bash-completion/completions/grundy share/zsh/site-functions/_grundy; do
    if [ -e "$prefix/$f" ]; then ok; else bad "not installed: $f"; fi
done
so=$(ls "$prefix"/lib/libgrundy.so.* 2>/dev/null | head -1)
if [ -n "$so" ] && objdump -p "$so" 2>/dev/null | grep -q 'SONAME.*libgrundy\.so\.0'; then ok; else bad "libgrundy.so has no versioned soname"; fi
# the shared library exports the API only
extra=$(nm -D --defined-only "$prefix/lib/libgrundy.so" 2>/dev/null | awk '$2 == "T" && $3 !~ /^gr_/' | head -3)
if [ -z "$extra" ]; then ok; else bad "libgrundy.so exports more than gr_*: $extra"; fi

# the library never exits and never writes to the standard streams by itself: it imports neither
# exit nor stderr nor the functions that write to stdout (a worker process it forks for --jobs
# ends with _exit and resets its own signals; abort is a broken invariant; the scanner names
# stdout as its default output but never writes: it has no default rule)
bad_imports=$(nm -D --undefined-only "$prefix/lib/libgrundy.so" 2>/dev/null |
    awk '{ s = $NF; sub(/@.*/, "", s) } s ~ /^(exit|printf|vprintf|puts|putchar|perror|stderr)$/ { print s }' | tr '\n' ' ')
if [ -z "$bad_imports" ]; then ok; else bad "libgrundy.so imports $bad_imports"; fi

# a client from the installed files only
export PKG_CONFIG_PATH="$(dirname "$pc")" PKG_CONFIG_SYSROOT_DIR="$root"
cflags=$(pkg-config --cflags grundy) && libs=$(pkg-config --libs grundy) && version=$(pkg-config --modversion grundy)
# shellcheck disable=SC2086
if $CC -std=c11 -Wall -Wextra -Werror $SAN_CFLAGS $cflags -DPACKAGE_VERSION_WANTED="\"$version\"" "$SRCDIR/tests/api/api_client.c" \
    $libs $SAN_CFLAGS -lpthread -o "$tmp/api_client" 2>"$tmp/cc.log"; then
    ok
else
    cat "$tmp/cc.log"
    bad "the API client does not compile against the installed files"
fi
# the example client of docs/api.md, as a user would build it from the installed doc directory
# shellcheck disable=SC2086
if $CC -std=c11 -Wall -Wextra -Werror $SAN_CFLAGS $cflags "$prefix/share/doc/grundy/examples/api/client.c" $libs $SAN_CFLAGS \
    -o "$tmp/client" 2>"$tmp/cc.log"; then ok; else cat "$tmp/cc.log"; bad "examples/api/client.c does not compile"; fi
unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
export LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
to=""; command -v timeout >/dev/null 2>&1 && to="timeout 600"
if [ -x "$tmp/api_client" ]; then
    for mode in limits quiet; do
        if $to "$tmp/api_client" $mode >"$tmp/$mode.out" 2>&1; then ok; else bad "api client $mode:"; tail -20 "$tmp/$mode.out"; fi
    done
    # (the goldens the command line runs with a timeout or files elsewhere are skipped by the client;
    # INSTALL_QUICK=1 skips them all: the ThreadSanitizer build runs the rest)
    if [ -n "${INSTALL_QUICK:-}" ]; then :
    elif $to "$tmp/api_client" goldens "$bin" "$SRCDIR"/tests/golden/*/*.game >"$tmp/goldens.out" 2>&1; then ok
    else bad "api client goldens:"; grep -A12 '^FAIL\|^---' "$tmp/goldens.out" | head -60; fi
    [ -n "${INSTALL_QUICK:-}" ] || tail -2 "$tmp/goldens.out"
    # (programs quick enough for ThreadSanitizer: each runs three times, alone and in two threads;
    # not the periods searched to the step budget, 2-5 minutes each under it)
    set -- "$SRCDIR"/tests/golden/basic/*.game
    for f in "$SRCDIR"/tests/golden/regress/audit_*.game; do case $f in *audit_period_*) ;; *) set -- "$@" "$f" ;; esac; done
    if $to "$tmp/api_client" threads "$@" >"$tmp/threads.out" 2>&1; then ok
    else bad "api client threads:"; tail -20 "$tmp/threads.out"; fi
fi

if [ -x "$tmp/client" ]; then
    (cd / && "$tmp/client" --max-steps 1000000 -e 'query Nim(3, 4, 5);' "$prefix/share/doc/grundy/examples/tour.game") \
        >"$tmp/client.out" 2>&1
    if grep -q '^  -> Heap(3) + Heap(4) + Heap(5) is N, 1 winning position listed$' "$tmp/client.out" &&
       grep -q '"kind":"expect","ok":true' "$tmp/client.out"; then ok
    else bad "examples/api/client.c's output:"; head -20 "$tmp/client.out"; fi
fi

# the installed grundy, far from the build and source trees
docdir="$prefix/share/doc/grundy"
if (cd / && "$bin" "$docdir/examples/tour.game") >"$tmp/tour.out" 2>&1; then ok; else bad "the installed grundy on the tour:"; tail -5 "$tmp/tour.out"; fi
# (a contest example reads its installed sample input and must print its sample output)
[ -n "${INSTALL_QUICK:-}" ] || for f in "$docdir"/examples/*.game; do
    in="$docdir/examples/samples/$(basename "$f" .game).1.in"
    if [ -f "$in" ]; then
        if (cd / && "$bin" "$f" <"$in") >"$tmp/ex.out" 2>"$tmp/ex.err" && cmp -s "$tmp/ex.out" "${in%.in}.out"; then ok
        else bad "the installed grundy on $f < $in:"; head -3 "$tmp/ex.err" "$tmp/ex.out"; fi
    elif (cd / && "$bin" "$f") >/dev/null 2>"$tmp/ex.err" </dev/null; then ok; else bad "the installed grundy on $f:"; head -3 "$tmp/ex.err"; fi
done

# the Python module from the installed files: found in $(pythondir) with no help, loading the
# installed library by itself, from / (not the source tree); the session tests run against it
PYTHON=${PYTHON:-:}
init=$(find "$root" -path '*/grundy/__init__.py' | head -1)
if [ "$PYTHON" = ":" ]; then
    echo "install: the Python module skipped: configure found no Python 3"
elif [ -n "${SAN_CFLAGS:-}" ]; then
    echo "install: the Python module skipped in a sanitizer build"
elif [ -z "$init" ]; then
    bad "the Python module is not installed"
else
    for f in _config.py session.py _native.py; do
        [ -f "$(dirname "$init")/$f" ] && ok || bad "not installed: python module's $f"
    done
    site=$(dirname "$(dirname "$init")")
    if (cd / && env -u GRUNDY_LIBRARY -u PYTHONPATH GRUNDY_INSTALLED_PREFIX="$prefix" \
            PYTHONPATH="$site:$SRCDIR/bindings/python/tests" PYTHONDONTWRITEBYTECODE=1 \
            $to "$PYTHON" -m unittest test_installed test_session test_brute) >"$tmp/python.out" 2>&1 &&
       grep -q '^OK' "$tmp/python.out" && ! grep -q 'skipped' "$tmp/python.out"; then ok
    else bad "the installed Python module:"; tail -20 "$tmp/python.out"; fi
fi

# uninstall: nothing left
$MAKE -C "$BUILDDIR" uninstall DESTDIR="$root" >"$tmp/uninstall.log" 2>&1 || bad "make uninstall"
left=$(find "$root" -type f -o -type l | head -5)
if [ -z "$left" ]; then ok; else bad "make uninstall left files: $left"; fi

echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
