#!/bin/sh
# doctest.sh: the examples in the Markdown documents are run and compared with what they show.
#
# Usage: doctest.sh [FILE.md]...   (default: README.md and docs/**/*.md of the source tree)
# Environment: GRUNDY (the built program), SRCDIR (the source tree), BUILDDIR (the build tree).
#
# The markers (an HTML comment on the line before a fenced block; docs/dev/doctest.md):
#   <!-- check -->            the block is a console session: each line "$ COMMAND" is run with
#                             sh, and the lines after it up to the next "$ " or the fence are its
#                             output (standard output and standard error together). A line that is
#                             only "..." matches any number of lines, and "..." within a line any
#                             text (a figure that varies by build). Trailing blanks are ignored.
#   <!-- check file=NAME -->  the block's text is written to NAME, for the later commands of the
#                             same document.
#   <!-- nocheck -->          a console block that is deliberately not run (say why next to it).
# A fenced block whose first line starts with "$ " and has no marker is an error: every shown
# command is checked or deliberately not.
#
# Each document runs in a scratch directory of its own holding ./grundy (also on PATH),
# examples/, stdlib/ and bindings/ of the source tree, and the files its blocks wrote; Python
# finds the module (PYTHONPATH, GRUNDY_LIBRARY) and cc the library (CPATH, LIBRARY_PATH). Each
# command has 120 seconds. In a sanitizer build (SAN_CFLAGS) commands running python3 or cc are
# skipped: a plain program cannot load that library.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
SRCDIR=$(cd "$SRCDIR" && pwd)
BUILDDIR=$(cd "${BUILDDIR:-.}" && pwd)
GRUNDY=${GRUNDY:-$BUILDDIR/grundy}
case "$GRUNDY" in /*) ;; *) GRUNDY=$(pwd)/$GRUNDY ;; esac
[ -x "$GRUNDY" ] || { echo "FAIL doctest: $GRUNDY is not built"; exit 1; }
if [ $# -eq 0 ]; then
    set -- "$SRCDIR/README.md"
    for f in "$SRCDIR"/docs/*.md "$SRCDIR"/docs/*/*.md; do [ -f "$f" ] && set -- "$@" "$f"; done
fi
to=""; command -v timeout >/dev/null 2>&1 && to="timeout 120"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lib="$BUILDDIR/.libs/libgrundy.so.0"
[ -f "$lib" ] && GRUNDY_LIBRARY=$lib && export GRUNDY_LIBRARY
# a C program of a document builds against this tree's library: cc FILE.c -lgrundy
CPATH="$SRCDIR/include${CPATH:+:$CPATH}"
LIBRARY_PATH="$BUILDDIR/.libs${LIBRARY_PATH:+:$LIBRARY_PATH}"
LD_LIBRARY_PATH="$BUILDDIR/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export CPATH LIBRARY_PATH LD_LIBRARY_PATH
PYTHONPATH="$SRCDIR/bindings/python${PYTHONPATH:+:$PYTHONPATH}"
PYTHONDONTWRITEBYTECODE=1
export PYTHONPATH PYTHONDONTWRITEBYTECODE
pass=0
fail=0
skipped=0
blocks=0

# match EXPECTED ACTUAL: status 0 when ACTUAL has the lines of EXPECTED ("..." for any lines)
match() {
    awk -v expf="$1" '
        function m(i, j,   k) {
            if (i > ne) return j > na
            if (want[i] == "...") {
                for (k = j; k <= na + 1; k++) if (m(i + 1, k)) return 1
                return 0
            }
            return j <= na && same(want[i], act[j]) && m(i + 1, j + 1)
        }
        # a shown line equals a printed one, where "..." within the line stands for any text
        function same(w, a,   n, piece, k, at) {
            if (index(w, "...") == 0) return w == a
            n = split(w, piece, /\.\.\./)
            if (substr(a, 1, length(piece[1])) != piece[1]) return 0
            a = substr(a, length(piece[1]) + 1)
            for (k = 2; k < n; k++) {
                at = index(a, piece[k])
                if (at == 0) return 0
                a = substr(a, at + length(piece[k]))
            }
            return length(a) >= length(piece[n]) && substr(a, length(a) - length(piece[n]) + 1) == piece[n]
        }
        { sub(/[ \t\r]+$/, ""); act[++na] = $0 }
        END {
            while ((getline line < expf) > 0) {
                sub(/[ \t\r]+$/, "", line)
                t = line; sub(/^[ \t]+/, "", t)
                want[++ne] = (t == "..." ? "..." : line)
            }
            exit m(1, 1) ? 0 : 1
        }' "$2"
}

