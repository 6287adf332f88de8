/* The registered block ciphers on the GPU, dispatched by shape (cipher_gpu_core.h): CTR and ECB
 * under one key (thread per block, the counter from the block index, round keys as a kernel
 * parameter, i.e. in constant memory), CTR under many keys (equal lengths: thread per block,
 * the record's raw key broadcast to the warp; variable lengths: thread per record; LEA's and
 * HIGHT's round keys are made on the fly, CHAM's scheduled into registers; no thread-local
 * memory, which scripts/check-gpu-regs.sh checks), and CTR_DRBG output (the state
 * chain on the CPU, every call's keystream at once; see drbg_plan.h). The per-thread code is
 * src/gpu/cipher_gpu_core.h, which the CPU tests run as well. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cipher_gpu_core.h"
#include "../drbg/drbg_plan.h"
#include "gpu_internal.h"

/* ---- kernels (the cipher's shape is a template constant: rounds unroll, branches fold) ------ */

template <int SHAPE>
__global__ void ctr_kernel(karx_cipher_key key, karx_gpu_ctr base, uint8_t *out, const uint8_t *in,
                           uint64_t len, uint64_t nblocks)
{
    const uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nblocks; i += step)
        karx_gpu_ctr_block(SHAPE, &key, base, i, out, in, len);
}

template <int SHAPE, int DECRYPT>
__global__ void ecb_kernel(karx_cipher_key key, uint8_t *out, const uint8_t *in, uint64_t nblocks)
{
    const uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nblocks; i += step)
        karx_gpu_ecb_block(SHAPE, &key, DECRYPT, i, out, in);
}

template <int SHAPE>
__global__ void ctr_many_kernel(const uint8_t *keys, uint8_t *ctrs, uint8_t *out, const uint8_t *in,
                                const uint64_t *offs, uint64_t rec_len, uint64_t n, int advance)
{
    const uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    const unsigned bl = karx_gpu_block_bytes(SHAPE);
    for (uint64_t r = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; r < n; r += step) {
        uint64_t start = offs ? offs[r] : r * rec_len, len = offs ? offs[r + 1] - offs[r] : rec_len;
        karx_gpu_ctr_record(SHAPE, keys, KARX_GPU_KEY_BYTES(SHAPE), ctrs, out, in, start, len, r);
        if (advance)
            karx_gpu_ctr_advance(ctrs + r * bl, len, bl);
    }
}

/* Equal lengths: a thread per block over every record's blocks (bpr blocks a record); the
 * record and block index are divided out once, then stepped with the grid. */
template <int SHAPE>
__global__ void ctr_many_block_kernel(const uint8_t *keys, const uint8_t *ctrs, uint8_t *out,
                                      const uint8_t *in, uint64_t rec_len, uint64_t bpr,
                                      uint64_t nblocks)
{
    const uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nblocks)
        return;
    uint64_t r = i / bpr, j = i % bpr;
    const uint64_t sr = step / bpr, sj = step % bpr;
    for (; i < nblocks; i += step) {
        karx_gpu_ctr_many_block(SHAPE, keys, KARX_GPU_KEY_BYTES(SHAPE), ctrs, out, in, rec_len, r, j);
        r += sr;
        j += sj;
        if (j >= bpr) {
            j -= bpr;
            r++;
        }
    }
}

/* The counters of n records of len bytes advanced (after ctr_many_block_kernel, same stream). */
__global__ void ctr_many_advance_kernel(uint8_t *ctrs, uint64_t len, uint64_t n, unsigned bl)
{
    const uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t r = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; r < n; r += step)
        karx_gpu_ctr_advance(ctrs + r * bl, len, bl);
}

template <int SHAPE>
__global__ void ctr_keyed_kernel(const karx_cipher_key *keys, const uint8_t *ctrs, uint8_t *out,
                                 uint64_t stride, uint64_t total, uint64_t nblocks)
{
    const uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nblocks; i += step)
        karx_gpu_ctr_keyed_block(SHAPE, keys, ctrs, out, stride, total, i);
}

/* One switch from a run-time shape to the kernel instantiation: one case per compiled shape. */
#define KARX_SHAPE_CASE(f, r, kb) \
    case KARX_GPU_SHAPE(f, r, kb): KARX_SHAPE_CALL(KARX_GPU_SHAPE(f, r, kb)); break;
#define KARX_FOR_SHAPE(shape)                      \
    switch (shape) {                               \
        KARX_GPU_CIPHER_SHAPES(KARX_SHAPE_CASE)    \
    default: return KARX_ERR_UNSUPPORTED;          \
    }

