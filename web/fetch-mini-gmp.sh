#!/bin/sh
# fetch-mini-gmp.sh DIR: put GMP's mini-gmp (mini-gmp.c, mini-gmp.h: the mpz functions in one
# file, which the WebAssembly build compiles with emcc in seconds) into DIR, taken from the
# source tarball of the GMP that Debian ships (the version of the installed libgmp-dev, from
# deb.debian.org, the Debian package archive). Does nothing when DIR already holds them.
# GRUNDY_GMP_TARBALL=FILE uses a tarball already on disk instead.
set -eu
dir=$1
[ -f "$dir/mini-gmp.c" ] && [ -f "$dir/mini-gmp.h" ] && exit 0
mkdir -p "$dir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tarball=${GRUNDY_GMP_TARBALL:-}
if [ -z "$tarball" ]; then
    # "2:6.2.1+dfsg1-1.1" -> "6.2.1+dfsg1" (no epoch, no Debian revision)
    ver=$(dpkg-query -W -f '${Version}' libgmp-dev 2>/dev/null | sed 's/^[0-9]*://; s/-[^-]*$//')
    [ -n "$ver" ] || ver=6.2.1+dfsg1
    url="http://deb.debian.org/debian/pool/main/g/gmp/gmp_$ver.orig.tar.xz"
    echo "fetching mini-gmp from $url"
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL -o "$tmp/gmp.tar.xz" "$url"
    else
        wget -q -O "$tmp/gmp.tar.xz" "$url"
    fi
    tarball=$tmp/gmp.tar.xz
fi
tar -xJf "$tarball" -C "$tmp" --wildcards '*/mini-gmp/mini-gmp.c' '*/mini-gmp/mini-gmp.h'
cp "$tmp"/*/mini-gmp/mini-gmp.c "$tmp"/*/mini-gmp/mini-gmp.h "$dir/"
