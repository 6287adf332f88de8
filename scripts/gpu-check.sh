#!/usr/bin/env bash
# One-command check of the CUDA back end on a machine with an NVIDIA GPU and nvcc (no network
# needed): builds with KARX_CUDA=ON, runs the whole test suite (the GPU tests compare every GPU
# result with the CPU's: LSH batches, CTR/ECB, many-key CTR, CTR_DRBG), compute-sanitizer on a
# small case, Nsight Compute on the LSH and cipher kernels when ncu is there, and the GPU
# benchmark (both suites). Logs and JSON go to OUTDIR; about 5-10 minutes. The steps run most
# valuable first (GPU tests, figures, memcheck, profiles, then the whole suite) so that a short
# lease still brings back figures; KARX_GPU_CHECK_CAP=SECONDS caps every step's time limit.
# usage: scripts/gpu-check.sh OUTDIR [--quick]
set -uo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/gpu-check.sh OUTDIR [--quick]}
quick=${2:-}
mkdir -p "$out"
out=$(cd "$out" && pwd)
JOBS=$(nproc 2>/dev/null || echo 4)
export PATH="$PATH:/usr/local/cuda/bin"
status=0
run() { # run NAME TIMEOUT CMD... : output to OUTDIR/NAME.log, one summary line here
    local name=$1 limit=$2
    shift 2
    if [ -n "${KARX_GPU_CHECK_CAP:-}" ] && [ "$limit" -gt "$KARX_GPU_CHECK_CAP" ]; then limit=$KARX_GPU_CHECK_CAP; fi
    local t0=$SECONDS
    timeout "$limit" "$@" > "$out/$name.log" 2>&1
    local rc=$?
    printf '%-22s rc=%-3d %4ds  %s\n' "$name" "$rc" $((SECONDS - t0)) "$(tail -n 1 "$out/$name.log")" | tee -a "$out/summary.txt"
    [ $rc -eq 0 ] || status=1
    return $rc
}

{ nvidia-smi -q || true; } > "$out/nvidia-smi.txt" 2>&1
{ nvcc --version; cmake --version | head -1; gcc --version | head -1; git describe --always --dirty 2>/dev/null; } > "$out/toolchain.txt" 2>&1
: > "$out/summary.txt"

archs=()
if nvidia-smi -L > /dev/null 2>&1 && cmake --version | awk 'NR==1 { split($3, v, "."); exit !(v[1] > 3 || (v[1] == 3 && v[2] >= 24)) }'; then
    archs=(-DCMAKE_CUDA_ARCHITECTURES=native)   # this GPU only: a faster build
fi
run configure 300 cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DKARX_WERROR=ON -DKARX_CUDA=ON "${archs[@]}" || exit 1
run build 600 cmake --build build-gpu -j "$JOBS" || exit 1
run info 60 build-gpu/karx info
grep -q '^gpu: .*self-test passed' "$out/info.log" || { echo "no working GPU: see $out/info.log" | tee -a "$out/summary.txt"; exit 1; }
run gpu_device 600 build-gpu/tests/test_gpu device
run gpu_jobs_core 120 build-gpu/tests/test_gpu_jobs_core
rm -f "$out/bench-gpu-jobs.jsonl"
run bench_gpu_jobs 300 build-gpu/karx bench gpu --quick --no-sweep --suite jobs --json "$out/bench-gpu-jobs.jsonl"
rm -f "$out/bench-gpu.jsonl"
if [ "$quick" = --quick ]; then
    run bench_gpu 600 build-gpu/karx bench gpu --quick --json "$out/bench-gpu.jsonl"
else
    run bench_gpu 600 build-gpu/karx bench gpu --json "$out/bench-gpu.jsonl"
fi
if command -v compute-sanitizer > /dev/null; then
    # --report-api-errors no: test_gpu asks for 2^50 bytes on purpose (the out-of-memory status);
    # memory errors and leaks are still errors.
    run sanitizer_memcheck 300 compute-sanitizer --tool memcheck --leak-check full --report-api-errors no --error-exitcode 9 build-gpu/tests/test_gpu small
    run sanitizer_racecheck 300 compute-sanitizer --tool racecheck --error-exitcode 9 build-gpu/tests/test_gpu small
    run sanitizer_synccheck 300 compute-sanitizer --tool synccheck --error-exitcode 9 build-gpu/tests/test_gpu small
else
    echo "compute-sanitizer: not found (skipped)" | tee -a "$out/summary.txt"
fi
if command -v ncu > /dev/null; then
    # Which pipes the LSH kernels keep busy (the ALU pipe should bind; adds go to IMAD on the FMA
    # pipe), achieved occupancy and instruction mix.
    run ncu 300 ncu --kernel-name regex:lsh_batch_kernel --launch-skip 40 --launch-count 6 \
        --section ComputeWorkloadAnalysis --section InstructionStats --section Occupancy \
        --section SpeedOfLight --metrics smsp__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,smsp__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,smsp__inst_executed_pipe_fmaheavy.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_alu.sum,sm__inst_executed_pipe_fma.sum \
        build-gpu/karx bench gpu --quick --no-sweep --suite lsh --alg lsh256-256,lsh512-512
    run ncu_cipher 300 ncu --kernel-name regex:'ctr_kernel|ctr_many_kernel' --launch-skip 20 --launch-count 6 \
        --section ComputeWorkloadAnalysis --section InstructionStats --section Occupancy \
        --section SpeedOfLight --metrics smsp__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,smsp__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active \
        build-gpu/karx bench gpu --quick --no-sweep --suite cipher --alg lea128,cham128-128,hight
    # The record-job kernels: memory coalescing (a record a thread) and occupancy (GCM: 128 registers).
    run ncu_jobs 300 ncu --kernel-name regex:'gcm_jobs_kernel|ctr_jobs_kernel' --launch-skip 4 --launch-count 4 \
        --section SpeedOfLight --section Occupancy --section MemoryWorkloadAnalysis \
        build-gpu/karx bench gpu --quick --no-sweep --suite jobs --alg lea128
else
    echo "ncu: not found (skipped)" | tee -a "$out/summary.txt"
fi
run ctest 600 ctest --test-dir build-gpu --output-on-failure -j "$JOBS"
echo "gpu-check: $( [ $status -eq 0 ] && echo passed || echo FAILED ) (logs in $out)" | tee -a "$out/summary.txt"
exit $status
