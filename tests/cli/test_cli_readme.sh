# README.md names every subcommand that `karx --help` lists (a new command cannot be left out
# of the CLI row again, as cavp and version once were).
# usage: sh test_cli_readme.sh PATH/TO/karx SOURCE_DIR
KARX=$1 SRC=$2
. "$SRC/tests/cli/lib.sh"
cmds=$("$KARX" --help 2>&1 | sed -n 's/^  \([a-z][a-z0-9]*\) .*/\1/p; s/^  \([a-z][a-z0-9]*\)$/\1/p' | sort -u)
[ "$(printf '%s\n' "$cmds" | grep -c .)" -ge 10 ] || bad "karx --help listed too few commands: [$cmds]"
for c in $cmds; do
    if grep -q "\`karx $c\`" "$SRC/README.md"; then ok; else bad "README.md does not name \`karx $c\`"; fi
done
echo "cli_readme: $pass passed, $fail failed"
[ $fail -eq 0 ]
