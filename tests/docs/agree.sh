#!/bin/sh
# agree.sh: the facts stated in several places say the same everywhere. The exit statuses of
# docs/reference.md (the source) are those of README.md, `grundy --help` and the manual page; the
# options of --help are those of the manual page; the keywords of the scanner are those of the
# language reference; every example program has its entry in the cookbook; every user document is
# named by README.md and by the manual page's SEE ALSO; no document points outside the project.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
GRUNDY=${GRUNDY:-./grundy}
fail=0
checks=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

bad() { fail=$((fail + 1)); echo "FAIL agree: $*"; }

# a status text as words: no Markdown or troff markup, one space, lower case, no final period
norm() {
    sed -e 's/`//g' -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' -e 's/\\(ha/^/g' |
        tr -s ' \t\n' '   ' | sed -e 's/^ *//' -e 's/ *$//' -e 's/\.$//' | tr 'A-Z' 'a-z'
}

# "STATUS<TAB>TEXT" lines of a Markdown table of statuses
md_statuses() {
    awk -F'|' '/^\| status \| meaning \|/ { on = 1; next }
        on && /^\|---/ { next }
        on && /^\|/ { s = $2; t = $0; sub(/^\|[^|]*\| /, "", t); sub(/ \|[ \t]*$/, "", t)
                      gsub(/^ +| +$/, "", s); print s "\t" t; next }
        on { exit }' "$1"
}

md_statuses "$SRCDIR/docs/reference.md" > "$work/ref"
[ "$(wc -l < "$work/ref")" -ge 6 ] || bad "docs/reference.md has no table of exit statuses"
md_statuses "$SRCDIR/README.md" > "$work/readme"
"$GRUNDY" --help | awk '/^Exit status/ { on = 1; next }
    on && /^  [0-9]/ { if (s != "") print s "\t" t; line = substr($0, 3); s = substr(line, 1, 10); t = substr(line, 11)
                       gsub(/ +$/, "", s); next }
    on && /^            / { t = t " " substr($0, 13); next }
    on { exit }
    END { if (s != "") print s "\t" t }' > "$work/help"
awk '/^\.SH EXIT STATUS/ { on = 1; next }
    on && /^\.SH/ { if (s != "") print s "\t" t; exit }
    on && /^\.TP/ { if (s != "") print s "\t" t; s = ""; t = ""; next }
    on && /^\.B / { s = substr($0, 4); next }
    on { t = (t == "" ? $0 : t " " $0) }' "$SRCDIR/grundy.1" > "$work/man"
while IFS='	' read -r status text; do
    checks=$((checks + 1))
    want=$(printf '%s' "$text" | norm)
    for where in readme help man; do
        got=$(awk -F'\t' -v s="$status" '$1 == s { print $2 }' "$work/$where" | norm)
        ok=no
        if [ "$where" = man ]; then   # the manual page may say more after the same words
            case "$got" in "$want"*) ok=yes ;; esac
        elif [ "$got" = "$want" ]; then
            ok=yes
        fi
        [ "$ok" = yes ] || bad "exit status $status differs in $where: '$got', not '$want' (docs/reference.md)"
    done
done < "$work/ref"
for where in readme help man; do
    n=$(wc -l < "$work/$where"); m=$(wc -l < "$work/ref")
    [ "$n" -eq "$m" ] || bad "$where lists $n exit statuses, docs/reference.md $m"
done

# the options: --help and the manual page name the same ones
"$GRUNDY" --help | grep -o -- '--[a-z][a-z-]*' | sort -u > "$work/help-opts"
sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$SRCDIR/grundy.1" | sed 's/\\-/-/g' | grep -o -- '--[a-z][a-z-]*' | sort -u > "$work/man-opts"
checks=$((checks + 1))
if ! cmp -s "$work/help-opts" "$work/man-opts"; then
    bad "the options of --help and of grundy.1 differ:"
    diff "$work/help-opts" "$work/man-opts" | sed -n 's/^[<>]/  &/p'
fi

# the keywords: the scanner's and the language reference's
checks=$((checks + 1))
grep -o '^"[a-z_]*" ' "$SRCDIR/grammar/lexer.l" | tr -d '" ' | sort -u > "$work/kw-lexer"
grep '^- Keywords' "$SRCDIR/docs/language.md" | sed 's/^[^`]*//' | tr -d '`.' | tr ' ' '\n' | grep . | sort -u > "$work/kw-doc"
cmp -s "$work/kw-lexer" "$work/kw-doc" || { bad "the keywords of grammar/lexer.l and docs/language.md differ:"; diff "$work/kw-lexer" "$work/kw-doc"; }

# every example in the cookbook
for f in "$SRCDIR"/examples/*.game; do
    checks=$((checks + 1))
    grep -q "$(basename "$f")" "$SRCDIR/docs/cookbook.md" || bad "examples/$(basename "$f") has no entry in docs/cookbook.md"
done

# every user document named by README.md and the manual page
for f in "$SRCDIR"/docs/*.md; do
    d=docs/$(basename "$f")
    checks=$((checks + 1))
    grep -q "$d" "$SRCDIR/README.md" || bad "README.md does not name $d"
    case "$d" in docs/web.md) continue ;; esac   # the playground is not part of the installed program
    grep -q "$d" "$SRCDIR/grundy.1" || bad "grundy.1 (SEE ALSO) does not name $d"
done

# the project's documents stand alone
for f in "$SRCDIR"/README.md "$SRCDIR"/docs/*.md "$SRCDIR"/docs/*/*.md; do
    [ -f "$f" ] || continue
    checks=$((checks + 1))
    if grep -n '\.\./shared\|\.\./\.\./shared' "$f" >/dev/null; then bad "${f#"$SRCDIR"/} points outside the project"; fi
done

echo "agree: $checks checks, $fail failed"
[ "$fail" -eq 0 ]