static unsigned grid_for(const karx_gpu *g, uint64_t work, unsigned tpb)
{
    uint64_t blocks = (work + tpb - 1) / tpb, cap = (uint64_t)g->info.sm_count * 32;
    if (cap == 0)
        cap = 1024;
    return (unsigned)(blocks < cap ? blocks : cap);
}

static karx_status launch_ctr(karx_gpu *g, cudaStream_t st, int shape, const karx_cipher_key *key,
                              karx_gpu_ctr base, uint8_t *d_out, const uint8_t *d_in, uint64_t len)
{
    unsigned bl = karx_gpu_block_bytes(shape), tpb = g->cfg.threads_per_block;
    uint64_t nb = karx_gpu_blocks(len, bl);
    if (!nb)
        return KARX_OK;
    unsigned grid = grid_for(g, nb, tpb);
#define KARX_SHAPE_CALL(S) ctr_kernel<S><<<grid, karx_i_gpu_fit_threads(ctr_kernel<S>, tpb), 0, st>>>(*key, base, d_out, d_in, len, nb)
    KARX_FOR_SHAPE(shape)
#undef KARX_SHAPE_CALL
    KARX_GPU_TRY(g, cudaGetLastError(), "CTR kernel launch");
    return KARX_OK;
}

static karx_status launch_ecb(karx_gpu *g, cudaStream_t st, int shape, const karx_cipher_key *key,
                              int decrypt, uint8_t *d_out, const uint8_t *d_in, uint64_t nb)
{
    if (!nb)
        return KARX_OK;
    unsigned tpb = g->cfg.threads_per_block, grid = grid_for(g, nb, tpb);
#define KARX_SHAPE_CALL(S)                                                        \
    (decrypt ? ecb_kernel<S, 1><<<grid, karx_i_gpu_fit_threads(ecb_kernel<S, 1>, tpb), 0, st>>>(*key, d_out, d_in, nb)     \
             : ecb_kernel<S, 0><<<grid, karx_i_gpu_fit_threads(ecb_kernel<S, 0>, tpb), 0, st>>>(*key, d_out, d_in, nb))
    KARX_FOR_SHAPE(shape)
#undef KARX_SHAPE_CALL
    KARX_GPU_TRY(g, cudaGetLastError(), "ECB kernel launch");
    return KARX_OK;
}

static karx_status launch_many(karx_gpu *g, cudaStream_t st, int shape, const uint8_t *d_keys,
                               uint8_t *d_ctrs, uint8_t *d_out, const uint8_t *d_in,
                               const uint64_t *d_offs, uint64_t rec_len, uint64_t n, int advance)
{
    if (!n)
        return KARX_OK;
    if (!d_offs) { /* equal lengths: a thread per block (coalesced), then the counters */
        const unsigned bl = karx_gpu_block_bytes(shape), tpb = g->cfg.threads_per_block;
        const uint64_t bpr = karx_gpu_blocks(rec_len, bl), nb = n * bpr;
        if (nb) {
            unsigned grid = grid_for(g, nb, tpb);
#define KARX_SHAPE_CALL(S) \
    ctr_many_block_kernel<S><<<grid, karx_i_gpu_fit_threads(ctr_many_block_kernel<S>, tpb), 0, st>>>(d_keys, d_ctrs, d_out, d_in, rec_len, bpr, nb)
            KARX_FOR_SHAPE(shape)
#undef KARX_SHAPE_CALL
            KARX_GPU_TRY(g, cudaGetLastError(), "many-key CTR kernel launch");
        }
        if (advance && nb) {
            const unsigned atpb = 128;
            ctr_many_advance_kernel<<<grid_for(g, n, atpb), atpb, 0, st>>>(d_ctrs, rec_len, n, bl);
            KARX_GPU_TRY(g, cudaGetLastError(), "many-key counter advance launch");
        }
        return KARX_OK;
    }
    unsigned tpb = g->cfg.threads_per_block < 128 ? g->cfg.threads_per_block : 128;
    unsigned grid = grid_for(g, n, tpb);
#define KARX_SHAPE_CALL(S) \
    ctr_many_kernel<S><<<grid, karx_i_gpu_fit_threads(ctr_many_kernel<S>, tpb), 0, st>>>(d_keys, d_ctrs, d_out, d_in, d_offs, rec_len, n, advance)
    KARX_FOR_SHAPE(shape)
#undef KARX_SHAPE_CALL
    KARX_GPU_TRY(g, cudaGetLastError(), "many-key CTR kernel launch");
    return KARX_OK;
}

