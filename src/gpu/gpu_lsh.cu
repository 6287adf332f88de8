/* Batch LSH on the GPU: one message per thread (src/gpu/lsh_gpu_core.h holds the per-warp code,
 * shared with the CPU tests), and the host side: argument checks, the chunked pipeline over the
 * handle's streams (staging copy, host-to-device, kernel, device-to-host overlapping), and the
 * device-pointer forms. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_internal.h"
#include "lsh_gpu_core.h"

#include "karx/lsh.h"

/* ---- kernels ------------------------------------------------------------------------------ */

template <int BITS, unsigned DLEN>
__device__ __forceinline__ const void *lsh_iv()
{
    if constexpr (BITS == 256)
        return DLEN == 28 ? karx_lsh256_iv224 : karx_lsh256_iv256;
    else
        return DLEN == 28 ? karx_lsh512_iv224
             : DLEN == 32 ? karx_lsh512_iv256
             : DLEN == 48 ? karx_lsh512_iv384
                          : karx_lsh512_iv512;
}

/* Every thread of a warp takes part in the warp's phases (no early exit per thread), so a
 * batch whose size is not a multiple of 32 leaves idle lanes that still sync. */
template <int BITS, unsigned DLEN>
__global__ void lsh_batch_kernel(uint8_t *out, karx_gpu_batch b)
{
    extern __shared__ uint32_t smem_all[];
    const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
    const uint64_t first = (uint64_t)blockIdx.x * blockDim.x + warp * KARX_GPU_WARP;
    if (first >= b.n)
        return; /* the whole warp leaves together */
    if constexpr (BITS == 256) {
        uint32_t cv[1][16];
        karx_gpu_lsh256_warp(smem_all + warp * (KARX_GPU_LSH256_WARP_SMEM / 4), &b, first, lane, 1,
                             cv, (const uint32_t *)lsh_iv<256, DLEN>(), out, DLEN);
    } else {
        uint64_t cv[1][16];
        karx_gpu_lsh512_warp(smem_all + warp * (KARX_GPU_LSH512_WARP_SMEM / 4), &b, first, lane, 1,
                             cv, (const uint64_t *)lsh_iv<512, DLEN>(), out, DLEN);
    }
}

typedef void (*lsh_kernel_fn)(uint8_t *, karx_gpu_batch);

static lsh_kernel_fn pick_kernel(int bits, size_t dlen)
{
    if (bits == 256)
        return dlen == 28 ? lsh_batch_kernel<256, 28> : dlen == 32 ? lsh_batch_kernel<256, 32> : NULL;
    switch (dlen) {
    case 28: return lsh_batch_kernel<512, 28>;
    case 32: return lsh_batch_kernel<512, 32>;
    case 48: return lsh_batch_kernel<512, 48>;
    case 64: return lsh_batch_kernel<512, 64>;
    default: return NULL;
    }
}

static int dlen_ok(int bits, size_t dlen)
{
    return pick_kernel(bits, dlen) != NULL;
}

karx_status karx_i_gpu_lsh_prepare(karx_gpu *g)
{
    static const struct { int bits; size_t dlen; } all[] = {
        {256, 28}, {256, 32}, {512, 28}, {512, 32}, {512, 48}, {512, 64}};
    for (unsigned i = 0; i < sizeof all / sizeof all[0]; i++)
        KARX_GPU_TRY(g, cudaFuncSetAttribute(pick_kernel(all[i].bits, all[i].dlen),
                                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             (int)g->smem_optin),
                     "cudaFuncSetAttribute");
    return KARX_OK;
}

karx_status karx_i_gpu_lsh_launch(karx_gpu *g, cudaStream_t st, int bits, size_t dlen,
                                  uint8_t *d_out, const uint8_t *d_base, const uint64_t *d_off,
                                  uint64_t msg_len, uint64_t n)
{
    if (!n)
        return KARX_OK;
    size_t warp_smem = bits == 256 ? KARX_GPU_LSH256_WARP_SMEM : KARX_GPU_LSH512_WARP_SMEM;
    unsigned tpb = karx_i_gpu_fit_threads(pick_kernel(bits, dlen), g->cfg.threads_per_block);
    if ((tpb / 32) * warp_smem > g->smem_optin) /* fewer warps per block when shared memory is short */
        tpb = (unsigned)(g->smem_optin / warp_smem) * 32;
    uint64_t blocks = (n + tpb - 1) / tpb;
    if (blocks > INT_MAX)
        return KARX_ERR_DATA_LENGTH;
    karx_gpu_batch b = {d_base, d_off, msg_len, n};
    pick_kernel(bits, dlen)<<<(unsigned)blocks, tpb, (tpb / 32) * warp_smem, st>>>(d_out, b);
    KARX_GPU_TRY(g, cudaGetLastError(), "LSH kernel launch");
    return KARX_OK;
}

