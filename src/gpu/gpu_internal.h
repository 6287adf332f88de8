/* Internal to the CUDA back end: the handle, its pipeline slots, and the error helpers. */
#ifndef KARX_GPU_INTERNAL_H
#define KARX_GPU_INTERNAL_H

#include <cuda_runtime.h>

#include "karx/gpu.h"

/* One pipeline slot per stream: pinned host staging and device buffers, grown on demand
 * (never shrunk, never allocated per call). */
struct karx_gpu_slot {
    cudaStream_t stream;
    uint8_t *h_in, *h_out;   /* pinned */
    uint8_t *d_in, *d_out;
    uint64_t *h_off, *d_off; /* chunk-relative offsets for variable-length batches */
    size_t in_cap, out_cap, off_cap;
    /* Bytes at the start of h_in / d_in that held key material: wiped when the call ends. */
    size_t secret_bytes;
    /* Where the slot's pending output goes once its stream finishes. */
    uint8_t *pending_dst;
    size_t pending_bytes;
};

struct karx_gpu {
    int device;
    karx_gpu_info info;
    karx_gpu_config cfg;
    size_t smem_optin;       /* most dynamic shared memory one block may use */
    struct karx_gpu_slot slot[KARX_GPU_MAX_STREAMS];
    char err[256];
};

/* Records what failed in g->err and returns the status it maps to. */
karx_status karx_i_gpu_fail(karx_gpu *g, cudaError_t e, const char *what);
/* The status a CUDA error maps to; its text ("what: description (name)") into dst. */
karx_status karx_i_gpu_status(cudaError_t e);
void karx_i_gpu_error_text(char *dst, size_t cap, cudaError_t e, const char *what);
#define KARX_GPU_TRY(g, call, what)                                   \
    do {                                                              \
        cudaError_t karx_e_ = (call);                                 \
        if (karx_e_ != cudaSuccess)                                   \
            return karx_i_gpu_fail((g), karx_e_, (what));             \
    } while (0)

/* Makes slot s hold at least in_bytes / out_bytes / off_count; keeps what fits. */
/* The handle's threads per block, lowered to what this kernel can launch with (its register use
 * can cap it below 1024) in whole warps: a configured 1024 must not fail a launch with
 * cudaErrorLaunchOutOfResources. The cipher kernels loop over the grid and the LSH launch sizes
 * its grid after this, so fewer threads per block changes no result. */
template <typename K> static inline unsigned karx_i_gpu_fit_threads(K *kernel, unsigned want)
{
    cudaFuncAttributes a;
    if (cudaFuncGetAttributes(&a, (const void *)kernel) != cudaSuccess)
        return want;
    unsigned most = (unsigned)a.maxThreadsPerBlock & ~31u;
    return most != 0 && want > most ? most : want;
}

karx_status karx_i_gpu_reserve(karx_gpu *g, unsigned s, size_t in_bytes, size_t out_bytes,
                               size_t off_count);
/* Waits for slot s's stream and copies its pending output to the caller. */
karx_status karx_i_gpu_drain(karx_gpu *g, unsigned s);
/* Waits for every slot (used on error paths too, so no copy is left writing a buffer). */
karx_status karx_i_gpu_drain_all(karx_gpu *g);

/* What one pipeline chunk moves. Input comes from src (staged through the slot's pinned buffer
 * unless in_pinned), or is written straight into the pinned buffer by fill (key material: the
 * first secret_bytes are wiped when the call ends); src and fill both NULL: no input. With
 * offsets (variable-length records), offsets[0..records] - offsets[0] go to sl->d_off. */
typedef void (*karx_i_gpu_fill_fn)(uint8_t *h_in, const void *ctx);
struct karx_i_gpu_io {
    const uint8_t *src;
    karx_i_gpu_fill_fn fill;
    size_t in_bytes, secret_bytes;
    int in_pinned;
    uint8_t *dst;
    size_t out_bytes;
    int out_pinned;
    const size_t *offsets; /* NULL: equal lengths */
    size_t records;        /* with offsets: records in the chunk */
};

/* One chunk on slot s: waits for the slot's previous chunk (delivering its output), grows its
 * buffers, copies the input (and offsets) to sl->d_in (sl->d_off), calls launch(g, sl, ctx) to
 * queue the kernel on sl->stream writing sl->d_out, then queues the copy of out_bytes back to
 * dst (straight into dst when it is pinned, else delivered at the next drain). */
typedef karx_status (*karx_i_gpu_launch_fn)(karx_gpu *g, struct karx_gpu_slot *sl, const void *ctx);
karx_status karx_i_gpu_chunk(karx_gpu *g, unsigned s, const struct karx_i_gpu_io *io,
                             karx_i_gpu_launch_fn launch, const void *ctx);
/* The end of a chunk of variable-length records (record i is [offsets[i], offsets[i+1])) that
 * starts at record c of n: whole records up to the chunk size, at least one however long, at
 * most max. */
size_t karx_i_gpu_records_end(const karx_gpu *g, const size_t *offsets, size_t c, size_t n,
                              size_t max);
/* Whether host memory p is pinned (page-locked or registered): copied without staging. */
int karx_i_gpu_is_pinned(const void *p);
/* Ends a host-memory call: waits for every slot; on failure zeroes out (out_bytes) so nothing
 * partial looks like a result. */
karx_status karx_i_gpu_finish(karx_gpu *g, karx_status st, uint8_t *out, size_t out_bytes);

/* Kernel launches (gpu_lsh.cu). d_out must be 4-aligned. */
karx_status karx_i_gpu_lsh_launch(karx_gpu *g, cudaStream_t st, int bits, size_t dlen,
                                  uint8_t *d_out, const uint8_t *d_base, const uint64_t *d_off,
                                  uint64_t msg_len, uint64_t n);
karx_status karx_i_gpu_lsh_prepare(karx_gpu *g);   /* shared-memory opt-in, once at open */
karx_status karx_i_gpu_lsh_selftest(karx_gpu *g);
karx_status karx_i_gpu_cipher_selftest(karx_gpu *g);   /* gpu_cipher.cu */
/* A self-test's failure: records that what's kernel output differs from the CPU's. */
karx_status karx_i_gpu_mismatch(karx_gpu *g, const char *what);

#endif
