#!/bin/sh
# quickstart.sh: README command 1: install missing build dependencies (Debian), configure, build
# in this directory, and run the tour example.
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
./autogen.sh
./configure -q
make -j"$(nproc 2>/dev/null || echo 2)"
echo
echo "== ./grundy examples/tour.game"
./grundy examples/tour.game
