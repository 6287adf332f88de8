#!/bin/sh
# The man pages and the bash and zsh completion of the karx command, generated from its own
# help so that they never drift from it: `karx --help` names the commands, `karx CMD --help`
# gives each command's page and options. Run by the build (man/CMakeLists.txt) after karx:
#   sh man/generate.sh KARX OUTDIR
# writes OUTDIR/man1/karx.1 and karx-CMD.1 for every command, OUTDIR/karx.bash (bash
# completion, installed as share/bash-completion/completions/karx) and OUTDIR/_karx (zsh,
# installed in share/zsh/site-functions). Needs only sh, awk and sed.
set -eu
karx=$1
out=$2
tmp="$out/.gen"
rm -rf "$tmp" "$out/man1"
mkdir -p "$tmp" "$out/man1"

"$karx" --help > "$tmp/main.txt"
version=$("$karx" version | sed -n 's/^karx //p')
[ -n "$version" ] || { echo "generate.sh: '$karx version' printed no version" >&2; exit 1; }

# Commands: the lines of `karx --help` that start with two spaces and a lower-case word; each
# one's summary is the text in the description column (where the continuation lines start),
# joined over the command's lines.
awk '
    NR == 1 { next }
    /^  [a-z][a-z0-9-]*( |$)/ { cmd = $1; if (!(cmd in seen)) { seen[cmd] = 1; order[++n] = cmd; first[cmd] = NR } }
    { line[NR] = $0; owner[NR] = cmd }
    /^                    +[^ ]/ { match($0, /^ +/); if (col == 0 || RLENGTH < col) col = RLENGTH }
    END {
        for (i = 2; i <= NR; i++) {
            if (owner[i] == "" || length(line[i]) <= col) continue
            if (i == first[owner[i]]) {
                syn = substr(line[i], 3, col - 2); sub(/ +$/, "", syn); synopsis[owner[i]] = syn
            }
            d = substr(line[i], col + 1)
            if (substr(line[i], col - 1, 2) != "  ") continue
            sub(/^ +/, "", d); sub(/ +$/, "", d)
            if (d == "") continue
            if (owner[i] in desc) {
                sep = (prev[owner[i]] == i - 1) ? " " : "; "
                desc[owner[i]] = desc[owner[i]] sep d
            } else desc[owner[i]] = d
            prev[owner[i]] = i
        }
        for (k = 1; k <= n; k++) printf "%s\t%s\t%s\n", order[k], desc[order[k]], synopsis[order[k]]
    }' "$tmp/main.txt" > "$tmp/commands.tsv"
[ -s "$tmp/commands.tsv" ] || { echo "generate.sh: no commands in '$karx --help'" >&2; exit 1; }
cmds=$(cut -f1 "$tmp/commands.tsv")

for c in $cmds; do
    "$karx" "$c" --help > "$tmp/$c.txt" || {
        echo "generate.sh: '$karx $c --help' failed" >&2
        exit 1
    }
done

