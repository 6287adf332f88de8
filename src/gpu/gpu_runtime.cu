/* The GPU handle's runtime: error text, close, configuration, pinned and device buffers grown on
 * demand, and the chunked pipeline the LSH and cipher calls run on (gpu_open.cu opens the
 * handle). Linked against the static CUDA runtime, so the library loads on machines without a
 * driver; there every call reports KARX_ERR_NO_DEVICE. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_internal.h"

karx_status karx_i_gpu_status(cudaError_t e)
{
    switch (e) {
    case cudaErrorNoDevice:
    case cudaErrorInsufficientDriver:
    case cudaErrorInvalidDevice:
    case cudaErrorInitializationError:
    case cudaErrorCompatNotSupportedOnDevice:
    case cudaErrorSystemDriverMismatch:
    case cudaErrorNoKernelImageForDevice:
    case cudaErrorUnsupportedPtxVersion:
        return KARX_ERR_NO_DEVICE;
    case cudaErrorMemoryAllocation:
        return KARX_ERR_NO_MEMORY;
    default:
        return KARX_ERR_DEVICE;
    }
}

karx_status karx_i_gpu_fail(karx_gpu *g, cudaError_t e, const char *what)
{
    karx_i_gpu_error_text(g->err, sizeof g->err, e, what);
    return karx_i_gpu_status(e);
}

void karx_i_gpu_error_text(char *dst, size_t cap, cudaError_t e, const char *what)
{
    snprintf(dst, cap, "%s: %s (%s)", what, cudaGetErrorString(e), cudaGetErrorName(e));
    (void)cudaGetLastError(); /* clear a non-sticky error so the handle stays usable */
}

karx_status karx_i_gpu_mismatch(karx_gpu *g, const char *what)
{
    snprintf(g->err, sizeof g->err, "GPU self-test failed: %s kernel output differs from the CPU's", what);
    return KARX_ERR_DEVICE;
}

extern "C" int karx_gpu_built(void)
{
    return 1;
}

extern "C" karx_status karx_gpu_device_count(int *count)
{
    if (!count)
        return KARX_ERR_ARGUMENT;
    int c = 0;
    if (cudaGetDeviceCount(&c) != cudaSuccess)
        c = 0; /* no driver or no device: zero devices, not an error */
    (void)cudaGetLastError();
    *count = c;
    return KARX_OK;
}

extern "C" const char *karx_gpu_last_error(const karx_gpu *g)
{
    return g ? g->err : "";
}

static void free_slot(struct karx_gpu_slot *s)
{
    if (s->stream)
        cudaStreamSynchronize(s->stream);
    cudaFreeHost(s->h_in);
    cudaFreeHost(s->h_out);
    cudaFreeHost(s->h_off);
    cudaFree(s->d_in);
    cudaFree(s->d_out);
    cudaFree(s->d_off);
    if (s->stream)
        cudaStreamDestroy(s->stream);
    memset(s, 0, sizeof *s);
}

extern "C" void karx_gpu_close(karx_gpu *g)
{
    if (!g)
        return;
    cudaSetDevice(g->device);
    for (unsigned i = 0; i < KARX_GPU_MAX_STREAMS; i++)
        free_slot(&g->slot[i]);
    (void)cudaGetLastError();
    free(g);
}

extern "C" karx_status karx_gpu_get_info(const karx_gpu *g, karx_gpu_info *info)
{
    if (!g || !info)
        return KARX_ERR_ARGUMENT;
    *info = g->info;
    return KARX_OK;
}

extern "C" karx_status karx_gpu_configure(karx_gpu *g, const karx_gpu_config *cfg)
{
    if (!g || !cfg)
        return KARX_ERR_ARGUMENT;
    if (cfg->threads_per_block &&
        (cfg->threads_per_block % 32 || cfg->threads_per_block > 1024))
        return KARX_ERR_ARGUMENT;
    if (cfg->streams > KARX_GPU_MAX_STREAMS)
        return KARX_ERR_ARGUMENT;
    if (cfg->chunk_bytes && cfg->chunk_bytes < 4096)
        return KARX_ERR_ARGUMENT;
    if (cfg->threads_per_block)
        g->cfg.threads_per_block = cfg->threads_per_block;
    if (cfg->streams)
        g->cfg.streams = cfg->streams;
    if (cfg->chunk_bytes)
        g->cfg.chunk_bytes = cfg->chunk_bytes;
    return KARX_OK;
}

extern "C" karx_status karx_gpu_get_config(const karx_gpu *g, karx_gpu_config *cfg)
{
    if (!g || !cfg)
        return KARX_ERR_ARGUMENT;
    *cfg = g->cfg;
    return KARX_OK;
}

