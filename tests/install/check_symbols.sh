#!/usr/bin/env bash
# Every symbol the shared library exports must start with karx_ (internals stay hidden).
set -euo pipefail
lib=$1
syms=$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -v '^_' || true)
bad=$(printf '%s\n' "$syms" | grep -v '^karx_' | grep -v '^$' || true)
n=$(printf '%s\n' "$syms" | grep -c '^karx_' || true)
if [ -n "$bad" ]; then
    echo "symbols: 0 passed, 1 failed (exported without the karx_ prefix:)"
    printf '  %s\n' $bad
    exit 1
fi
echo "symbols: $n exported, all karx_-prefixed"
echo "check_symbols: 1 passed, 0 failed"
