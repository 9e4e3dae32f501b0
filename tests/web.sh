#!/bin/sh
# web.sh: the playground's browser test inside `make check`, when the playground is built (`make
# web`: web/dist) and Chromium is installed; skipped otherwise (status 77, with the reason). The
# test itself is web/test/run.sh (`make check-web`).
SRCDIR=${SRCDIR:-$(dirname "$0")/..}
BUILDDIR=${BUILDDIR:-$(pwd)}
if [ ! -f "$BUILDDIR/web/dist/index.html" ]; then
    echo "SKIP: the playground is not built (make web)"
    exit 77
fi
if ! command -v "${CHROMIUM:-chromium}" >/dev/null 2>&1; then
    echo "SKIP: chromium is not installed"
    exit 77
fi
exec sh "$SRCDIR/web/test/run.sh" "$SRCDIR" "$BUILDDIR"
