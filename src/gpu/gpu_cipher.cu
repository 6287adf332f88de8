/* LEA, HIGHT and CHAM on the GPU: CTR and ECB under one key (thread per block, the counter from
 * the block index, round keys as a kernel parameter, i.e. in constant memory), CTR under many
 * keys (thread per record, each key scheduled on the device), and CTR_DRBG output (the state
 * chain on the CPU, every call's keystream at once; see gpu_drbg_plan.h). The per-thread code is
 * src/gpu/cipher_gpu_core.h, which the CPU tests run as well. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cipher_gpu_core.h"
#include "gpu_drbg_plan.h"
#include "gpu_internal.h"

/* ---- kernels (the cipher is a template constant: rounds unroll, branches fold) -------------- */

template <int ALG>
__global__ void ctr_kernel(karx_cipher_key key, karx_gpu_ctr base, uint8_t *out, const uint8_t *in,
                           uint64_t len, uint64_t nblocks)
{
    const uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nblocks; i += step)
        karx_gpu_ctr_block(ALG, &key, base, i, out, in, len);
}

template <int ALG, int DECRYPT>
__global__ void ecb_kernel(karx_cipher_key key, uint8_t *out, const uint8_t *in, uint64_t nblocks)
{
    const uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nblocks; i += step)
        karx_gpu_ecb_block(ALG, &key, DECRYPT, i, out, in);
}

template <int ALG>
__global__ void ctr_many_kernel(const uint8_t *keys, unsigned key_len, uint8_t *ctrs, uint8_t *out,
                                const uint8_t *in, const uint64_t *offs, uint64_t rec_len,
                                uint64_t n, int advance)
{
    const uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    const unsigned bl = karx_gpu_block_bytes(ALG);
    for (uint64_t r = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; r < n; r += step) {
        uint64_t start = offs ? offs[r] : r * rec_len, len = offs ? offs[r + 1] - offs[r] : rec_len;
        karx_gpu_ctr_record(ALG, keys, key_len, ctrs, out, in, start, len, r);
        if (advance)
            karx_gpu_ctr_advance(ctrs + r * bl, len, bl);
    }
}

template <int ALG>
__global__ void ctr_keyed_kernel(const karx_cipher_key *keys, const uint8_t *ctrs, uint8_t *out,
                                 uint64_t stride, uint64_t total, uint64_t nblocks)
{
    const uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nblocks; i += step)
        karx_gpu_ctr_keyed_block(ALG, keys, ctrs, out, stride, total, i);
}

/* One switch from the run-time cipher id to the kernel instantiation. */
#define KARX_FOR_ALG(alg, CALL)                   \
    switch (alg) {                                \
    case KARX_CIPHER_LEA128: CALL(1); break;      \
    case KARX_CIPHER_LEA192: CALL(2); break;      \
    case KARX_CIPHER_LEA256: CALL(3); break;      \
    case KARX_CIPHER_HIGHT: CALL(4); break;       \
    case KARX_CIPHER_CHAM64_128: CALL(5); break;  \
    case KARX_CIPHER_CHAM128_128: CALL(6); break; \
    case KARX_CIPHER_CHAM128_256: CALL(7); break; \
    default: return KARX_ERR_UNKNOWN_ALGORITHM;   \
    }

static unsigned grid_for(const karx_gpu *g, uint64_t work, unsigned tpb)
{
    uint64_t blocks = (work + tpb - 1) / tpb, cap = (uint64_t)g->info.sm_count * 32;
    if (cap == 0)
        cap = 1024;
    return (unsigned)(blocks < cap ? blocks : cap);
}

static karx_status launch_ctr(karx_gpu *g, cudaStream_t st, const karx_cipher_key *key,
                              karx_gpu_ctr base, uint8_t *d_out, const uint8_t *d_in, uint64_t len)
{
    unsigned bl = karx_gpu_block_bytes((int)key->alg), tpb = g->cfg.threads_per_block;
    uint64_t nb = karx_gpu_blocks(len, bl);
    if (!nb)
        return KARX_OK;
    unsigned grid = grid_for(g, nb, tpb);
#define CTR_LAUNCH(A) ctr_kernel<A><<<grid, tpb, 0, st>>>(*key, base, d_out, d_in, len, nb)
    KARX_FOR_ALG(key->alg, CTR_LAUNCH)
#undef CTR_LAUNCH
    KARX_GPU_TRY(g, cudaGetLastError(), "CTR kernel launch");
    return KARX_OK;
}

