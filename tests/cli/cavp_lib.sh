# Shared by the karx cavp tests of hashes, HMAC and KDFs (sourced after lib.sh; needs $KARX, $T).

# answers FILE.req into DIR and compares DIR/FILE.rsp with WANT byte for byte, line ends
# normalised to LF.  usage: same DESCRIPTION REQ WANT
same() {
    out=$T/out.$$
    rm -rf "$out" && mkdir -p "$out"
    if ! err=$("$KARX" cavp -o "$out" "$2" 2>&1); then
        bad "$1: karx cavp failed: $err"
        return
    fi
    base=$(basename "$2" .req)
    tr -d '\r' < "$out/$base.rsp" > "$T/got.rsp"
    tr -d '\r' < "$3" > "$T/want.rsp"
    if cmp -s "$T/got.rsp" "$T/want.rsp"; then
        ok
    else
        bad "$1: $base.rsp differs from $3: $(diff "$T/want.rsp" "$T/got.rsp" | head -3 | tr '\n' ' ')"
    fi
}

# The request of a published response: the response without its answer lines (NAME = ...).
# usage: request_of ANSWER_NAME < RSP > REQ
request_of() {
    grep -v "^$1 = "
}

# A bad request: exit 1, exactly one stderr line naming FILE:LINE: FIELD, and no .rsp left.
# usage: refused DESCRIPTION REQ LINE FIELD
refused() {
    out=$T/bad.$$
    rm -rf "$out" && mkdir -p "$out"
    "$KARX" cavp -o "$out" "$2" > "$T/stdout" 2> "$T/stderr"
    rc=$?
    base=$(basename "$2")
    n=$(wc -l < "$T/stderr" | tr -d ' ')
    if [ $rc -ne 1 ] || [ "$n" -ne 1 ] || [ -s "$T/stdout" ]; then
        bad "$1: want exit 1 and one line, got exit $rc, $n lines: $(cat "$T/stderr")"
    elif ! grep -qF "$base:$3: $4:" "$T/stderr"; then
        bad "$1: want '$base:$3: $4:' in: $(cat "$T/stderr")"
    elif [ -n "$(ls -A "$out")" ]; then
        bad "$1: left $(ls -A "$out") behind"
    else
        ok
    fi
}