static karx_status launch_keyed(karx_gpu *g, cudaStream_t st, int shape, const karx_cipher_key *d_keys,
                                const uint8_t *d_ctrs, uint8_t *d_out, uint64_t stride, uint64_t total)
{
    unsigned bl = karx_gpu_block_bytes(shape), tpb = g->cfg.threads_per_block;
    uint64_t nrec = (total + stride - 1) / stride, nb = nrec * ((stride + bl - 1) / bl);
    if (!nb)
        return KARX_OK;
    unsigned grid = grid_for(g, nb, tpb);
#define KARX_SHAPE_CALL(S) \
    ctr_keyed_kernel<S><<<grid, karx_i_gpu_fit_threads(ctr_keyed_kernel<S>, tpb), 0, st>>>(d_keys, d_ctrs, d_out, stride, total, nb)
    KARX_FOR_SHAPE(shape)
#undef KARX_SHAPE_CALL
    KARX_GPU_TRY(g, cudaGetLastError(), "DRBG kernel launch");
    return KARX_OK;
}

/* ---- argument checks shared by the host and device forms ----------------------------------- */

/* The kernel shape of cipher id alg from its descriptor; `unknown` when no cipher has the id,
 * KARX_ERR_UNSUPPORTED when no kernel is compiled for its shape. */
static karx_status shape_for(uint32_t alg, karx_status unknown, int *shape)
{
    const karx_i_cipher *c = karx_i_cipher_desc(alg);
    if (!c)
        return unknown;
    *shape = karx_gpu_shape_of(c);
    return *shape ? KARX_OK : KARX_ERR_UNSUPPORTED;
}

/* A scheduled key's shape: KARX_ERR_STATE when no key is set (alg 0). */
static karx_status key_shape(const karx_cipher_key *key, int *shape)
{
    return key ? shape_for(key->alg, KARX_ERR_STATE, shape) : KARX_ERR_ARGUMENT;
}

/* Validates a CTR call and reads its counter. */
static karx_status ctr_args(karx_gpu *g, const karx_cipher_key *key, const uint8_t *ctr,
                            const void *out, size_t len, int *shape, karx_gpu_ctr *c)
{
    if (!g)
        return KARX_ERR_NO_DEVICE;
    karx_status st = key_shape(key, shape);
    if (st != KARX_OK)
        return st;
    if (!ctr || (len && !out))
        return KARX_ERR_ARGUMENT;
    unsigned bl = karx_gpu_block_bytes(*shape);
    *c = karx_gpu_ctr_load(ctr, bl);
    uint64_t nb = karx_gpu_blocks(len, bl);
    if (nb > karx_gpu_ctr_capacity(*c, bl))
        return KARX_ERR_COUNTER_OVERFLOW;
    if (len)
        KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    return KARX_OK;
}

/* Validates an ECB call (whole blocks) and selects the device. */
static karx_status ecb_args(karx_gpu *g, const karx_cipher_key *key, const void *out,
                            const void *in, size_t len, int *shape)
{
    if (!g)
        return KARX_ERR_NO_DEVICE;
    karx_status st = key_shape(key, shape);
    if (st != KARX_OK)
        return st;
    if (len % karx_gpu_block_bytes(*shape))
        return KARX_ERR_DATA_LENGTH;
    if (len && (!out || !in))
        return KARX_ERR_ARGUMENT;
    if (len)
        KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    return KARX_OK;
}

/* Validates the cipher and key length of a many-key call. */
static karx_status many_args(karx_gpu *g, karx_cipher_alg alg, size_t key_len, int *shape)
{
    if (!g)
        return KARX_ERR_NO_DEVICE;
    karx_status st = shape_for((uint32_t)alg, KARX_ERR_UNKNOWN_ALGORITHM, shape);
    if (st == KARX_OK && key_len != KARX_GPU_KEY_BYTES(*shape))
        st = KARX_ERR_KEY_LENGTH;
    return st;
}

/* ---- single key ---------------------------------------------------------------------------- */

/* A single-key call, or one chunk of it: CTR from counter base, or ECB. */
struct key_call {
    const karx_cipher_key *key;
    int shape, ecb, decrypt;
    karx_gpu_ctr base; /* CTR: the first block's counter */
    uint64_t len;
    int has_in; /* CTR without input: the keystream itself */
};