/* Grows one buffer pair to at least need bytes (with headroom so growth is rare). */
static karx_status grow(karx_gpu *g, uint8_t **h, uint8_t **d, size_t *cap, size_t need)
{
    if (need <= *cap)
        return KARX_OK;
    size_t want = need + need / 4 + 64; /* +64: kernels may read the aligned word at the end */
    if (h) {
        cudaFreeHost(*h);
        *h = NULL;
    }
    cudaFree(*d);
    *d = NULL;
    *cap = 0;
    if (h)
        KARX_GPU_TRY(g, cudaMallocHost((void **)h, want), "cudaMallocHost (pinned staging)");
    KARX_GPU_TRY(g, cudaMalloc((void **)d, want), "cudaMalloc (device buffer)");
    *cap = want;
    return KARX_OK;
}

karx_status karx_i_gpu_reserve(karx_gpu *g, unsigned s, size_t in_bytes, size_t out_bytes,
                               size_t off_count)
{
    struct karx_gpu_slot *sl = &g->slot[s];
    karx_status st = grow(g, &sl->h_in, &sl->d_in, &sl->in_cap, in_bytes);
    if (st == KARX_OK)
        st = grow(g, &sl->h_out, &sl->d_out, &sl->out_cap, out_bytes);
    if (st == KARX_OK && off_count) {
        size_t cap = sl->off_cap * sizeof(uint64_t);
        st = grow(g, (uint8_t **)&sl->h_off, (uint8_t **)&sl->d_off, &cap,
                  off_count * sizeof(uint64_t));
        sl->off_cap = cap / sizeof(uint64_t);
    }
    return st;
}

karx_status karx_i_gpu_drain(karx_gpu *g, unsigned s)
{
    struct karx_gpu_slot *sl = &g->slot[s];
    cudaError_t e = cudaStreamSynchronize(sl->stream);
    if (e != cudaSuccess) {
        sl->pending_dst = NULL;
        return karx_i_gpu_fail(g, e, "stream");
    }
    if (sl->pending_dst) {
        memcpy(sl->pending_dst, sl->h_out, sl->pending_bytes);
        sl->pending_dst = NULL;
    }
    return KARX_OK;
}

karx_status karx_i_gpu_drain_all(karx_gpu *g)
{
    karx_status first = KARX_OK;
    for (unsigned s = 0; s < KARX_GPU_MAX_STREAMS; s++) {
        karx_status st = karx_i_gpu_drain(g, s);
        if (first == KARX_OK)
            first = st;
    }
    return first;
}

