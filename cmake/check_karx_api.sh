#!/bin/sh
# KARX_API (include/karx/common.h) as each kind of Windows build sees it: dllexport only while
# the library itself is built (KARX_BUILDING), dllimport for users of the DLL, nothing for users
# of the static library (KARX_STATIC_DEFINE). The preprocessor alone, with _WIN32 defined by
# hand, so any host runs it.   usage: check_karx_api.sh CC INCLUDE_DIR
cc=$1
inc=$2
failed=0
expect() { # WANT DEFINE...: the expansion of KARX_API under the defines
    want=$1
    shift
    got=$(printf '#include "karx/common.h"\nKARX_API_IS KARX_API\n' |
        "$cc" -E -P -D_WIN32 "$@" -I"$inc" -x c - | sed -n 's/^KARX_API_IS *//p')
    if [ "$got" != "$want" ]; then
        echo "KARX_API with _WIN32 $*: [$got], want [$want]"
        failed=$((failed + 1))
    fi
}
expect '__declspec(dllexport)' -DKARX_BUILDING
expect '__declspec(dllimport)'
expect '' -DKARX_STATIC_DEFINE
expect '' -DKARX_STATIC_DEFINE -DKARX_BUILDING
echo "karx_api: $((4 - failed)) passed, $failed failed"
[ $failed -eq 0 ]