# roff: backslashes as \e, every '-' as \- (so options render as ASCII minus signs), and a
# line that starts with '.' or "'" guarded by \&.
esc() { sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
esc_word() { printf '%s' "$1" | esc; }

# karx.1: the whole `karx --help`, and every command's page under SEE ALSO.
{
    printf '.TH KARX 1 "" "karx %s" "karx manual"\n' "$version"
    printf '.SH NAME\nkarx \\- Korean lightweight ARX cryptography (LSH, LEA, HIGHT, CHAM) command-line tool\n'
    printf '.SH SYNOPSIS\n.nf\n'
    sed -n '1s/^usage: //p' "$tmp/main.txt" | esc
    printf '.fi\n.SH COMMANDS\n.nf\n'
    sed '1d' "$tmp/main.txt" | esc
    printf '.fi\n.SH SEE ALSO\n'
    sep=""
    for c in $cmds; do
        printf '%s.BR karx\\-%s (1)' "$sep" "$(esc_word "$c" | sed 's/^\\-//')"
        sep=",
"
    done
    printf '\n'
} > "$out/man1/karx.1"

# karx-CMD.1: NAME from the summary in `karx --help`; SYNOPSIS the "usage:" lines of
# `karx CMD --help` (and their continuation lines, indented past "usage: "); DESCRIPTION the
# rest of it, verbatim. A command whose --help prints no usage (version) gets its line of
# `karx --help` instead (tests/install/test_docs.sh checks that no option line is lost).
for c in $cmds; do
    summary=$(awk -F '\t' -v c="$c" '$1 == c { print $2 }' "$tmp/commands.tsv")
    upper=$(printf '%s' "$c" | tr '[:lower:]' '[:upper:]')
    {
        printf '.TH KARX-%s 1 "" "karx %s" "karx manual"\n' "$(esc_word "$upper")" "$version"
        printf '.SH NAME\nkarx\\-%s \\- %s\n' "$(esc_word "$c")" "$(esc_word "$summary")"
        if grep -q '^usage: ' "$tmp/$c.txt"; then
            printf '.SH SYNOPSIS\n.nf\n'
            awk '/^usage: / { s = 1; sub(/^usage: /, ""); print; next }
                 s && /^       / { sub(/^       /, ""); print; next }
                 { s = 0 }' "$tmp/$c.txt" | esc
            printf '.fi\n.SH DESCRIPTION\n.nf\n'
            awk '/^usage: / { s = 1; next }
                 s && /^       / { next }
                 { s = 0; print }' "$tmp/$c.txt" | esc
        else
            printf '.SH SYNOPSIS\n.nf\n'
            awk -F '\t' -v c="$c" '$1 == c { print "karx " $3 }' "$tmp/commands.tsv" | esc
            printf '.fi\n.SH DESCRIPTION\n.nf\n'
            esc_word "$summary"; printf '\n'
        fi
        printf '.fi\n.SH SEE ALSO\n.BR karx (1)\n'
    } > "$out/man1/karx-$c.1"
done

# Each command's options for the completions: every -x / --long-name in the usage lines and
# at the start of the option lines (lines whose first character is '-'), and which of them take
# a value: in the usage, one followed by a space and a word ("-a ALG", "--device cpu|gpu"); on
# an option line, one followed by a single space and an upper-case word ("-T, --threads N").
# Operands offered after the command: lower-case words right after "karx CMD" in its usage
# ("kdf pbkdf2", "bench gpu") and lines of two spaces and a word in its help ("  lsh   the ...").
for c in $cmds; do
    awk -v c="$c" '
        function add(o, v) { if (!(o in opt)) { opt[o] = 1; ord[++n] = o } if (v) val[o] = 1 }
        function word(w) { if (!(w in wseen)) { wseen[w] = 1; words = words " " w } }
        /^usage: / { s = 1 } s && !/^usage: / && !/^       / { s = 0 }
        s {
            line = $0; sub(/^usage: +/, "", line); sub(/^ +/, "", line)
            if (line ~ ("^karx " c " [a-z][a-z0-9-]*( |$)")) { split(line, w, " "); word(w[3]) }
            rest = line
            while (match(rest, /(^|[ [(|])--?[A-Za-z0-9][A-Za-z0-9-]*/)) {
                o = substr(rest, RSTART, RLENGTH); sub(/^[ [(|]/, "", o)
                rest = substr(rest, RSTART + RLENGTH)
                add(o, rest ~ /^[ =][^ [(|-]/)
            }
            next
        }
        /^  [a-z][a-z0-9-]*  +[^ ]/ { word($1) }
        /^ *-/ {
            line = $0; sub(/^ +/, "", line)
            while (match(line, /^--?[A-Za-z0-9][A-Za-z0-9-]*/)) {
                o = substr(line, 1, RLENGTH); line = substr(line, RLENGTH + 1)
                add(o, line ~ /^[ =][A-Z][A-Z0-9_]*( |$)/ && line !~ /^  /)
                if (line ~ /^, /) line = substr(line, 3); else break
            }
        }
        END {
            add("--help", 0)
            for (i = 1; i <= n; i++) { all = all " " ord[i]; if (ord[i] in val) v = v " " ord[i] }
            sub(/^ /, "", all); sub(/^ /, "", v); sub(/^ /, "", words)
            printf "%s\t%s\t%s\t%s\n", c, all, v, words
        }' "$tmp/$c.txt"
done > "$tmp/options.tsv"

# bash: plain `complete -F` (no bash-completion helpers needed).
{
    printf '# bash completion for karx %s, generated from its --help by man/generate.sh\n' "$version"
    printf '_karx()\n{\n'
    printf '    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n'
    printf '    local opts="" vals="" words=""\n'
    printf '    if [ "$COMP_CWORD" -eq 1 ]; then\n'
    printf '        COMPREPLY=($(compgen -W "%s --help --version" -- "$cur"))\n' "$(echo $cmds)"
    printf '        return 0\n    fi\n'
    printf '    case ${COMP_WORDS[1]} in\n'
    while IFS="$(printf '\t')" read -r c all v words; do
        printf '        %s)\n            opts="%s"\n            vals="%s"\n            words="%s" ;;\n' \
            "$c" "$all" "$v" "$words"
    done < "$tmp/options.tsv"
    printf '    esac\n'
    printf '    case " $vals " in\n'
    printf '        *" $prev "*) compopt -o filenames 2> /dev/null; COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;\n'
    printf '    esac\n'
    printf '    if [[ $cur == -* ]]; then\n'
    printf '        COMPREPLY=($(compgen -W "$opts" -- "$cur"))\n'
    printf '    elif [ "$COMP_CWORD" -eq 2 ] && [ -n "$words" ]; then\n'
    printf '        COMPREPLY=($(compgen -W "$words" -- "$cur"))\n'
    printf '    else\n'
    printf '        compopt -o filenames 2> /dev/null; COMPREPLY=($(compgen -f -- "$cur"))\n'
    printf '    fi\n'
    printf '    return 0\n}\n'
    printf 'complete -F _karx karx\n'
} > "$out/karx.bash"

# zsh: the commands with their summaries (_describe), then each command's options.
zq() { printf '%s' "$1" | sed -e "s/'/'\\\\''/g"; }
{
    printf '#compdef karx\n'
    printf '# zsh completion for karx %s, generated from its --help by man/generate.sh\n' "$version"
    printf 'local -a cmds opts vals subs\n'
    printf 'cmds=(\n'
    while IFS="$(printf '\t')" read -r c d _; do
        printf "    '%s:%s'\n" "$c" "$(zq "$d" | sed 's/:/\\:/g')"
    done < "$tmp/commands.tsv"
    printf ')\n'
    printf 'if (( CURRENT == 2 )); then\n'
    printf "    _describe -t commands 'karx command' cmds\n"
    printf '    return\nfi\n'
    printf 'case $words[2] in\n'
    while IFS="$(printf '\t')" read -r c all v words; do
        printf '    %s) opts=(%s) vals=(%s) subs=(%s) ;;\n' "$c" "$all" "$v" "$words"
    done < "$tmp/options.tsv"
    printf 'esac\n'
    printf 'if (( ${vals[(Ie)$words[CURRENT-1]]} )); then\n    _files\n'
    printf 'elif [[ $PREFIX == -* ]]; then\n    compadd -a opts\n'
    printf 'elif (( CURRENT == 3 && $#subs )); then\n    compadd -a subs\n'
    printf 'else\n    _files\nfi\n'
} > "$out/_karx"

rm -rf "$tmp"
