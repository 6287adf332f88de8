#!/usr/bin/env bash
# What can be known about the GPU kernels without a GPU: registers, stack and spills (ptxas -v)
# and the SASS instruction mix per kernel (cuobjdump, from the pip package nvidia-cuda-cuobjdump
# when the CUDA toolkit lacks it), for one architecture (default sm_90). Markdown on stdout.
# usage: tools/gpu_static_report.sh [sm_XX]
set -euo pipefail
cd "$(dirname "$0")/.."
arch=${1:-sm_90}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cuobjdump=$(command -v cuobjdump || python3 -c 'import nvidia, os; print(os.path.join(nvidia.__path__[0], "cu13", "bin", "cuobjdump"))' 2>/dev/null || true)
echo "# GPU kernels, static report ($arch)"
echo
echo "commit $(git describe --always --dirty --abbrev=12), $("$nvcc" --version | tail -2 | head -1), $(date -u +%Y-%m-%dT%H:%M:%SZ); compiled only, not run"
for f in gpu_lsh gpu_cipher; do
    echo
    echo "## src/gpu/$f.cu"
    echo
    echo '```'
    "$nvcc" -std=c++17 -arch="$arch" -O3 -Iinclude -Isrc -Xptxas -v -c "src/gpu/$f.cu" -o "$tmp/$f.o" 2>&1 |
        grep -E "Compiling entry|registers|spill" | sed 's/ptxas info *: //' | paste - - - |
        sed -E "s/Compiling entry function '([^']*)' for '[^']*'/\1:/" | awk '{$1=$1; print}'
    echo '```'
    if [ -x "$cuobjdump" ]; then
        echo
        echo "SASS instruction mix (static counts, most common first):"
        echo
        echo '```'
        "$cuobjdump" -sass "$tmp/$f.o" | python3 -c '
import re, sys, collections
cur = None; c = {}
for line in sys.stdin:
    m = re.search(r"Function : (\S+)", line)
    if m: cur = m.group(1); c[cur] = collections.Counter(); continue
    m = re.search(r"/\*[0-9a-f]+\*/\s+(?:@!?U?P\d\s+)?([A-Z0-9_]+)(\.[A-Z0-9_.]+)?", line)
    if m and cur: c[cur][m.group(1) + (".IADD" if m.group(2) and m.group(2).startswith(".IADD") else "")] += 1
for k, v in c.items():
    print(k, sum(v.values()), " ".join("%s=%d" % kv for kv in v.most_common(10)))
'
        echo '```'
    fi
done