static karx_status key_launch(karx_gpu *g, cudaStream_t s, const struct key_call *k, uint8_t *d_out,
                              const uint8_t *d_in)
{
    if (k->ecb)
        return launch_ecb(g, s, k->shape, k->key, k->decrypt, d_out, d_in,
                          k->len / karx_gpu_block_bytes(k->shape));
    return launch_ctr(g, s, k->shape, k->key, k->base, d_out, d_in, k->len);
}

static karx_status key_chunk_launch(karx_gpu *g, struct karx_gpu_slot *sl, const void *ctx)
{
    const struct key_call *k = (const struct key_call *)ctx;
    return key_launch(g, sl->stream, k, sl->d_out, k->has_in ? sl->d_in : NULL);
}

/* Chunk size: whole blocks, at least one. */
static size_t chunk_of(const karx_gpu *g, unsigned bl)
{
    size_t c = g->cfg.chunk_bytes - g->cfg.chunk_bytes % bl;
    return c ? c : bl;
}

/* Host memory: chunks of whole blocks through the pipeline, the streams in turn. */
static karx_status key_host(karx_gpu *g, struct key_call k, uint8_t *out, const uint8_t *in)
{
    const unsigned bl = karx_gpu_block_bytes(k.shape);
    const karx_gpu_ctr c0 = k.base;
    const size_t len = k.len, chunk = chunk_of(g, bl);
    int in_pinned = in ? karx_i_gpu_is_pinned(in) : 0, out_pinned = karx_i_gpu_is_pinned(out);
    karx_status st = KARX_OK;
    for (size_t off = 0, i = 0; off < len && st == KARX_OK; off += chunk, i++) {
        size_t n = len - off < chunk ? len - off : chunk;
        k.base = karx_gpu_ctr_add(c0, off / bl, bl);
        k.len = n;
        struct karx_i_gpu_io io = {in ? in + off : NULL, NULL, n, 0, in_pinned, out + off, n, out_pinned, NULL, 0};
        st = karx_i_gpu_chunk(g, (unsigned)(i % g->cfg.streams), &io, key_chunk_launch, &k);
    }
    return karx_i_gpu_finish(g, st, out, len);
}

/* Device memory: one launch on the first stream. */
static karx_status key_device(karx_gpu *g, const struct key_call *k, void *d_out, const void *d_in)
{
    cudaStream_t s = g->slot[0].stream;
    karx_status st = key_launch(g, s, k, (uint8_t *)d_out, (const uint8_t *)d_in);
    if (st != KARX_OK)
        return st;
    KARX_GPU_TRY(g, cudaStreamSynchronize(s), k->ecb ? "ECB kernel" : "CTR kernel");
    return KARX_OK;
}

static karx_status ctr_call(karx_gpu *g, const karx_cipher_key *key, uint8_t *ctr, void *out,
                            const void *in, size_t len, int device)
{
    struct key_call k = {key, 0, 0, 0, {0, 0}, len, in != NULL};
    karx_status st = ctr_args(g, key, ctr, out, len, &k.shape, &k.base);
    if (st != KARX_OK || !len)
        return st;
    st = device ? key_device(g, &k, out, in) : key_host(g, k, (uint8_t *)out, (const uint8_t *)in);
    if (st == KARX_OK)
        karx_gpu_ctr_advance(ctr, len, karx_gpu_block_bytes(k.shape));
    return st;
}

static karx_status ecb_call(karx_gpu *g, const karx_cipher_key *key, int decrypt, void *out,
                            const void *in, size_t len, int device)
{
    struct key_call k = {key, 0, 1, decrypt, {0, 0}, len, 1};
    karx_status st = ecb_args(g, key, out, in, len, &k.shape);
    if (st != KARX_OK || !len)
        return st;
    return device ? key_device(g, &k, out, in) : key_host(g, k, (uint8_t *)out, (const uint8_t *)in);
}

extern "C" karx_status karx_gpu_ctr_xor(karx_gpu *g, const karx_cipher_key *key, uint8_t *ctr,
                                        uint8_t *out, const uint8_t *in, size_t len)
{
    return ctr_call(g, key, ctr, out, in, len, 0);
}

extern "C" karx_status karx_gpu_ecb_encrypt(karx_gpu *g, const karx_cipher_key *key, uint8_t *out,
                                            const uint8_t *in, size_t len)
{
    return ecb_call(g, key, 0, out, in, len, 0);
}

extern "C" karx_status karx_gpu_ecb_decrypt(karx_gpu *g, const karx_cipher_key *key, uint8_t *out,
                                            const uint8_t *in, size_t len)
{
    return ecb_call(g, key, 1, out, in, len, 0);
}