/* ---- host-memory batches: the pipeline ------------------------------------------------------ */

/* One chunk's launch: cnt messages, staged at the start of the slot's input. */
struct lsh_chunk {
    int bits;
    size_t dlen, cnt;
    int has_offsets; /* else equal lengths */
    uint64_t msg_len;
};

static karx_status lsh_chunk_launch(karx_gpu *g, struct karx_gpu_slot *sl, const void *ctx)
{
    const struct lsh_chunk *k = (const struct lsh_chunk *)ctx;
    return karx_i_gpu_lsh_launch(g, sl->stream, k->bits, k->dlen, sl->d_out, sl->d_in,
                                 k->has_offsets ? sl->d_off : NULL, k->msg_len, k->cnt);
}

/* The checks every call starts with: a handle, and a digest length the kernels have. */
static karx_status lsh_args(karx_gpu *g, int bits, size_t dlen)
{
    if (!g)
        return KARX_ERR_NO_DEVICE;
    return dlen_ok(bits, dlen) ? KARX_OK : KARX_ERR_OUTPUT_LENGTH;
}

/* Runs messages [0, n) through the pipeline, chunk by chunk over the streams. */
static karx_status lsh_pipeline(karx_gpu *g, int bits, uint8_t *out, size_t dlen, const void *in,
                                const size_t *offsets, uint64_t msg_len, size_t n, size_t per)
{
    KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    const uint8_t *src = (const uint8_t *)in;
    int in_pinned = src ? karx_i_gpu_is_pinned(src) : 0, out_pinned = karx_i_gpu_is_pinned(out);
    karx_status st = KARX_OK;
    for (size_t c = 0, k = 0, e; c < n && st == KARX_OK; c = e, k++) {
        e = offsets ? karx_i_gpu_records_end(g, offsets, c, n, (size_t)1 << 20) /* offsets staged */
                    : n - c < per ? n : c + per;
        size_t lo = offsets ? offsets[c] : c * msg_len, hi = offsets ? offsets[e] : e * msg_len;
        struct lsh_chunk kc = {bits, dlen, e - c, offsets != NULL, msg_len};
        struct karx_i_gpu_io io = {hi > lo ? src + lo : NULL, NULL, hi - lo, 0, in_pinned, out + c * dlen,
                                   (e - c) * dlen, out_pinned, offsets ? offsets + c : NULL, e - c};
        st = karx_i_gpu_chunk(g, (unsigned)(k % g->cfg.streams), &io, lsh_chunk_launch, &kc);
    }
    return karx_i_gpu_finish(g, st, out, n * dlen);
}

static karx_status lsh_many_host(karx_gpu *g, int bits, uint8_t *out, size_t dlen, const void *in,
                                 size_t msg_len, size_t n)
{
    karx_status st = lsh_args(g, bits, dlen);
    if (st != KARX_OK || !n)
        return st;
    if (!out || (!in && msg_len))
        return KARX_ERR_ARGUMENT;
    if (msg_len > KARX_GPU_MAX_MSG_BYTES || (msg_len && n > SIZE_MAX / msg_len) ||
        n > SIZE_MAX / dlen)
        return KARX_ERR_DATA_LENGTH;
    size_t per = g->cfg.chunk_bytes / (msg_len ? msg_len : 1);
    per = per < 32 ? 32 : per - per % 32; /* whole warps per chunk */
    return lsh_pipeline(g, bits, out, dlen, msg_len ? in : NULL, NULL, msg_len, n, per);
}

