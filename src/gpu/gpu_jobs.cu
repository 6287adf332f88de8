/* The GPU record-job kernels (karx_gpu_gcm_seal_jobs / open_jobs, karx_gpu_ctr_jobs; the host
 * side is gpu_jobs.c): one packed batch in one transfer, one thread per record running its own
 * key (jobs_gpu_core.h: LEA's and HIGHT's round keys made on the fly, CHAM's scheduled into
 * registers, as the many-key CTR kernel does), one launch per kernel shape in the batch. */
#include <string.h>

#include "gpu_internal.h"
#include "jobs_gpu_core.h"
extern "C" {
#include "gpu_jobs.h"
}

template <int SHAPE, int ENC>
__global__ void gcm_jobs_kernel(const karx_gpu_gcm_rec *recs, const uint8_t *data, uint8_t *out,
                                uint64_t n)
{
    const uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t r = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; r < n; r += step)
        karx_gpu_gcm_record(SHAPE, &recs[r], data, out, ENC);
}

template <int SHAPE>
__global__ void ctr_jobs_kernel(const karx_gpu_ctr_rec *recs, const uint8_t *data, uint8_t *out,
                                uint64_t n)
{
    const uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t r = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; r < n; r += step)
        karx_gpu_ctr_job_record(SHAPE, &recs[r], data, out);
}

/* GCM launches for the 128-bit block shapes only (karx_gcm_set_key refuses 64-bit blocks): the
 * 64-bit ones instantiate no GCM kernel. */
template <int SHAPE, bool GCM = KARX_GPU_SHAPE_BLOCK_BYTES(SHAPE) == 16> struct gcm_launch {
    static bool go(unsigned grid, unsigned tpb, cudaStream_t st, int enc, const karx_gpu_gcm_rec *recs,
                   const uint8_t *data, uint8_t *out, uint64_t n)
    {
        if (enc)
            gcm_jobs_kernel<SHAPE, 1><<<grid, karx_i_gpu_fit_threads(gcm_jobs_kernel<SHAPE, 1>, tpb), 0, st>>>(
                recs, data, out, n);
        else
            gcm_jobs_kernel<SHAPE, 0><<<grid, karx_i_gpu_fit_threads(gcm_jobs_kernel<SHAPE, 0>, tpb), 0, st>>>(
                recs, data, out, n);
        return true;
    }
};
template <int SHAPE> struct gcm_launch<SHAPE, false> {
    static bool go(unsigned, unsigned, cudaStream_t, int, const karx_gpu_gcm_rec *, const uint8_t *,
                   uint8_t *, uint64_t)
    {
        return false;
    }
};

static unsigned jobs_grid(const karx_gpu *g, uint64_t n, unsigned tpb)
{
    uint64_t blocks = (n + tpb - 1) / tpb, cap = (uint64_t)g->info.sm_count * 32;
    if (cap == 0)
        cap = 1024;
    return (unsigned)(blocks < cap ? blocks : cap);
}

struct jobs_ctx {
    const karx_i_gpu_jobs_plan *p;
    karx_i_gpu_jobs_pack_fn pack;
    const void *jobs;
};

static void jobs_fill(uint8_t *h_in, const void *ctx)
{
    const struct jobs_ctx *c = (const struct jobs_ctx *)ctx;
    c->pack(c->p, c->jobs, h_in);
}

static karx_status jobs_launch(karx_gpu *g, struct karx_gpu_slot *sl, const void *ctx)
{
    const karx_i_gpu_jobs_plan *p = ((const struct jobs_ctx *)ctx)->p;
    /* Threads per block: at most 128, as the many-key CTR kernel (a record a thread). */
    unsigned tpb = g->cfg.threads_per_block < 128 ? g->cfg.threads_per_block : 128;
    const uint8_t *data = sl->d_in + p->desc_bytes;
    for (size_t k = 0; k < p->ngroups; k++) {
        uint64_t first = p->first[k], cnt = p->first[k + 1] - p->first[k];
        if (!cnt)
            continue;
        unsigned grid = jobs_grid(g, cnt, tpb);
        int known = 0;
        if (p->gcm) {
            const karx_gpu_gcm_rec *recs = (const karx_gpu_gcm_rec *)(const void *)sl->d_in + first;
#define KARX_JOBS_CASE(f, r, kb)                                                       \
    if (p->shape[k] == KARX_GPU_SHAPE(f, r, kb))                                       \
        known = gcm_launch<KARX_GPU_SHAPE(f, r, kb)>::go(grid, tpb, sl->stream, p->enc, recs, data, \
                                                         sl->d_out, cnt);
            KARX_GPU_CIPHER_SHAPES(KARX_JOBS_CASE)
#undef KARX_JOBS_CASE
        } else {
            const karx_gpu_ctr_rec *recs = (const karx_gpu_ctr_rec *)(const void *)sl->d_in + first;
#define KARX_JOBS_CASE(f, r, kb)                                                                        \
    if (p->shape[k] == KARX_GPU_SHAPE(f, r, kb)) {                                                      \
        known = 1;                                                                                      \
        ctr_jobs_kernel<KARX_GPU_SHAPE(f, r, kb)>                                                       \
            <<<grid, karx_i_gpu_fit_threads(ctr_jobs_kernel<KARX_GPU_SHAPE(f, r, kb)>, tpb), 0,         \
               sl->stream>>>(recs, data, sl->d_out, cnt);                                               \
    }
            KARX_GPU_CIPHER_SHAPES(KARX_JOBS_CASE)
#undef KARX_JOBS_CASE
        }
        if (!known)
            return KARX_ERR_UNSUPPORTED;
        KARX_GPU_TRY(g, cudaGetLastError(), p->gcm ? "GCM jobs kernel launch" : "CTR jobs kernel launch");
    }
    return KARX_OK;
}

extern "C" karx_status karx_i_gpu_jobs_device(karx_gpu *g, const karx_i_gpu_jobs_plan *p,
                                              karx_i_gpu_jobs_pack_fn pack, const void *jobs,
                                              uint8_t *out)
{
    if (!g)
        return KARX_ERR_NO_DEVICE;
    KARX_GPU_TRY(g, cudaSetDevice(g->device), "cudaSetDevice");
    struct jobs_ctx c = {p, pack, jobs};
    /* One chunk on the first slot: the descriptors (keys: wiped when the call ends) and data in,
     * the data region out. */
    struct karx_i_gpu_io io = {NULL, jobs_fill, p->desc_bytes + p->data_bytes, p->desc_bytes, 1,
                               out, p->data_bytes, 0, NULL, 0};
    karx_status st = karx_i_gpu_chunk(g, 0, &io, jobs_launch, &c);
    st = karx_i_gpu_finish(g, st, out, p->data_bytes);
    if (p->gcm && !p->enc) { /* open: plaintext not yet verified stays in no staging buffer */
        struct karx_gpu_slot *sl = &g->slot[0];
        if (sl->h_out)
            karx_memzero(sl->h_out, p->data_bytes < sl->out_cap ? p->data_bytes : sl->out_cap);
        if (sl->d_out)
            cudaMemsetAsync(sl->d_out, 0, p->data_bytes < sl->out_cap ? p->data_bytes : sl->out_cap, sl->stream);
    }
    return st;
}