extern "C" karx_status karx_gpu_ctr_xor_device(karx_gpu *g, const karx_cipher_key *key, uint8_t *ctr,
                                               void *d_out, const void *d_in, size_t len)
{
    return ctr_call(g, key, ctr, d_out, d_in, len, 1);
}

extern "C" karx_status karx_gpu_ecb_encrypt_device(karx_gpu *g, const karx_cipher_key *key,
                                                   void *d_out, const void *d_in, size_t len)
{
    return ecb_call(g, key, 0, d_out, d_in, len, 1);
}

extern "C" karx_status karx_gpu_ecb_decrypt_device(karx_gpu *g, const karx_cipher_key *key,
                                                   void *d_out, const void *d_in, size_t len)
{
    return ecb_call(g, key, 1, d_out, d_in, len, 1);
}

/* ---- many keys -------------------------------------------------------------------------------- */

static size_t align16(size_t x)
{
    return (x + 15) & ~(size_t)15;
}

/* Records [c, c+cnt) of a many-key call, staged as keys | counters | data in the slot's input
 * (the keys first: that prefix is wiped when the call ends). */
struct many_chunk {
    int shape;
    unsigned key_len, bl;
    size_t c, cnt, lo, hi, ctr_off, data_off;
    const uint8_t *keys, *ctrs, *in;
    int has_offsets;
    uint64_t rec_len;
};

static void many_chunk_fill(uint8_t *h_in, const void *ctx)
{
    const struct many_chunk *k = (const struct many_chunk *)ctx;
    memcpy(h_in, k->keys + k->c * k->key_len, k->cnt * k->key_len);
    memcpy(h_in + k->ctr_off, k->ctrs + k->c * k->bl, k->cnt * k->bl);
    if (k->in)
        memcpy(h_in + k->data_off, k->in + k->lo, k->hi - k->lo);
}

static karx_status many_chunk_launch(karx_gpu *g, struct karx_gpu_slot *sl, const void *ctx)
{
    const struct many_chunk *k = (const struct many_chunk *)ctx;
    return launch_many(g, sl->stream, k->shape, sl->d_in, sl->d_in + k->ctr_off, sl->d_out,
                       k->in ? sl->d_in + k->data_off : NULL, k->has_offsets ? sl->d_off : NULL,
                       k->rec_len, k->cnt, 0);
}

/* Every record's counter must last: checked before anything is written. */
static karx_status many_counters_ok(const uint8_t *ctrs, unsigned bl, size_t rec_len,
                                    const size_t *offsets, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t len = offsets ? offsets[i + 1] - offsets[i] : rec_len;
        if (offsets && offsets[i + 1] < offsets[i])
            return KARX_ERR_ARGUMENT;
        if (karx_gpu_blocks(len, bl) > karx_gpu_ctr_capacity(karx_gpu_ctr_load(ctrs + i * bl, bl), bl))
            return KARX_ERR_COUNTER_OVERFLOW;
    }
    return KARX_OK;
}

/* The end of the chunk that starts at record c: whole records up to the chunk size. */
static size_t many_chunk_end(const karx_gpu *g, size_t c, size_t n, size_t rec_len,
                             const size_t *offsets)
{
    const size_t max_recs = (size_t)1 << 18;
    if (offsets)
        return karx_i_gpu_records_end(g, offsets, c, n, max_recs);
    size_t per = rec_len ? g->cfg.chunk_bytes / rec_len : max_recs;
    per = per < 1 ? 1 : per > max_recs ? max_recs : per;
    return c + per < n ? c + per : n;
}