static karx_status launch_ecb(karx_gpu *g, cudaStream_t st, const karx_cipher_key *key, int decrypt,
                              uint8_t *d_out, const uint8_t *d_in, uint64_t nb)
{
    if (!nb)
        return KARX_OK;
    unsigned tpb = g->cfg.threads_per_block, grid = grid_for(g, nb, tpb);
#define ECB_LAUNCH(A)                                                             \
    (decrypt ? ecb_kernel<A, 1><<<grid, tpb, 0, st>>>(*key, d_out, d_in, nb)     \
             : ecb_kernel<A, 0><<<grid, tpb, 0, st>>>(*key, d_out, d_in, nb))
    KARX_FOR_ALG(key->alg, ECB_LAUNCH)
#undef ECB_LAUNCH
    KARX_GPU_TRY(g, cudaGetLastError(), "ECB kernel launch");
    return KARX_OK;
}

static karx_status launch_many(karx_gpu *g, cudaStream_t st, int alg, const uint8_t *d_keys,
                               unsigned key_len, uint8_t *d_ctrs, uint8_t *d_out,
                               const uint8_t *d_in, const uint64_t *d_offs, uint64_t rec_len,
                               uint64_t n, int advance)
{
    if (!n)
        return KARX_OK;
    unsigned tpb = g->cfg.threads_per_block < 128 ? g->cfg.threads_per_block : 128;
    unsigned grid = grid_for(g, n, tpb);
#define MANY_LAUNCH(A) \
    ctr_many_kernel<A><<<grid, tpb, 0, st>>>(d_keys, key_len, d_ctrs, d_out, d_in, d_offs, rec_len, n, advance)
    KARX_FOR_ALG(alg, MANY_LAUNCH)
#undef MANY_LAUNCH
    KARX_GPU_TRY(g, cudaGetLastError(), "many-key CTR kernel launch");
    return KARX_OK;
}

static karx_status launch_keyed(karx_gpu *g, cudaStream_t st, int alg, const karx_cipher_key *d_keys,
                                const uint8_t *d_ctrs, uint8_t *d_out, uint64_t stride, uint64_t total)
{
    unsigned bl = karx_gpu_block_bytes(alg), tpb = g->cfg.threads_per_block;
    uint64_t nrec = (total + stride - 1) / stride, nb = nrec * ((stride + bl - 1) / bl);
    if (!nb)
        return KARX_OK;
    unsigned grid = grid_for(g, nb, tpb);
#define KEYED_LAUNCH(A) \
    ctr_keyed_kernel<A><<<grid, tpb, 0, st>>>(d_keys, d_ctrs, d_out, stride, total, nb)
    KARX_FOR_ALG(alg, KEYED_LAUNCH)
#undef KEYED_LAUNCH
    KARX_GPU_TRY(g, cudaGetLastError(), "DRBG kernel launch");
    return KARX_OK;
}

/* ---- argument checks shared by the host and device forms ----------------------------------- */

static karx_status check_key(const karx_cipher_key *key)
{
    if (!key)
        return KARX_ERR_ARGUMENT;
    if (key->alg < KARX_CIPHER_FIRST || key->alg > KARX_CIPHER_LAST)
        return KARX_ERR_STATE; /* no key set */
    return KARX_OK;
}

/* Validates a CTR call and reads its counter. */
static karx_status ctr_args(karx_gpu *g, const karx_cipher_key *key, const uint8_t *ctr,
                            const void *out, size_t len, karx_gpu_ctr *c)
{
    if (!g)
        return KARX_ERR_NO_DEVICE;
    karx_status st = check_key(key);
    if (st != KARX_OK)
        return st;
    if (!ctr || (len && !out))
        return KARX_ERR_ARGUMENT;
    unsigned bl = karx_gpu_block_bytes((int)key->alg);
    *c = karx_gpu_ctr_load(ctr, bl);
    uint64_t nb = karx_gpu_blocks(len, bl);
    if (nb > karx_gpu_ctr_capacity(*c, bl))
        return KARX_ERR_COUNTER_OVERFLOW;
    return KARX_OK;
}

/* Validates an ECB call (whole blocks) and selects the device. */
static karx_status ecb_args(karx_gpu *g, const karx_cipher_key *key, const void *out,
                            const void *in, size_t len)
{
    if (!g)
        return KARX_ERR_NO_DEVICE;
    karx_status st = check_key(key);
    if (st != KARX_OK)
        return st;
    if (len % karx_gpu_block_bytes((int)key->alg))
        return KARX_ERR_DATA_LENGTH;
    if (len && (!out || !in))
        return KARX_ERR_ARGUMENT;
    if (len)
        KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    return KARX_OK;
}

