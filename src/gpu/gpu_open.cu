/* Opening a GPU handle: device selection, the device's properties, streams, and the self-tests
 * of the LSH and cipher kernels (gpu_lsh.cu, gpu_cipher.cu) before the handle is handed out. A
 * file of its own so that the runtime the kernels' host code calls (gpu_runtime.cu) calls none of
 * it back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../approved/approved.h"
#include "gpu_internal.h"

static thread_local char open_error[256];

extern "C" const char *karx_gpu_open_error(void)
{
    return open_error;
}

static karx_status fill_info(karx_gpu *g)
{
    cudaDeviceProp p;
    KARX_GPU_TRY(g, cudaGetDeviceProperties(&p, g->device), "cudaGetDeviceProperties");
    karx_gpu_info *in = &g->info;
    snprintf(in->name, sizeof in->name, "%.127s", p.name);
    in->device = g->device;
    in->cc_major = p.major;
    in->cc_minor = p.minor;
    in->sm_count = p.multiProcessorCount;
    in->global_mem_bytes = p.totalGlobalMem;
    int v = 0;
    if (cudaDeviceGetAttribute(&v, cudaDevAttrClockRate, g->device) == cudaSuccess)
        in->sm_clock_mhz = v / 1000;
    if (cudaDeviceGetAttribute(&v, cudaDevAttrMemoryClockRate, g->device) == cudaSuccess)
        in->mem_clock_mhz = v / 1000;
    if (cudaDeviceGetAttribute(&v, cudaDevAttrGlobalMemoryBusWidth, g->device) == cudaSuccess)
        in->mem_bus_bits = v;
    if (cudaDeviceGetAttribute(&v, cudaDevAttrMaxSharedMemoryPerBlockOptin, g->device) == cudaSuccess)
        g->smem_optin = (size_t)v;
    else
        g->smem_optin = 48 * 1024;
    (void)cudaGetLastError();
    cudaDriverGetVersion(&in->driver_version);
    cudaRuntimeGetVersion(&in->runtime_version);
    return KARX_OK;
}

extern "C" karx_status karx_gpu_open(karx_gpu **out, int device)
{
    if (!out)
        return KARX_ERR_ARGUMENT;
    *out = NULL;
    open_error[0] = 0;
    KARX_I_SERVICE(KARX_I_NEVER_APPROVED); /* the GPU kernels are not self-tested: never approved */
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
        karx_i_gpu_error_text(open_error, sizeof open_error, e, "no usable CUDA device");
        return karx_i_gpu_status(e);
    }
    if (device < 0 || device >= count) {
        snprintf(open_error, sizeof open_error, "CUDA device %d requested, %d present", device, count);
        return count ? KARX_ERR_ARGUMENT : KARX_ERR_NO_DEVICE;
    }
    karx_gpu *g = (karx_gpu *)calloc(1, sizeof *g);
    if (!g)
        return KARX_ERR_NO_MEMORY;
    g->device = device;
    g->cfg.threads_per_block = 256;
    g->cfg.streams = 4;
    g->cfg.chunk_bytes = (size_t)32 << 20;
    karx_status st = KARX_OK;
    e = cudaSetDevice(device);
    if (e != cudaSuccess)
        st = karx_i_gpu_fail(g, e, "cudaSetDevice");
    if (st == KARX_OK)
        st = fill_info(g);
    for (unsigned i = 0; st == KARX_OK && i < KARX_GPU_MAX_STREAMS; i++) {
        e = cudaStreamCreateWithFlags(&g->slot[i].stream, cudaStreamNonBlocking);
        if (e != cudaSuccess)
            st = karx_i_gpu_fail(g, e, "cudaStreamCreate");
    }
    if (st == KARX_OK)
        st = karx_i_gpu_lsh_prepare(g);
    if (st == KARX_OK)
        st = karx_i_gpu_lsh_selftest(g);
    if (st == KARX_OK)
        st = karx_i_gpu_cipher_selftest(g);
    if (st != KARX_OK) {
        if (!open_error[0])
            snprintf(open_error, sizeof open_error, "%s", g->err);
        karx_gpu_close(g);
        return st;
    }
    *out = g;
    return KARX_OK;
}