int karx_i_gpu_is_pinned(const void *p)
{
    cudaPointerAttributes a;
    if (!p || cudaPointerGetAttributes(&a, p) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return a.type == cudaMemoryTypeHost;
}

/* Stages offsets[0..cnt] - offsets[0] (cnt + 1 values) to sl->d_off on the slot's stream. */
static karx_status put_offsets(karx_gpu *g, struct karx_gpu_slot *sl, const size_t *offsets,
                               size_t cnt)
{
    for (size_t i = 0; i <= cnt; i++)
        sl->h_off[i] = (uint64_t)(offsets[i] - offsets[0]);
    KARX_GPU_TRY(g, cudaMemcpyAsync(sl->d_off, sl->h_off, (cnt + 1) * sizeof(uint64_t),
                                    cudaMemcpyHostToDevice, sl->stream),
                 "copy offsets to device");
    return KARX_OK;
}

karx_status karx_i_gpu_chunk(karx_gpu *g, unsigned s, const struct karx_i_gpu_io *io,
                             karx_i_gpu_launch_fn launch, const void *ctx)
{
    struct karx_gpu_slot *sl = &g->slot[s];
    const int has_in = (io->src || io->fill) && io->in_bytes;
    karx_status st = karx_i_gpu_drain(g, s); /* the slot's previous chunk is delivered first */
    if (st == KARX_OK)
        st = karx_i_gpu_reserve(g, s, has_in ? io->in_bytes : 0, io->out_bytes,
                                io->offsets ? io->records + 1 : 0);
    if (st == KARX_OK && io->offsets)
        st = put_offsets(g, sl, io->offsets, io->records);
    if (st != KARX_OK)
        return st;
    if (has_in) {
        const uint8_t *src = io->src;
        if (io->fill) {
            io->fill(sl->h_in, ctx);
            if (io->secret_bytes > sl->secret_bytes)
                sl->secret_bytes = io->secret_bytes;
            src = sl->h_in;
        } else if (!io->in_pinned) {
            memcpy(sl->h_in, src, io->in_bytes);
            src = sl->h_in;
        }
        KARX_GPU_TRY(g, cudaMemcpyAsync(sl->d_in, src, io->in_bytes, cudaMemcpyHostToDevice, sl->stream),
                     "copy to device");
    }
    st = launch(g, sl, ctx);
    if (st != KARX_OK)
        return st;
    if (io->out_bytes) {
        KARX_GPU_TRY(g, cudaMemcpyAsync(io->out_pinned ? io->dst : sl->h_out, sl->d_out, io->out_bytes,
                                        cudaMemcpyDeviceToHost, sl->stream),
                     "copy to host");
        if (!io->out_pinned) {
            sl->pending_dst = io->dst;
            sl->pending_bytes = io->out_bytes;
        }
    }
    return KARX_OK;
}

size_t karx_i_gpu_records_end(const karx_gpu *g, const size_t *offsets, size_t c, size_t n,
                              size_t max)
{
    size_t e = c + 1;
    while (e < n && e - c < max && offsets[e + 1] - offsets[c] <= g->cfg.chunk_bytes)
        e++;
    return e;
}

karx_status karx_i_gpu_finish(karx_gpu *g, karx_status st, uint8_t *out, size_t out_bytes)
{
    karx_status st2 = karx_i_gpu_drain_all(g);
    if (st == KARX_OK)
        st = st2;
    for (unsigned s = 0; s < KARX_GPU_MAX_STREAMS; s++) {
        struct karx_gpu_slot *sl = &g->slot[s];
        if (st != KARX_OK)
            sl->pending_dst = NULL;
        if (sl->secret_bytes) { /* key material staged for a many-key or DRBG call */
            karx_memzero(sl->h_in, sl->secret_bytes);
            /* on the slot's stream: the handle's streams are non-blocking, so a cudaMemset on
             * the default stream could land after the next call's key upload (and wipe it) */
            cudaMemsetAsync(sl->d_in, 0, sl->secret_bytes, sl->stream);
            sl->secret_bytes = 0;
        }
    }
    if (st != KARX_OK && out)
        memset(out, 0, out_bytes); /* nothing partial that looks like a result */
    return st;
}

extern "C" karx_status karx_gpu_synchronize(karx_gpu *g)
{
    if (!g)
        return KARX_ERR_ARGUMENT;
    return karx_i_gpu_drain_all(g);
}

/* karx_gpu_malloc and karx_gpu_host_alloc: the same checks around cudaMalloc / cudaMallocHost. */
typedef cudaError_t (*alloc_fn)(void **ptr, size_t bytes);
static karx_status alloc_with(karx_gpu *g, void **ptr, size_t bytes, alloc_fn alloc,
                              const char *what)
{
    if (!g || !ptr || !bytes)
        return KARX_ERR_ARGUMENT;
    *ptr = NULL;
    KARX_GPU_TRY(g, alloc(ptr, bytes), what);
    return KARX_OK;
}

extern "C" karx_status karx_gpu_malloc(karx_gpu *g, void **d_ptr, size_t bytes)
{
    return alloc_with(g, d_ptr, bytes, cudaMalloc, "cudaMalloc");
}

extern "C" karx_status karx_gpu_host_alloc(karx_gpu *g, void **h_ptr, size_t bytes)
{
    return alloc_with(g, h_ptr, bytes, cudaMallocHost, "cudaMallocHost");
}

extern "C" void karx_gpu_free(karx_gpu *g, void *d_ptr)
{
    if (g && d_ptr)
        cudaFree(d_ptr);
}

extern "C" void karx_gpu_host_free(karx_gpu *g, void *h_ptr)
{
    if (g && h_ptr)
        cudaFreeHost(h_ptr);
}

/* A synchronous copy on the handle's first stream. */
static karx_status copy_sync(karx_gpu *g, void *dst, const void *src, size_t bytes,
                             cudaMemcpyKind kind, const char *what)
{
    if (!g || (bytes && (!dst || !src)))
        return KARX_ERR_ARGUMENT;
    if (!bytes)
        return KARX_OK;
    KARX_GPU_TRY(g, cudaMemcpyAsync(dst, src, bytes, kind, g->slot[0].stream), what);
    KARX_GPU_TRY(g, cudaStreamSynchronize(g->slot[0].stream), what);
    return KARX_OK;
}

extern "C" karx_status karx_gpu_memcpy_htod(karx_gpu *g, void *d_dst, const void *src, size_t bytes)
{
    return copy_sync(g, d_dst, src, bytes, cudaMemcpyHostToDevice, "cudaMemcpy host to device");
}

extern "C" karx_status karx_gpu_memcpy_dtoh(karx_gpu *g, void *dst, const void *d_src, size_t bytes)
{
    return copy_sync(g, dst, d_src, bytes, cudaMemcpyDeviceToHost, "cudaMemcpy device to host");
}