static karx_status lsh_offsets_host(karx_gpu *g, int bits, uint8_t *out, size_t dlen,
                                    const void *buf, const size_t *offsets, size_t n)
{
    karx_status st = lsh_args(g, bits, dlen);
    if (st != KARX_OK || !n)
        return st;
    if (!out || !offsets || n > SIZE_MAX / dlen - 1)
        return KARX_ERR_ARGUMENT;
    for (size_t i = 0; i < n; i++) {
        if (offsets[i + 1] < offsets[i])
            return KARX_ERR_ARGUMENT;
        if (offsets[i + 1] - offsets[i] > KARX_GPU_MAX_MSG_BYTES)
            return KARX_ERR_DATA_LENGTH;
    }
    if (!buf && offsets[n] != offsets[0])
        return KARX_ERR_ARGUMENT;
    return lsh_pipeline(g, bits, out, dlen, buf, offsets, 0, n, 0);
}

extern "C" karx_status karx_gpu_lsh256_many(karx_gpu *g, uint8_t *out, size_t digest_bytes,
                                            const void *in, size_t msg_len, size_t n)
{
    return lsh_many_host(g, 256, out, digest_bytes, in, msg_len, n);
}

extern "C" karx_status karx_gpu_lsh512_many(karx_gpu *g, uint8_t *out, size_t digest_bytes,
                                            const void *in, size_t msg_len, size_t n)
{
    return lsh_many_host(g, 512, out, digest_bytes, in, msg_len, n);
}

extern "C" karx_status karx_gpu_lsh256_many_offsets(karx_gpu *g, uint8_t *out, size_t digest_bytes,
                                                    const void *buf, const size_t *offsets, size_t n)
{
    return lsh_offsets_host(g, 256, out, digest_bytes, buf, offsets, n);
}

extern "C" karx_status karx_gpu_lsh512_many_offsets(karx_gpu *g, uint8_t *out, size_t digest_bytes,
                                                    const void *buf, const size_t *offsets, size_t n)
{
    return lsh_offsets_host(g, 512, out, digest_bytes, buf, offsets, n);
}

extern "C" karx_status karx_gpu_lsh_many(karx_gpu *g, karx_lsh_alg alg, uint8_t *out, size_t out_len,
                                         const void *in, size_t msg_len, size_t n)
{
    size_t d = karx_lsh_digest_bytes(alg), blk = karx_lsh_block_bytes(alg);
    if (!d)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if (out_len != d)
        return KARX_ERR_OUTPUT_LENGTH;
    return lsh_many_host(g, blk == 128 ? 256 : 512, out, d, in, msg_len, n);
}

/* ---- device-memory batches ------------------------------------------------------------------ */

/* offsets_form: the _offsets_device calls, where d_off must be given. */
static karx_status lsh_device(karx_gpu *g, int bits, void *d_out, size_t dlen, const void *d_in,
                              const uint64_t *d_off, int offsets_form, size_t msg_len, size_t n)
{
    karx_status s = lsh_args(g, bits, dlen);
    if (s != KARX_OK || !n)
        return s;
    if (!d_out || ((uintptr_t)d_out & 3) || (offsets_form && !d_off) || (!d_in && (msg_len || d_off)))
        return KARX_ERR_ARGUMENT;
    if (msg_len > KARX_GPU_MAX_MSG_BYTES)
        return KARX_ERR_DATA_LENGTH;
    KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    cudaStream_t st = g->slot[0].stream;
    s = karx_i_gpu_lsh_launch(g, st, bits, dlen, (uint8_t *)d_out, (const uint8_t *)d_in,
                                          d_off, msg_len, n);
    if (s != KARX_OK)
        return s;
    KARX_GPU_TRY(g, cudaStreamSynchronize(st), "LSH kernel");
    return KARX_OK;
}

extern "C" karx_status karx_gpu_lsh256_many_device(karx_gpu *g, void *d_out, size_t digest_bytes,
                                                   const void *d_in, size_t msg_len, size_t n)
{
    return lsh_device(g, 256, d_out, digest_bytes, d_in, NULL, 0, msg_len, n);
}

extern "C" karx_status karx_gpu_lsh512_many_device(karx_gpu *g, void *d_out, size_t digest_bytes,
                                                   const void *d_in, size_t msg_len, size_t n)
{
    return lsh_device(g, 512, d_out, digest_bytes, d_in, NULL, 0, msg_len, n);
}

extern "C" karx_status karx_gpu_lsh256_many_offsets_device(karx_gpu *g, void *d_out,
                                                           size_t digest_bytes, const void *d_buf,
                                                           const uint64_t *d_offsets, size_t n)
{
    return lsh_device(g, 256, d_out, digest_bytes, d_buf, d_offsets, 1, 0, n);
}

