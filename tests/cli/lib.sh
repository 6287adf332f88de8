# Shared by the CLI test scripts (sourced: . "$(dirname "$0")/lib.sh"): a scratch folder $T
# removed on exit, and the pass / fail counters each script prints in its closing line.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
expect() { # expect DESCRIPTION WANT GOT
    if [ "$2" = "$3" ]; then ok; else bad "$1: want [$2] got [$3]"; fi
}
