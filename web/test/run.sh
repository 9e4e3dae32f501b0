#!/bin/sh
# run.sh SRCDIR BUILDDIR: the playground's browser test (`make check-web`, after `make web`): serves
# BUILDDIR/web/dist with python3's static file server and drives headless Chromium through the
# page (web/test/browser.mjs) with every example and every golden program, against BUILDDIR's
# grundy. Writes the screenshot of the tour to BUILDDIR/web/playground.png.
set -eu
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
dist=$build/web/dist
[ -f "$dist/index.html" ] || { echo "check-web: no $dist/index.html: run make web first" >&2; exit 1; }
command -v "${CHROMIUM:-chromium}" >/dev/null 2>&1 || { echo "check-web: chromium is missing (Debian: apt-get install chromium)" >&2; exit 1; }
# the test imports puppeteer-core from the page's npm packages (installed by make web)
cp "$src/web/test/browser.mjs" "$build/web/.build/browser.mjs"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dist" >"$build/web/.build/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for i in 1 2 3 4 5 6 7 8 9 10; do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.html')" 2>/dev/null && break
    sleep 0.5
done
node "$build/web/.build/browser.mjs" "http://127.0.0.1:$port/index.html" "$build/grundy" "$build/web/playground.png" \
    "$src"/examples/*.game "$src"/tests/golden/*/*.game