/* ---- single key, host memory ------------------------------------------------------------------ */

struct ctr_chunk {
    const karx_cipher_key *key;
    karx_gpu_ctr base;
    uint64_t len;
    int has_in;
};

static karx_status ctr_chunk_launch(karx_gpu *g, struct karx_gpu_slot *sl, const void *ctx)
{
    const struct ctr_chunk *k = (const struct ctr_chunk *)ctx;
    return launch_ctr(g, sl->stream, k->key, k->base, sl->d_out, k->has_in ? sl->d_in : NULL, k->len);
}

/* Chunk size: whole blocks, at least one. */
static size_t chunk_of(const karx_gpu *g, unsigned bl)
{
    size_t c = g->cfg.chunk_bytes - g->cfg.chunk_bytes % bl;
    return c ? c : bl;
}

extern "C" karx_status karx_gpu_ctr_xor(karx_gpu *g, const karx_cipher_key *key, uint8_t *ctr,
                                        uint8_t *out, const uint8_t *in, size_t len)
{
    karx_gpu_ctr c0;
    karx_status st = ctr_args(g, key, ctr, out, len, &c0);
    if (st != KARX_OK || !len)
        return st;
    KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    unsigned bl = karx_gpu_block_bytes((int)key->alg);
    size_t chunk = chunk_of(g, bl);
    int in_pinned = in ? karx_i_gpu_is_pinned(in) : 0, out_pinned = karx_i_gpu_is_pinned(out);
    for (size_t off = 0, k = 0; off < len && st == KARX_OK; off += chunk, k++) {
        size_t n = len - off < chunk ? len - off : chunk;
        struct ctr_chunk cc = {key, karx_gpu_ctr_add(c0, off / bl, bl), n, in != NULL};
        struct karx_i_gpu_io io = {in ? in + off : NULL, NULL, n, 0, in_pinned, out + off, n, out_pinned, 0};
        st = karx_i_gpu_chunk(g, (unsigned)(k % g->cfg.streams), &io, ctr_chunk_launch, &cc);
    }
    st = karx_i_gpu_finish(g, st, out, len);
    if (st == KARX_OK)
        karx_gpu_ctr_advance(ctr, len, bl);
    return st;
}

struct ecb_chunk {
    const karx_cipher_key *key;
    int decrypt;
    uint64_t nb;
};

static karx_status ecb_chunk_launch(karx_gpu *g, struct karx_gpu_slot *sl, const void *ctx)
{
    const struct ecb_chunk *k = (const struct ecb_chunk *)ctx;
    return launch_ecb(g, sl->stream, k->key, k->decrypt, sl->d_out, sl->d_in, k->nb);
}

static karx_status ecb_host(karx_gpu *g, const karx_cipher_key *key, int decrypt, uint8_t *out,
                            const uint8_t *in, size_t len)
{
    karx_status st = ecb_args(g, key, out, in, len);
    if (st != KARX_OK || !len)
        return st;
    unsigned bl = karx_gpu_block_bytes((int)key->alg);
    size_t chunk = chunk_of(g, bl);
    int in_pinned = karx_i_gpu_is_pinned(in), out_pinned = karx_i_gpu_is_pinned(out);
    for (size_t off = 0, k = 0; off < len && st == KARX_OK; off += chunk, k++) {
        size_t n = len - off < chunk ? len - off : chunk;
        struct ecb_chunk ec = {key, decrypt, n / bl};
        struct karx_i_gpu_io io = {in + off, NULL, n, 0, in_pinned, out + off, n, out_pinned, 0};
        st = karx_i_gpu_chunk(g, (unsigned)(k % g->cfg.streams), &io, ecb_chunk_launch, &ec);
    }
    return karx_i_gpu_finish(g, st, out, len);
}

extern "C" karx_status karx_gpu_ecb_encrypt(karx_gpu *g, const karx_cipher_key *key, uint8_t *out,
                                            const uint8_t *in, size_t len)
{
    return ecb_host(g, key, 0, out, in, len);
}

extern "C" karx_status karx_gpu_ecb_decrypt(karx_gpu *g, const karx_cipher_key *key, uint8_t *out,
                                            const uint8_t *in, size_t len)
{
    return ecb_host(g, key, 1, out, in, len);
}