for md in "$@"; do
    name=${md#"$SRCDIR"/}
    dir="$work/$(echo "$name" | tr '/' '_')"
    mkdir -p "$dir/.cases"
    ln -s "$GRUNDY" "$dir/grundy"
    for d in examples stdlib bindings; do ln -s "$SRCDIR/$d" "$dir/$d"; done
    # the manifest: "file LINE NAME PATH" and "run LINE CMDPATH EXPPATH", in document order;
    # "error LINE TEXT" for an unmarked console block
    awk -v out="$dir/.cases" '
        function flush() { if (cmd != "") { close(cmd); close(expf); cmd = "" } }
        BEGIN { n = 0; mode = ""; fence = 0 }
        fence == 0 && /^<!-- *check *-->/ { mark = "check"; next }
        fence == 0 && /^<!-- *check +file=[^ ]+ *-->/ {
            mark = "file"; fname = $0; sub(/^<!-- *check +file=/, "", fname); sub(/ *-->.*$/, "", fname); next
        }
        fence == 0 && /^<!-- *nocheck/ { mark = "nocheck"; next }
        fence == 0 && /^ *```/ {
            fence = 1; first = 1; mode = mark; mark = ""; start = NR
            if (mode == "file") { n++; path = out "/file" n; printf "" > path; print "file", NR, fname, path }
            next
        }
        fence == 1 && /^ *```/ {
            fence = 0; flush(); if (mode == "file") close(path); mode = ""; next
        }
        fence == 1 {
            if (first && mode == "" && /^\$ /) print "error", start, "a console block without a check or nocheck marker"
            first = 0
            if (mode == "file") { print > path; next }
            if (mode != "check") next
            if (/^\$ /) {
                flush(); n++; cmd = out "/cmd" n; expf = out "/exp" n
                print substr($0, 3) > cmd; printf "" > expf; print "run", NR, cmd, expf; next
            }
            if (cmd != "") print > expf
            next
        }
        fence == 0 && mark != "" && !/^[ \t]*$/ { print "error", NR, "a marker not followed by a fenced block"; mark = "" }
        END { if (fence) print "error", start, "a fenced block not closed" }
    ' "$md" > "$dir/.manifest"
    while read -r kind line a b; do
        case "$kind" in
        file)
            cp "$b" "$dir/$a" ;;
        error)
            fail=$((fail + 1)); echo "FAIL $name:$line: $a $b" ;;
        run)
            blocks=$((blocks + 1))
            # a sanitizer build's library is for neither a plain Python nor a plain cc
            if grep -q 'python3' "$a" && { [ -n "${SAN_CFLAGS:-}" ] || ! command -v python3 >/dev/null 2>&1; }; then
                skipped=$((skipped + 1)); continue
            fi
            if grep -q '^cc ' "$a" && { [ -n "${SAN_CFLAGS:-}" ] || ! command -v cc >/dev/null 2>&1; }; then
                skipped=$((skipped + 1)); continue
            fi
            (cd "$dir" && PATH="$dir:$PATH" $to sh "$a" > "$dir/.cases/actual" 2>&1)
            if match "$b" "$dir/.cases/actual"; then
                pass=$((pass + 1))
            else
                fail=$((fail + 1))
                echo "FAIL $name:$line: \$ $(cat "$a")"
                echo "--- shown in $name"; cat "$b"
                echo "--- printed"; head -40 "$dir/.cases/actual"
                echo "---"
            fi ;;
        esac
    done < "$dir/.manifest"
done
echo "doctest: $pass passed, $fail failed, $skipped skipped (python3 or cc in a sanitizer build) ($# documents)"
[ "$fail" -eq 0 ]
