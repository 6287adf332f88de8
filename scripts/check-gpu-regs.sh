#!/usr/bin/env bash
# Registers and stack frames of the CUDA kernels, as ptxas reports them (no GPU needed): compiles
# src/gpu/gpu_cipher.cu, src/gpu/gpu_jobs.cu (the record-job kernels) and, for the record,
# src/gpu/gpu_lsh.cu with `nvcc -Xptxas -v` for each architecture in KARX_GPU_REGS_ARCHS (default
# "90 80": H100/H200 and A100), prints a table, and fails, one line per kernel, when a many-key
# CTR kernel (ctr_many_kernel, ctr_many_block_kernel, ctr_jobs_kernel) has a stack frame (a thread-local key schedule)
# or uses more than 64 registers, or a GCM record-job kernel (gcm_jobs_kernel: the cipher plus
# GHASH's 64-bit carry-less products, 128 registers when written) has a stack frame or uses more
# than 128. SKIPPED (exit 0) only without nvcc.
# Occupancy: resident warps per SM from the register count alone, for 65536 registers and 64
# warps an SM (sm_80, sm_90) in blocks of 128 threads (the many-key launch) and 8-register steps.
# usage: scripts/check-gpu-regs.sh [BUILD_DIR] [--source FILE.cu]
#   BUILD_DIR: takes its CMAKE_CUDA_COMPILER and keeps the objects and ptxas logs there.
#   --source: check another gpu_cipher.cu, e.g. an old one: the headers beside it come first
#     (copy the old cipher_gpu_core.h with it: the round code is there), then src/gpu's.
# nvcc: $NVCC, the build's, on PATH, or $CUDA_HOME/bin (default /usr/local/cuda).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build='' src="$root/src/gpu/gpu_cipher.cu"
while [ $# -gt 0 ]; do
    case $1 in
    --source) src=${2:?--source needs a file}; shift 2 ;;
    -*) echo "usage: scripts/check-gpu-regs.sh [BUILD_DIR] [--source FILE.cu]" >&2; exit 2 ;;
    *) build=$1; shift ;;
    esac
done
[ -f "$src" ] || { echo "check-gpu-regs: no such source: $src" >&2; exit 2; }