/* ---- single key, device memory ---------------------------------------------------------------- */

extern "C" karx_status karx_gpu_ctr_xor_device(karx_gpu *g, const karx_cipher_key *key, uint8_t *ctr,
                                               void *d_out, const void *d_in, size_t len)
{
    karx_gpu_ctr c0;
    karx_status st = ctr_args(g, key, ctr, d_out, len, &c0);
    if (st != KARX_OK || !len)
        return st;
    KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    cudaStream_t s = g->slot[0].stream;
    st = launch_ctr(g, s, key, c0, (uint8_t *)d_out, (const uint8_t *)d_in, len);
    if (st != KARX_OK)
        return st;
    KARX_GPU_TRY(g, cudaStreamSynchronize(s), "CTR kernel");
    unsigned bl = karx_gpu_block_bytes((int)key->alg);
    karx_gpu_ctr_advance(ctr, len, bl);
    return KARX_OK;
}

static karx_status ecb_device(karx_gpu *g, const karx_cipher_key *key, int decrypt, void *d_out,
                              const void *d_in, size_t len)
{
    karx_status st = ecb_args(g, key, d_out, d_in, len);
    if (st != KARX_OK || !len)
        return st;
    cudaStream_t s = g->slot[0].stream;
    st = launch_ecb(g, s, key, decrypt, (uint8_t *)d_out, (const uint8_t *)d_in,
                    len / karx_gpu_block_bytes((int)key->alg));
    if (st != KARX_OK)
        return st;
    KARX_GPU_TRY(g, cudaStreamSynchronize(s), "ECB kernel");
    return KARX_OK;
}

extern "C" karx_status karx_gpu_ecb_encrypt_device(karx_gpu *g, const karx_cipher_key *key,
                                                   void *d_out, const void *d_in, size_t len)
{
    return ecb_device(g, key, 0, d_out, d_in, len);
}

extern "C" karx_status karx_gpu_ecb_decrypt_device(karx_gpu *g, const karx_cipher_key *key,
                                                   void *d_out, const void *d_in, size_t len)
{
    return ecb_device(g, key, 1, d_out, d_in, len);
}

/* ---- many keys -------------------------------------------------------------------------------- */

static size_t align16(size_t x)
{
    return (x + 15) & ~(size_t)15;
}

/* Records [c, c+cnt) of a many-key call, staged as keys | counters | data in the slot's input
 * (the keys first: that prefix is wiped when the call ends). */
struct many_chunk {
    int alg;
    unsigned key_len, bl;
    size_t c, cnt, lo, hi, ctr_off, data_off;
    const uint8_t *keys, *ctrs, *in;
    const size_t *offsets;
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
    if (k->offsets) {
        karx_status st = karx_i_gpu_put_offsets(g, sl, k->offsets + k->c, k->cnt, k->lo);
        if (st != KARX_OK)
            return st;
    }
    return launch_many(g, sl->stream, k->alg, sl->d_in, k->key_len, sl->d_in + k->ctr_off, sl->d_out,
                       k->in ? sl->d_in + k->data_off : NULL, k->offsets ? sl->d_off : NULL,
                       k->rec_len, k->cnt, 0);
}

