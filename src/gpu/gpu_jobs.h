/* Internal: the host side of the GPU record jobs (gpu_jobs.c, plain C, every build): the jobs
 * are checked as the CPU job calls check them, the valid ones are planned (grouped by kernel
 * shape) and packed into one input buffer (jobs_gpu_core.h gives its layout), the device runs
 * the batch (karx_i_gpu_jobs_device: gpu_jobs.cu, or the stub), and the output is unpacked into
 * the jobs. The CPU tests run the plan, the packing and the unpacking with every thread
 * emulated on the CPU in between. */
#ifndef KARX_GPU_JOBS_H
#define KARX_GPU_JOBS_H

#include <stddef.h>
#include <stdint.h>

#include "karx/gcm.h"
#include "karx/gpu.h"

#define KARX_I_GPU_JOBS_GROUPS 8 /* kernel shapes: one group each */

typedef struct karx_i_gpu_jobs_plan {
    int gcm, enc;           /* GCM seal (enc 1) or open (enc 0); CTR (gcm 0) */
    size_t n;               /* records packed (the jobs that passed their checks) */
    size_t *job;            /* record r is job job[r]; records grouped by shape */
    size_t ngroups;
    int shape[KARX_I_GPU_JOBS_GROUPS];
    size_t first[KARX_I_GPU_JOBS_GROUPS + 1]; /* group g: records first[g] .. first[g+1] */
    size_t desc_bytes;      /* the descriptors, rounded up to 16 */
    size_t data_bytes;      /* the data region (the output has this size) */
} karx_i_gpu_jobs_plan;

/* Checks every job (its status set: KARX_OK or the one-record call's error; a cipher without a
 * GPU kernel, ARIA, is KARX_ERR_UNSUPPORTED) and plans the valid ones. KARX_ERR_NO_MEMORY when
 * the plan cannot be allocated (no job status then), KARX_ERR_DATA_LENGTH when the batch's size
 * overflows. Free with karx_i_gpu_jobs_plan_free. */
karx_status karx_i_gpu_gcm_plan(karx_i_gpu_jobs_plan *p, karx_gcm_job *jobs, size_t n, int enc);
karx_status karx_i_gpu_ctr_plan(karx_i_gpu_jobs_plan *p, karx_ctr_job *jobs, size_t n);
void karx_i_gpu_jobs_plan_free(karx_i_gpu_jobs_plan *p);

/* Writes the descriptors and the data region (desc_bytes + data_bytes) into dst. */
void karx_i_gpu_gcm_pack(const karx_i_gpu_jobs_plan *p, const karx_gcm_job *jobs, uint8_t *dst);
void karx_i_gpu_ctr_pack(const karx_i_gpu_jobs_plan *p, const karx_ctr_job *jobs, uint8_t *dst);
/* From the output region: seal copies out and tag; open compares the tag (constant time), then
 * copies the plaintext or zero-fills out with KARX_ERR_AUTHENTICATION; CTR copies out and
 * advances each counter. */
void karx_i_gpu_gcm_unpack(const karx_i_gpu_jobs_plan *p, karx_gcm_job *jobs, const uint8_t *res);
void karx_i_gpu_ctr_unpack(const karx_i_gpu_jobs_plan *p, karx_ctr_job *jobs, const uint8_t *res);

/* Runs a planned batch on the device: pack(p, jobs, h_in) into the staging buffer, one kernel
 * launch per shape group, the output region into out (data_bytes). The descriptors (keys) are
 * wiped from the staging and device buffers when the call ends. Stub: KARX_ERR_NO_DEVICE. */
typedef void (*karx_i_gpu_jobs_pack_fn)(const karx_i_gpu_jobs_plan *p, const void *jobs, uint8_t *dst);
karx_status karx_i_gpu_jobs_device(karx_gpu *g, const karx_i_gpu_jobs_plan *p,
                                   karx_i_gpu_jobs_pack_fn pack, const void *jobs, uint8_t *out);

#endif