nvcc=${NVCC:-}
if [ -z "$nvcc" ] && [ -n "$build" ] && [ -f "$build/CMakeCache.txt" ]; then
    nvcc=$(sed -n 's/^CMAKE_CUDA_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
fi
[ -n "$nvcc" ] && [ -x "$nvcc" ] || nvcc=$(command -v nvcc || true)
[ -n "$nvcc" ] || { [ -x "${CUDA_HOME:-/usr/local/cuda}/bin/nvcc" ] && nvcc=${CUDA_HOME:-/usr/local/cuda}/bin/nvcc; }
if [ -z "$nvcc" ]; then
    echo "check-gpu-regs: SKIPPED (no nvcc)"
    exit 0
fi

if [ -n "$build" ]; then
    out="$build/check-gpu-regs"
    mkdir -p "$out"
else
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
gencode=()
for a in ${KARX_GPU_REGS_ARCHS:-90 80}; do gencode+=(-gencode "arch=compute_$a,code=sm_$a"); done
compile() { # compile FILE.cu NAME: the ptxas report in $out/NAME.log
    "$nvcc" -O3 -DNDEBUG -std=c++17 -I"$root/include" -I"$root/src/gpu" "${gencode[@]}" \
        -Xptxas -v -c "$1" -o "$out/$2.o" > "$out/$2.log" 2>&1
}
compile "$src" gpu_cipher & cipher_pid=$!
compile "$root/src/gpu/gpu_lsh.cu" gpu_lsh & lsh_pid=$!
compile "$root/src/gpu/gpu_jobs.cu" gpu_jobs & jobs_pid=$!
wait $cipher_pid || { cat "$out/gpu_cipher.log" >&2; echo "check-gpu-regs: FAIL: $src does not compile" >&2; exit 1; }
wait $lsh_pid || { cat "$out/gpu_lsh.log" >&2; echo "check-gpu-regs: FAIL: gpu_lsh.cu does not compile" >&2; exit 1; }
wait $jobs_pid || { cat "$out/gpu_jobs.log" >&2; echo "check-gpu-regs: FAIL: gpu_jobs.cu does not compile" >&2; exit 1; }

# The cipher families' names, from the registry's enum (a kernel's template argument is a shape:
# family | rounds << 4 | key bytes << 12, cipher_gpu_core.h).
families=$(sed -n 's/.*KARX_I_FAMILY_\([A-Z0-9]*\) = \([0-9]*\).*/\2=\1/p' "$root/src/registry/registry.h" | tr '\n' ' ')

# ptxas -v: "Compiling entry function 'NAME' for 'sm_NN'", "Function properties for NAME",
# "N bytes stack frame, S bytes spill stores, L bytes spill loads", "Used R registers, ...".
report() { # report LOG CHECKED: 1 for gpu_cipher.cu (its first template argument is a shape)
    awk -v fams="$families" -v checked="$2" -v failf="$out/fail.txt" '
    function shape_name(s,   f) {
        f = s % 16
        return (f in fam ? fam[f] : "family" f) "-k" int(s / 4096) * 8 "-r" int(s / 16) % 256
    }
    function pretty(m,   base, rest, args, n) { # _Z15ctr_many_kernelILi131585EEv... -> ctr_many_kernel<LEA-k256-r32>
        if (!match(m, /^_Z[0-9]+/)) return m
        n = substr(m, 3, RLENGTH - 2) + 0 # the name length
        base = substr(m, RLENGTH + 1, n); rest = substr(m, RLENGTH + 1 + n)
        if (substr(rest, 1, 1) != "I") return base
        rest = substr(rest, 2); args = ""; n = 0
        while (match(rest, /^L[ij][0-9]+E/)) { # int and unsigned template constants
            v = substr(rest, 3, RLENGTH - 3)
            args = args (n++ ? "," : "") (n == 1 && checked ? shape_name(v + 0) : v)
            rest = substr(rest, RLENGTH + 1)
        }
        return base "<" args ">"
    }
    BEGIN {
        split(fams, kv, " ")
        for (i in kv) { split(kv[i], p, "="); fam[p[1] + 0] = p[2] }
        bad = 0
    }
    /Compiling entry function/ {
        split($0, q, "\047"); cur = q[2]; arch = q[4]; stack = -1; spill = -1; props = ""
    }
    /Function properties for/ { props = $NF }
    /bytes stack frame/ { if (props == cur) { stack = $1 + 0; spill = $5 + $9 } }
    /Used [0-9]+ registers/ {
        if (cur == "") next
        for (i = 1; i <= NF; i++) if ($i == "Used") regs = $(i + 1) + 0
        warps = int(65536 / (int((regs + 7) / 8) * 8 * 32)); warps -= warps % 4
        if (warps > 64) warps = 64
        many = cur ~ /ctr_many_kernel|ctr_many_block_kernel|ctr_jobs_kernel/
        gcm = cur ~ /gcm_jobs_kernel/
        name = pretty(cur)
        printf "%-42s %-6s %5d %7d %7d %6d%%%s\n", name, arch, regs, stack, spill, warps * 100 / 64,
            (many || gcm) && checked ? "  checked" : ""
        if (many && checked && (stack != 0 || regs > 64)) {
            fail[++bad] = sprintf("check-gpu-regs: FAIL %s %s: %d registers, %d B stack frame (limit: 64 registers, no stack frame)", name, arch, regs, stack)
        }
        if (gcm && checked && (stack != 0 || regs > 128)) {
            fail[++bad] = sprintf("check-gpu-regs: FAIL %s %s: %d registers, %d B stack frame (limit: 128 registers, no stack frame)", name, arch, regs, stack)
        }
        if (many && checked) nmany++
        cur = ""
    }
    END {
        if (checked && nmany == 0) fail[++bad] = "check-gpu-regs: FAIL no ctr_many_kernel in the ptxas report (did the names change?)"
        for (i = 1; i <= bad; i++) print fail[i] >> failf
        exit bad > 0
    }' "$1"
}

printf '%-42s %-6s %5s %7s %7s %7s\n' kernel arch regs stack_B spill_B occ
echo "-- ${src#"$root"/}"
rm -f "$out/fail.txt"
report "$out/gpu_cipher.log" 1 | sort -k1,1 -k2,2
status=${PIPESTATUS[0]}
echo "-- src/gpu/gpu_jobs.cu"
report "$out/gpu_jobs.log" 1 | sort -k1,1 -k2,2
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
echo "-- src/gpu/gpu_lsh.cu (for the record, not checked)"
report "$out/gpu_lsh.log" 0 | sort -k1,1 -k2,2
if [ "$status" -ne 0 ]; then
    [ -f "$out/fail.txt" ] && cat "$out/fail.txt"
    echo "check-gpu-regs: FAILED (a many-key CTR or GCM job kernel keeps thread-local memory or too many registers)"
    exit 1
fi
echo "check-gpu-regs: passed (many-key CTR kernels: no stack frame, at most 64 registers; GCM job kernels: no stack frame, at most 128)"