extern "C" karx_status karx_gpu_lsh512_many_offsets_device(karx_gpu *g, void *d_out,
                                                           size_t digest_bytes, const void *d_buf,
                                                           const uint64_t *d_offsets, size_t n)
{
    return lsh_device(g, 512, d_out, digest_bytes, d_buf, d_offsets, 1, 0, n);
}

/* ---- self-test at open ------------------------------------------------------------------------ */

static int unhex(const char *s, uint8_t *out)
{
    size_t n = strlen(s) / 2;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = (uint8_t)v;
    }
    return (int)n;
}

/* KCMVP vectors (tests/kat/kcmvp_lsh256_256.txt, kcmvp_lsh512_512.txt) through the kernels, then
 * every variant against the CPU on 67 messages of lengths 0..462 (several blocks, odd lengths,
 * a partial last warp) in both the equal-length and the offsets form. */
karx_status karx_i_gpu_lsh_selftest(karx_gpu *g)
{
    static const struct { int bits; const char *msg, *md; } kat[] = {
        {256, "", "F3CD416A03818217726CB47F4E4D2881C9C29FD445C18B66FB19DEA1A81007C1"},
        {256, "AFBFC4", "B59C7CBB30D91E21948B30C9C80329FB7D40049A6FF5F09A3BEC675E33568FC2"},
        {512, "AE5472", "68AD14F250F71C471ACD597C68669C368FEA60260C4ED96680EAB8BA60F55525A5F08F5"
                        "1844BAB94BA97A7BD0B753C25BB6DA5A0E0BF6E869E363CFA1A06F135"},
    };
    uint8_t msg[8], want[64], got[64];
    for (unsigned i = 0; i < sizeof kat / sizeof kat[0]; i++) {
        int ml = unhex(kat[i].msg, msg), dl = unhex(kat[i].md, want);
        karx_status st = lsh_many_host(g, kat[i].bits, got, (size_t)dl, msg, (size_t)ml, 1);
        if (st != KARX_OK)
            return st;
        if (memcmp(got, want, (size_t)dl) != 0)
            goto mismatch;
    }
    {
        enum { N = 67 };
        static const size_t dl256[] = {28, 32}, dl512[] = {28, 32, 48, 64};
        size_t offs[N + 1], total = 0;
        for (unsigned i = 0; i <= N; i++) {
            offs[i] = total;
            total += i * 7;
        }
        uint8_t *buf = (uint8_t *)malloc(total), *dg = (uint8_t *)malloc(N * 64 * 2);
        if (!buf || !dg) {
            free(buf);
            free(dg);
            return KARX_ERR_NO_MEMORY;
        }
        for (size_t i = 0; i < total; i++)
            buf[i] = (uint8_t)(i * 131 + (i >> 8));
        karx_status st = KARX_OK;
        int bad = 0;
        for (int w = 0; w < 2 && st == KARX_OK && !bad; w++) {
            const size_t *dls = w ? dl512 : dl256;
            for (unsigned d = 0; d < (w ? 4u : 2u) && st == KARX_OK && !bad; d++) {
                int bits = w ? 512 : 256;
                size_t dlen = dls[d];
                st = lsh_offsets_host(g, bits, dg, dlen, buf, offs, N);
                if (st == KARX_OK)
                    st = lsh_many_host(g, bits, dg + N * dlen, dlen, buf, 33, N);
                for (unsigned i = 0; st == KARX_OK && i < N && !bad; i++) {
                    uint8_t ref[64], ref2[64];
                    if (bits == 256) {
                        karx_lsh256(ref, dlen, buf + offs[i], offs[i + 1] - offs[i]);
                        karx_lsh256(ref2, dlen, buf + 33 * i, 33);
                    } else {
                        karx_lsh512(ref, dlen, buf + offs[i], offs[i + 1] - offs[i]);
                        karx_lsh512(ref2, dlen, buf + 33 * i, 33);
                    }
                    bad = memcmp(ref, dg + i * dlen, dlen) || memcmp(ref2, dg + (N + i) * dlen, dlen);
                }
            }
        }
        free(buf);
        free(dg);
        if (st != KARX_OK)
            return st;
        if (bad)
            goto mismatch;
    }
    return KARX_OK;
mismatch:
    return karx_i_gpu_mismatch(g, "LSH");
}
