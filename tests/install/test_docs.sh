#!/usr/bin/env bash
# The installed man pages and shell completion against the installed karx's own help:
#  - every command that `karx --help` lists has a page karx-CMD.1 (and karx.1 exists), and each
#    page holds every option line of `karx CMD --help` (lines starting with '-'), verbatim but
#    for the indentation;
#  - groff renders every page without a warning (where groff is installed);
#  - bash: with the completion sourced, `karx h<TAB>` gives hash, `karx hash --a<TAB>` gives
#    --algorithm, `karx <TAB>` every command, and `karx CMD -<TAB>` every option of its help;
#  - zsh (where zsh is installed): the completion function, with compadd and _describe stubbed,
#    offers every command and every option of each command's help.
# usage: tests/install/test_docs.sh PREFIX   (PREFIX/bin/karx, PREFIX/share/...)
set -euo pipefail
prefix=$1
karx=$prefix/bin/karx
man1=$prefix/share/man/man1
bashcomp=$prefix/share/bash-completion/completions/karx
zshcomp=$prefix/share/zsh/site-functions/_karx
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "test_docs: $*"; fail=$((fail + 1)); }

"$karx" --help > "$tmp/main.txt"
cmds=$(awk 'NR > 1 && /^  [a-z][a-z0-9-]*( |$)/ { if (!($1 in s)) { s[$1] = 1; print $1 } }' "$tmp/main.txt")
[ "$(echo "$cmds" | wc -w)" -ge 5 ] && ok || bad "fewer than 5 commands in karx --help: $cmds"

# The page as text: roff's escapes undone (\- is '-', \e a backslash, \& nothing), lines
# compared without their indentation (the synopsis loses the help's "usage: " indent).
page_text() { sed -e 's/\\-/-/g' -e 's/\\e/\\/g' -e 's/\\&//g' -e 's/^[[:space:]]*//' "$1"; }
# Option lines: the help's lines whose first non-blank character is '-'.
option_lines() { grep -E '^[[:space:]]*-' "$1" || true; }

[ -s "$man1/karx.1" ] && ok || bad "no $man1/karx.1"
for c in $cmds; do
    page=$man1/karx-$c.1
    "$karx" "$c" --help > "$tmp/$c.help"
    if [ ! -s "$page" ]; then bad "no man page $page for '$c'"; continue; fi
    page_text "$page" > "$tmp/$c.page"
    missing=0
    while IFS= read -r line; do
        grep -Fxq -- "${line#"${line%%[! ]*}"}" "$tmp/$c.page" || { bad "karx-$c.1 lacks the line [$line]"; missing=1; }
    done < <(option_lines "$tmp/$c.help")
    [ $missing = 0 ] && ok
    grep -q "^karx.-$c .- " "$page" && ok || bad "karx-$c.1 has no NAME line"
done
if command -v groff > /dev/null; then
    warnings=$(for p in "$man1"/karx*.1; do LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$p" 2>&1; done)
    [ -z "$warnings" ] && ok || bad "groff warnings: $warnings"
fi

# bash: COMPREPLY of the completion function for a command line (the last word being completed)
[ -s "$bashcomp" ] && ok || bad "no bash completion $bashcomp"
complete_bash() {
    bash --norc --noprofile -c '
        source "$1"; shift
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=()
        _karx karx "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$bashcomp" "$@"
}
got=$(complete_bash karx h | tr '\n' ' ')
[ "$got" = "hash " ] && ok || bad "bash: 'karx h' completes to [$got], not [hash]"
got=$(complete_bash karx hash --a | tr '\n' ' ')
case " $got " in *" --algorithm "*) ok ;; *) bad "bash: 'karx hash --a' gives [$got], no --algorithm" ;; esac
# every option at the start of an option line of each command's help ("-a, --alg ALG", "--tag")
help_opts() {
    option_lines "$1" | sed -E 's/^[[:space:]]+//' |
        grep -oE '^(-[A-Za-z0-9](, )?)?(--[A-Za-z0-9][A-Za-z0-9-]*)?' | tr ', ' '\n\n' | grep . || true
}
# offers_all SHELL COMPLETE_FN: `karx <TAB>` offers every command, and `karx CMD -<TAB>` every
# option of its help
offers_all() {
    local got c o
    got=$("$2" karx "")
    for c in $cmds; do
        grep -qx -- "$c" <<< "$got" || bad "$1: 'karx ' does not offer $c"
    done
    for c in $cmds; do
        got=$("$2" karx "$c" -)
        for o in $(help_opts "$tmp/$c.help"); do
            grep -qx -- "$o" <<< "$got" || bad "$1: 'karx $c -' does not offer $o"
        done
    done
}
offers_all bash complete_bash
ok

# zsh: the function autoloaded as compinit would, with the completion builtins stubbed
if command -v zsh > /dev/null; then
    [ -s "$zshcomp" ] && ok || bad "no zsh completion $zshcomp"
    complete_zsh() {
        zsh -f -c '
            compadd() { [[ $1 == -a ]] && print -rl -- ${(P)2} }
            _describe() { local a; for a in ${(P)${@[-1]}}; do print -r -- ${a%%:*}; done }
            _files() { print -r -- _files }
            fpath=("$1" $fpath); autoload -Uz _karx; shift
            words=("$@"); CURRENT=$#; PREFIX=${words[CURRENT]}
            _karx' _ "$(dirname "$zshcomp")" "$@"
    }
    offers_all zsh complete_zsh
    got=$(complete_zsh karx hash -a "")
    [ "$got" = "_files" ] && ok || bad "zsh: 'karx hash -a ' gives [$got], not files"
    ok
fi

echo "test_docs: $pass passed, $fail failed"
[ $fail = 0 ]
