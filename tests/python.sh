#!/bin/sh
# python.sh: the Python module's unittest suite (bindings/python/tests) against this build's
# libgrundy.so, with the configured Python: every golden program through Session.eval against the
# command line's --json, big integers, the exceptions, Ctrl-C and threads, brute forces, tables and
# displays. The parts that need NumPy/pandas run with /usr/bin/python3 as well when the configured
# Python lacks them; the example notebooks run with jupyter-nbconvert when it is installed. Skipped
# (77) without Python, and in a sanitizer build (its library cannot be loaded into a plain Python).
SRCDIR=${SRCDIR:-$(dirname "$0")/..}
BUILDDIR=${BUILDDIR:-.}
PYTHON=${PYTHON:-python3}
if [ "$PYTHON" = ":" ] || ! command -v "$PYTHON" >/dev/null 2>&1; then
    echo "python: skipped: configure found no Python 3"
    exit 77
fi
if [ -n "${SAN_CFLAGS:-}" ]; then
    echo "python: skipped in a sanitizer build (libgrundy.so needs the sanitizer's runtime preloaded)"
    exit 77
fi
lib="$BUILDDIR/.libs/libgrundy.so.0"
[ -f "$lib" ] || { echo "FAIL python: $lib is not built"; exit 1; }
GRUNDY_LIBRARY=$(cd "$(dirname "$lib")" && pwd)/libgrundy.so.0
PYTHONPATH="$SRCDIR/bindings/python:$SRCDIR/bindings/python/tests${PYTHONPATH:+:$PYTHONPATH}"
PYTHONDONTWRITEBYTECODE=1
export GRUNDY_LIBRARY PYTHONPATH PYTHONDONTWRITEBYTECODE
fail=0
to=""; command -v timeout >/dev/null 2>&1 && to="timeout 900"
$to "$PYTHON" -X dev -m unittest test_session test_brute test_threads test_display test_goldens || fail=1

# NumPy and pandas: with Debian's Python when the configured one has neither
if ! "$PYTHON" -c 'import numpy, pandas' 2>/dev/null && [ -x /usr/bin/python3 ] &&
   /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
    echo "python: test_display again with /usr/bin/python3 (NumPy, pandas)"
    $to /usr/bin/python3 -m unittest test_display || fail=1
fi

# the example notebooks, top to bottom (their kernel is Jupyter's python3, which must see the module)
nbconvert=""
if command -v jupyter-nbconvert >/dev/null 2>&1; then nbconvert=jupyter-nbconvert
elif command -v jupyter >/dev/null 2>&1 && jupyter nbconvert --version >/dev/null 2>&1; then nbconvert="jupyter nbconvert"
fi
if [ -z "$nbconvert" ]; then
    echo "python: notebooks skipped: jupyter-nbconvert is not installed (apt-get install jupyter-nbconvert python3-ipykernel)"
else
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    for nb in "$SRCDIR"/examples/notebooks/*.ipynb; do
        if $to $nbconvert --to notebook --execute --ExecutePreprocessor.timeout=300 --output-dir "$tmp" "$nb" \
            >"$tmp/nb.log" 2>&1; then
            echo "python: notebook $(basename "$nb") ran top to bottom"
        else
            tail -30 "$tmp/nb.log"
            echo "FAIL python: notebook $nb"
            fail=1
        fi
    done
fi
exit $fail