static karx_status many_host(karx_gpu *g, karx_cipher_alg alg, const uint8_t *keys, size_t key_len,
                             uint8_t *ctrs, uint8_t *out, const uint8_t *in, size_t rec_len,
                             const size_t *offsets, size_t n)
{
    if (!g)
        return KARX_ERR_NO_DEVICE;
    size_t kl = karx_cipher_key_bytes(alg);
    if (!kl)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if (key_len != kl)
        return KARX_ERR_KEY_LENGTH;
    if (!n)
        return KARX_OK;
    const unsigned bl = karx_gpu_block_bytes((int)alg);
    if (!keys || !ctrs || !out || (offsets == NULL && rec_len && n > SIZE_MAX / rec_len))
        return KARX_ERR_ARGUMENT;
    /* Every record's counter must last: checked before anything is written. */
    for (size_t i = 0; i < n; i++) {
        size_t len = offsets ? offsets[i + 1] - offsets[i] : rec_len;
        if (offsets && offsets[i + 1] < offsets[i])
            return KARX_ERR_ARGUMENT;
        if (karx_gpu_blocks(len, bl) > karx_gpu_ctr_capacity(karx_gpu_ctr_load(ctrs + i * bl, bl), bl))
            return KARX_ERR_COUNTER_OVERFLOW;
    }
    KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    int out_pinned = karx_i_gpu_is_pinned(out);
    karx_status st = KARX_OK;
    const size_t max_recs = (size_t)1 << 18;
    size_t c = 0, k = 0, total = offsets ? offsets[n] - offsets[0] : n * rec_len;
    while (c < n && st == KARX_OK) {
        size_t e = c + 1;
        if (offsets) {
            while (e < n && e - c < max_recs && offsets[e + 1] - offsets[c] <= g->cfg.chunk_bytes)
                e++;
        } else {
            size_t per = rec_len ? g->cfg.chunk_bytes / rec_len : max_recs;
            per = per < 1 ? 1 : per > max_recs ? max_recs : per;
            e = c + per < n ? c + per : n;
        }
        size_t cnt = e - c, lo = offsets ? offsets[c] : c * rec_len, hi = offsets ? offsets[e] : e * rec_len;
        struct many_chunk mc = {(int)alg, (unsigned)key_len, bl, c, cnt, lo, hi, align16(cnt * key_len), 0,
                                keys, ctrs, in, offsets, rec_len};
        mc.data_off = align16(mc.ctr_off + cnt * bl);
        struct karx_i_gpu_io io = {NULL, many_chunk_fill, mc.data_off + (in ? hi - lo : 0), mc.ctr_off,
                                   1, out + lo, hi - lo, out_pinned, offsets ? cnt + 1 : 0};
        st = karx_i_gpu_chunk(g, (unsigned)(k++ % g->cfg.streams), &io, many_chunk_launch, &mc);
        c = e;
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
    if (!g)
        return KARX_ERR_NO_DEVICE;
    size_t kl = karx_cipher_key_bytes(alg);
    if (!kl)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if (key_len != kl)
        return KARX_ERR_KEY_LENGTH;
    if (!n)
        return KARX_OK;
    if (!d_keys || !d_ctrs || (rec_len && !d_out) || (rec_len && n > SIZE_MAX / rec_len))
        return KARX_ERR_ARGUMENT;
    KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    cudaStream_t s = g->slot[0].stream;
    karx_status st = launch_many(g, s, (int)alg, (const uint8_t *)d_keys, (unsigned)key_len,
                                 (uint8_t *)d_ctrs, (uint8_t *)d_out, (const uint8_t *)d_in, NULL,
                                 rec_len, n, 1);
    if (st != KARX_OK)
        return st;
    KARX_GPU_TRY(g, cudaStreamSynchronize(s), "many-key CTR kernel");
    return KARX_OK;
}

/* ---- CTR_DRBG ----------------------------------------------------------------------------------- */

/* Records (generate calls) [c, c+cnt), their keys and counters staged in the slot's input. */
/* Run the planned records in chunks: plan(ctx, first, count, keys, ctrs) writes a chunk's keys
 * and counters straight into the staging buffer. */
typedef void (*plan_fn)(void *ctx, size_t first, size_t count, karx_cipher_key *keys, uint8_t *ctrs);

/* Records (generate calls) [c, c+cnt): their keys | counters in the slot's input. */
struct keyed_chunk {
    int alg;
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
    return launch_keyed(g, sl->stream, k->alg, (const karx_cipher_key *)(void *)sl->d_in,
                        sl->d_in + k->ctr_off, sl->d_out, k->stride, k->total);
}

static karx_status keyed_run(karx_gpu *g, int alg, size_t nrec, uint64_t stride, uint8_t *out,
                             size_t total, plan_fn plan, void *ctx)
{
    const unsigned bl = karx_gpu_block_bytes(alg);
    size_t per = g->cfg.chunk_bytes / stride;
    per = per < 1 ? 1 : per;
    int out_pinned = karx_i_gpu_is_pinned(out);
    karx_status st = KARX_OK;
    for (size_t c = 0, k = 0; c < nrec && st == KARX_OK; c += per, k++) {
        size_t cnt = nrec - c < per ? nrec - c : per;
        size_t lo = c * stride, hi = (c + cnt) * stride < total ? (c + cnt) * stride : total;
        struct keyed_chunk kc = {alg, c, cnt, align16(cnt * sizeof(karx_cipher_key)), stride, hi - lo,
                                 plan, ctx};
        size_t in_bytes = kc.ctr_off + cnt * bl; /* all of it is key material */
        struct karx_i_gpu_io io = {NULL, keyed_chunk_fill, in_bytes, in_bytes, 1, out + lo, hi - lo,
                                   out_pinned, 0};
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
    karx_i_gpu_drbg_plan(o->d, n, o->add, o->add_len, keys, ctrs);
}

extern "C" karx_status karx_gpu_ctr_drbg_generate(karx_gpu *g, karx_ctr_drbg *drbg, uint8_t *out,
                                                  size_t len, const uint8_t *add, size_t add_len)
{
    if (!g)
        return KARX_ERR_NO_DEVICE;
    if (!drbg || (len && !out))
        return KARX_ERR_ARGUMENT;
    karx_status st = karx_i_gpu_drbg_check(drbg, len, add, add_len);
    if (st != KARX_OK || !len)
        return st;
    KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    struct one_drbg o = {drbg, len, add, add_len};
    return keyed_run(g, (int)drbg->alg, karx_i_gpu_drbg_calls(len), KARX_CTR_DRBG_MAX_REQUEST_BYTES,
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
        karx_i_gpu_drbg_plan(m->d[j], m->len, m->adds ? m->adds[j] : NULL,
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
        karx_status st = karx_i_gpu_drbg_check(drbgs[i], len, adds ? adds[i] : NULL,
                                               adds && add_lens ? add_lens[i] : 0);
        if (st != KARX_OK)
            return st;
    }
    KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    struct many_drbg m = {drbgs, len, adds, add_lens};
    return keyed_run(g, (int)drbgs[0]->alg, n, len, out, n * len, plan_many, &m);
}

/* ---- self-test at open -------------------------------------------------------------------------- */

/* A KCMVP LEA-128 ECB vector (tests/kat/kcmvp_lea128_ecb_kat.txt, first case) through the ECB
 * kernel, then every cipher's CTR kernel and many-key kernel against the CPU on 1000 bytes with a
 * counter that carries out of its low 64 bits. */
karx_status karx_i_gpu_cipher_selftest(karx_gpu *g)
{
    static const uint8_t pt[16] = {0x80}, ct[16] = {0xCE, 0x8D, 0xCF, 0x04, 0xDD, 0x60, 0x98, 0x2B,
                                                   0x1D, 0x8F, 0x50, 0x35, 0xFD, 0x53, 0x4D, 0xE2};
    uint8_t zero[32] = {0}, got[16];
    karx_cipher_key k;
    karx_cipher_set_key(&k, KARX_CIPHER_LEA128, zero, 16);
    karx_status st = karx_gpu_ecb_encrypt(g, &k, got, pt, 16);
    if (st != KARX_OK)
        return st;
    if (memcmp(got, ct, 16) != 0)
        goto mismatch;
    {
        enum { LEN = 1000 };
        uint8_t in[LEN], a[LEN], b[LEN], key[32], ctr[16], ctr2[16];
        for (unsigned i = 0; i < LEN; i++)
            in[i] = (uint8_t)(i * 7 + 1);
        for (unsigned i = 0; i < 32; i++)
            key[i] = (uint8_t)(i * 13 + 5);
        for (int alg = KARX_CIPHER_FIRST; alg <= KARX_CIPHER_LAST; alg++) {
            size_t kl = karx_cipher_key_bytes((karx_cipher_alg)alg), bl = karx_cipher_block_bytes((karx_cipher_alg)alg);
            memset(ctr, 0xff, sizeof ctr);
            ctr[0] = 0x12; /* far from all-ones, low half about to carry */
            ctr[bl - 1] = 0xf0;
            karx_cipher_set_key(&k, (karx_cipher_alg)alg, key, kl);
            memcpy(ctr2, ctr, bl);
            karx_ctr_xor(&k, ctr2, a, in, LEN);
            memcpy(ctr2, ctr, bl);
            if ((st = karx_gpu_ctr_xor(g, &k, ctr2, b, in, LEN)) != KARX_OK)
                break;
            if (memcmp(a, b, LEN) != 0)
                goto mismatch;
            memcpy(ctr2, ctr, bl);
            if ((st = karx_gpu_ctr_xor_many(g, (karx_cipher_alg)alg, key, kl, ctr2, b, in, LEN, 1)) != KARX_OK)
                break;
            if (memcmp(a, b, LEN) != 0)
                goto mismatch;
        }
    }
    karx_cipher_key_wipe(&k);
    return st;
mismatch:
    karx_cipher_key_wipe(&k);
    snprintf(g->err, sizeof g->err, "GPU self-test failed: cipher kernel output differs from the CPU's");
    return KARX_ERR_DEVICE;
}
