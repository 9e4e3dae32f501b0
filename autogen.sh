#!/bin/sh
# autogen.sh: regenerate the autotools build system (configure, Makefile.in).
set -e
cd "$(dirname "$0")"
autoreconf --install --force