static karx_status many_host(karx_gpu *g, karx_cipher_alg alg, const uint8_t *keys, size_t key_len,
                             uint8_t *ctrs, uint8_t *out, const uint8_t *in, size_t rec_len,
                             const size_t *offsets, size_t n)
{
    int shape;
    karx_status st = many_args(g, alg, key_len, &shape);
    if (st != KARX_OK || !n)
        return st;
    const unsigned bl = karx_gpu_block_bytes(shape);
    if (!keys || !ctrs || !out || (offsets == NULL && rec_len && n > SIZE_MAX / rec_len))
        return KARX_ERR_ARGUMENT;
    if ((st = many_counters_ok(ctrs, bl, rec_len, offsets, n)) != KARX_OK)
        return st;
    KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    int out_pinned = karx_i_gpu_is_pinned(out);
    size_t total = offsets ? offsets[n] - offsets[0] : n * rec_len;
    for (size_t c = 0, k = 0, e; c < n && st == KARX_OK; c = e) {
        e = many_chunk_end(g, c, n, rec_len, offsets);
        size_t cnt = e - c, lo = offsets ? offsets[c] : c * rec_len, hi = offsets ? offsets[e] : e * rec_len;
        struct many_chunk mc = {shape, (unsigned)key_len, bl, c, cnt, lo, hi, align16(cnt * key_len), 0,
                                keys, ctrs, in, offsets != NULL, rec_len};
        mc.data_off = align16(mc.ctr_off + cnt * bl);
        struct karx_i_gpu_io io = {NULL, many_chunk_fill, mc.data_off + (in ? hi - lo : 0), mc.ctr_off,
                                   1, out + lo, hi - lo, out_pinned, offsets ? offsets + c : NULL, cnt};
        st = karx_i_gpu_chunk(g, (unsigned)(k++ % g->cfg.streams), &io, many_chunk_launch, &mc);
    }
    st = karx_i_gpu_finish(g, st, out + (offsets ? offsets[0] : 0), total);
    for (size_t i = 0; st == KARX_OK && i < n; i++)
        karx_gpu_ctr_advance(ctrs + i * bl, offsets ? offsets[i + 1] - offsets[i] : rec_len, bl);
    return st;
}

extern "C" karx_status karx_gpu_ctr_xor_many(karx_gpu *g, karx_cipher_alg alg, const uint8_t *keys,
                                             size_t key_len, uint8_t *ctrs, uint8_t *out,
                                             const uint8_t *in, size_t rec_len, size_t n)
{
    return many_host(g, alg, keys, key_len, ctrs, out, in, rec_len, NULL, n);
}

extern "C" karx_status karx_gpu_ctr_xor_many_offsets(karx_gpu *g, karx_cipher_alg alg,
                                                     const uint8_t *keys, size_t key_len,
                                                     uint8_t *ctrs, uint8_t *out, const uint8_t *buf,
                                                     const size_t *offsets, size_t n)
{
    if (n && !offsets)
        return g ? KARX_ERR_ARGUMENT : KARX_ERR_NO_DEVICE;
    return many_host(g, alg, keys, key_len, ctrs, out, buf, 0, offsets, n);
}

extern "C" karx_status karx_gpu_ctr_xor_many_device(karx_gpu *g, karx_cipher_alg alg,
                                                    const void *d_keys, size_t key_len, void *d_ctrs,
                                                    void *d_out, const void *d_in, size_t rec_len,
                                                    size_t n)
{
    int shape;
    karx_status st = many_args(g, alg, key_len, &shape);
    if (st != KARX_OK || !n)
        return st;
    if (!d_keys || !d_ctrs || (rec_len && !d_out) || (rec_len && n > SIZE_MAX / rec_len))
        return KARX_ERR_ARGUMENT;
    KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    cudaStream_t s = g->slot[0].stream;
    st = launch_many(g, s, shape, (const uint8_t *)d_keys, (uint8_t *)d_ctrs, (uint8_t *)d_out,
                     (const uint8_t *)d_in, NULL, rec_len, n, 1);
    if (st != KARX_OK)
        return st;
    KARX_GPU_TRY(g, cudaStreamSynchronize(s), "many-key CTR kernel");
    return KARX_OK;
}

/* ---- CTR_DRBG ----------------------------------------------------------------------------------- */

/* Run the planned records in chunks: plan(ctx, first, count, keys, ctrs) writes a chunk's keys
 * and counters straight into the staging buffer. */
typedef void (*plan_fn)(void *ctx, size_t first, size_t count, karx_cipher_key *keys, uint8_t *ctrs);

/* Records (generate calls) [c, c+cnt): their keys | counters in the slot's input. */
struct keyed_chunk {
    int shape;
    size_t c, cnt, ctr_off;
    uint64_t stride, total;
    plan_fn plan;
    void *plan_ctx;
};

static void keyed_chunk_fill(uint8_t *h_in, const void *ctx)
{
    const struct keyed_chunk *k = (const struct keyed_chunk *)ctx;
    k->plan(k->plan_ctx, k->c, k->cnt, (karx_cipher_key *)(void *)h_in, h_in + k->ctr_off);
}

static karx_status keyed_chunk_launch(karx_gpu *g, struct karx_gpu_slot *sl, const void *ctx)
{
    const struct keyed_chunk *k = (const struct keyed_chunk *)ctx;
    return launch_keyed(g, sl->stream, k->shape, (const karx_cipher_key *)(void *)sl->d_in,
                        sl->d_in + k->ctr_off, sl->d_out, k->stride, k->total);
}

