#!/bin/sh
# quickstart.sh: README command 1: install missing build dependencies (Debian), configure, build
# in this directory, and run the tour example. The optional parts too: the playground's tools
# (emscripten, node, npm, Chromium for its test), then `make web` (a failure there is reported, and
# the command-line build stands); the Python module's companions (NumPy, pandas, matplotlib,
# Jupyter's nbconvert and kernel: docs/python.md).
set -eu
cd "$(dirname "$0")/.."
need=""
for p in flex bison autoconf automake libtool libcmocka-dev libreadline-dev libgmp-dev pkg-config gcc make graphviz time procps; do
    dpkg -s "$p" >/dev/null 2>&1 || need="$need $p"
done
if [ -n "$need" ]; then
    echo "installing:$need"
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $need
fi
optional=""
for p in emscripten chromium curl xz-utils python3 python3-numpy python3-pandas python3-matplotlib jupyter-nbconvert python3-ipykernel; do
    dpkg -s "$p" >/dev/null 2>&1 || optional="$optional $p"
done
# (a node that bundles npm, as NodeSource's does, conflicts with Debian's npm: either will do)
command -v node >/dev/null 2>&1 || optional="$optional nodejs"
command -v npm >/dev/null 2>&1 || optional="$optional npm"
if [ -n "$optional" ]; then
    echo "installing (optional: the playground, the Python module's companions):$optional"
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $optional; } ||
        echo "quickstart: could not install$optional: the playground (make web) may not build, and the Python tests skip what needs them"
fi
./autogen.sh
./configure -q
make -j"$(nproc 2>/dev/null || echo 2)"
if command -v emcc >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
    echo "== make web (the playground: docs/web.md)"
    make web || echo "quickstart: make web failed: the playground is not built (the command line is)"
fi
echo
echo "== ./grundy examples/tour.game"
./grundy examples/tour.game
if command -v python3 >/dev/null 2>&1; then
    echo
    echo "== the Python module from the build tree (docs/python.md)"
    PYTHONPATH=bindings/python python3 -c 'import grundy; s = grundy.Session(); print(s.query("Nim(3, 4, 5)")["moves"])' ||
        echo "quickstart: the Python module did not run (the command line stands)"
fi