static karx_status keyed_run(karx_gpu *g, uint32_t alg, size_t nrec, uint64_t stride, uint8_t *out,
                             size_t total, plan_fn plan, void *ctx)
{
    int shape;
    karx_status st = shape_for(alg, KARX_ERR_STATE, &shape);
    if (st != KARX_OK)
        return st;
    const unsigned bl = karx_gpu_block_bytes(shape);
    size_t per = g->cfg.chunk_bytes / stride;
    per = per < 1 ? 1 : per;
    int out_pinned = karx_i_gpu_is_pinned(out);
    for (size_t c = 0, k = 0; c < nrec && st == KARX_OK; c += per, k++) {
        size_t cnt = nrec - c < per ? nrec - c : per;
        size_t lo = c * stride, hi = (c + cnt) * stride < total ? (c + cnt) * stride : total;
        struct keyed_chunk kc = {shape, c, cnt, align16(cnt * sizeof(karx_cipher_key)), stride, hi - lo,
                                 plan, ctx};
        size_t in_bytes = kc.ctr_off + cnt * bl; /* all of it is key material */
        struct karx_i_gpu_io io = {NULL, keyed_chunk_fill, in_bytes, in_bytes, 1, out + lo, hi - lo,
                                   out_pinned, NULL, 0};
        st = karx_i_gpu_chunk(g, (unsigned)(k % g->cfg.streams), &io, keyed_chunk_launch, &kc);
    }
    return karx_i_gpu_finish(g, st, out, total);
}

struct one_drbg {
    karx_ctr_drbg *d;
    size_t len;
    const uint8_t *add;
    size_t add_len;
};

static void plan_one(void *ctx, size_t first, size_t count, karx_cipher_key *keys, uint8_t *ctrs)
{
    struct one_drbg *o = (struct one_drbg *)ctx;
    size_t lo = first * KARX_CTR_DRBG_MAX_REQUEST_BYTES;
    size_t n = o->len - lo < count * (size_t)KARX_CTR_DRBG_MAX_REQUEST_BYTES
                   ? o->len - lo : count * (size_t)KARX_CTR_DRBG_MAX_REQUEST_BYTES;
    karx_i_drbg_plan(o->d, n, o->add, o->add_len, keys, ctrs);
}

extern "C" karx_status karx_gpu_ctr_drbg_generate(karx_gpu *g, karx_ctr_drbg *drbg, uint8_t *out,
                                                  size_t len, const uint8_t *add, size_t add_len)
{
    if (!g)
        return KARX_ERR_NO_DEVICE;
    if (!drbg || (len && !out))
        return KARX_ERR_ARGUMENT;
    karx_status st = karx_i_drbg_plan_check(drbg, len, add, add_len);
    if (st != KARX_OK || !len)
        return st;
    KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    struct one_drbg o = {drbg, len, add, add_len};
    return keyed_run(g, drbg->alg, karx_i_drbg_plan_calls(len), KARX_CTR_DRBG_MAX_REQUEST_BYTES,
                     out, len, plan_one, &o);
}

struct many_drbg {
    karx_ctr_drbg *const *d;
    size_t len;
    const uint8_t *const *adds;
    const size_t *add_lens;
};

static void plan_many(void *ctx, size_t first, size_t count, karx_cipher_key *keys, uint8_t *ctrs)
{
    struct many_drbg *m = (struct many_drbg *)ctx;
    size_t bl = karx_cipher_block_bytes((karx_cipher_alg)m->d[first]->alg);
    for (size_t i = 0; i < count; i++) {
        size_t j = first + i;
        karx_i_drbg_plan(m->d[j], m->len, m->adds ? m->adds[j] : NULL,
                             m->adds && m->add_lens ? m->add_lens[j] : 0, keys + i, ctrs + i * bl);
    }
}

extern "C" karx_status karx_gpu_ctr_drbg_generate_many(karx_gpu *g, karx_ctr_drbg *const *drbgs,
                                                       size_t n, uint8_t *out, size_t len,
                                                       const uint8_t *const *adds,
                                                       const size_t *add_lens)
{
    if (!g)
        return KARX_ERR_NO_DEVICE;
    if (!n || !len)
        return n && !drbgs ? KARX_ERR_ARGUMENT : KARX_OK;
    if (!drbgs || !out || n > SIZE_MAX / len)
        return KARX_ERR_ARGUMENT;
    if (len > KARX_CTR_DRBG_MAX_REQUEST_BYTES)
        return KARX_ERR_DATA_LENGTH;
    for (size_t i = 0; i < n; i++) {
        if (!drbgs[i])
            return KARX_ERR_ARGUMENT;
        if (drbgs[i]->alg != drbgs[0]->alg)
            return KARX_ERR_ARGUMENT; /* one cipher per call */
        karx_status st = karx_i_drbg_plan_check(drbgs[i], len, adds ? adds[i] : NULL,
                                               adds && add_lens ? add_lens[i] : 0);
        if (st != KARX_OK)
            return st;
    }
    KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    struct many_drbg m = {drbgs, len, adds, add_lens};
    return keyed_run(g, drbgs[0]->alg, n, len, out, n * len, plan_many, &m);
}

/* ---- self-test at open -------------------------------------------------------------------------- */

/* One cipher, a 1000-byte message and counter whose low 64 bits carry mid-stream, through the CTR
 * kernel and the many-key kernel; out2 gets the CPU's answer. */
static karx_status selftest_ctr(karx_gpu *g, const karx_i_cipher *c, const karx_cipher_key *k,
                                const uint8_t *key, const uint8_t *in, size_t len, uint8_t *out,
                                uint8_t *out2, const char **which)
{
    const size_t bl = c->block_bytes;
    uint8_t ctr[16], ctr2[16];
    memset(ctr, 0xff, sizeof ctr);
    ctr[0] = 0x12; /* far from all-ones, low half about to carry */
    ctr[bl - 1] = 0xf0;
    memcpy(ctr2, ctr, bl);
    karx_status st = karx_ctr_xor(k, ctr2, out2, in, len);
    memcpy(ctr2, ctr, bl);
    *which = "CTR, one key,";
    if (st == KARX_OK && (st = karx_gpu_ctr_xor(g, k, ctr2, out, in, len)) == KARX_OK &&
        memcmp(out, out2, len) != 0)
        return KARX_ERR_SELFTEST;
    memcpy(ctr2, ctr, bl);
    *which = "CTR, many keys,";
    if (st == KARX_OK &&
        (st = karx_gpu_ctr_xor_many(g, c->id, key, c->key_bytes, ctr2, out, in, len, 1)) == KARX_OK &&
        memcmp(out, out2, len) != 0)
        return KARX_ERR_SELFTEST;
    return st;
}

/* One registered cipher: its known answer (from the official vectors, in its descriptor) through
 * the ECB kernel, then CTR under one key and many keys against the CPU. *which names the check
 * that failed, for the error text. */
static karx_status selftest_cipher(karx_gpu *g, const karx_i_cipher *c, const char **which)
{
    enum { LEN = 1000 };
    uint8_t in[LEN], a[LEN], b[LEN], key[32], got[16];
    for (unsigned i = 0; i < LEN; i++)
        in[i] = (uint8_t)(i * 7 + 1);
    for (unsigned i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(i * 13 + 5);
    karx_cipher_key k;
    *which = "ECB known-answer";
    karx_status st = karx_cipher_set_key(&k, c->id, c->kat_key, c->key_bytes);
    if (st == KARX_OK && (st = karx_gpu_ecb_encrypt(g, &k, got, c->kat_pt, c->block_bytes)) == KARX_OK &&
        memcmp(got, c->kat_ct, c->block_bytes) != 0)
        st = KARX_ERR_SELFTEST;
    if (st == KARX_OK)
        st = karx_cipher_set_key(&k, c->id, key, c->key_bytes);
    if (st == KARX_OK)
        st = selftest_ctr(g, c, &k, key, in, LEN, a, b, which);
    karx_cipher_key_wipe(&k);
    return st;
}

/* Every registered cipher that has a kernel (karx_gpu_shape_of: buffers above fit its sizes). */
karx_status karx_i_gpu_cipher_selftest(karx_gpu *g)
{
    for (size_t i = 0; i < karx_i_cipher_count; i++) {
        const karx_i_cipher *c = karx_i_ciphers[i];
        const char *which = "";
        karx_status st = karx_gpu_shape_of(c) ? selftest_cipher(g, c, &which) : KARX_OK;
        if (st == KARX_ERR_SELFTEST) {
            char what[96];
            snprintf(what, sizeof what, "%s %s", c->name, which);
            return karx_i_gpu_mismatch(g, what);
        }
        if (st != KARX_OK)
            return st;
    }
    return KARX_OK;
}
