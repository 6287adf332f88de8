/* karx GPU back end (NVIDIA CUDA): batches of many messages hashed one message per GPU thread.
 *
 * GPU use is always explicit: nothing in the CPU API moves to the GPU behind the caller's back.
 * A handle owns one device, its CUDA streams, pinned host staging buffers and device buffers;
 * buffers are allocated on first use and grown on demand, never per call. A handle is not
 * thread-safe: use one per thread, or serialise calls on it.
 *
 * In a build without CUDA (KARX_CUDA=OFF, or no nvcc found), or on a machine without a usable
 * device or driver, every call here returns KARX_ERR_NO_DEVICE and the rest of karx works. */
#ifndef KARX_GPU_H
#define KARX_GPU_H

#include <stddef.h>
#include <stdint.h>

#include "cipher.h"
#include "common.h"
#include "drbg.h"
#include "gcm.h"
#include "lsh.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct karx_gpu karx_gpu;   /* opaque */

typedef struct karx_gpu_info {
    char name[128];                 /* as the driver (and nvidia-smi) names it */
    int device;                     /* CUDA device ordinal */
    int cc_major, cc_minor;         /* compute capability */
    int sm_count;
    int sm_clock_mhz;               /* maximum SM clock the driver reports */
    int mem_clock_mhz;
    int mem_bus_bits;
    size_t global_mem_bytes;
    int driver_version;             /* e.g. 13000 for CUDA 13.0 */
    int runtime_version;
} karx_gpu_info;

/* Launch shape; zero fields keep the handle's current value. The defaults are the tuned ones. */
typedef struct karx_gpu_config {
    unsigned threads_per_block;     /* multiple of 32, 32..1024; a kernel that cannot launch this
                                     * many (registers) launches with its own maximum */
    unsigned streams;               /* 1..KARX_GPU_MAX_STREAMS: chunks in flight at once */
    size_t chunk_bytes;             /* input bytes per pipeline chunk */
} karx_gpu_config;

#define KARX_GPU_MAX_STREAMS 8
/* Longest message a GPU batch call takes (each thread walks its message serially; beyond this
 * the CPU is faster for a single message anyway: see docs/BACKENDS.md). */
#define KARX_GPU_MAX_MSG_BYTES ((size_t)1 << 30)

/* 1 when this library was built with the CUDA back end, 0 otherwise. */
KARX_API int karx_gpu_built(void);
/* Number of usable CUDA devices in *count (0 without CUDA or driver: returns KARX_OK then too). */
KARX_API karx_status karx_gpu_device_count(int *count);

/* Opens device `device` (0 = first), creates streams and runs a known-answer self-test of every
 * kernel on the device; on any failure *g is NULL and nothing is leaked. */
KARX_API karx_status karx_gpu_open(karx_gpu **g, int device);
KARX_API void karx_gpu_close(karx_gpu *g);   /* NULL is fine */
KARX_API karx_status karx_gpu_get_info(const karx_gpu *g, karx_gpu_info *info);
KARX_API karx_status karx_gpu_configure(karx_gpu *g, const karx_gpu_config *cfg);
KARX_API karx_status karx_gpu_get_config(const karx_gpu *g, karx_gpu_config *cfg);
/* Text of the CUDA error behind the last KARX_ERR_DEVICE / KARX_ERR_NO_MEMORY on this handle
 * ("" if none). karx_gpu_open_error() gives the text for a failed open (thread-local). */
KARX_API const char *karx_gpu_last_error(const karx_gpu *g);
KARX_API const char *karx_gpu_open_error(void);

/* ---- Batch LSH from host memory (same shape as karx_lsh*_many) ----
 * Equal lengths: message i is in[i*msg_len .. +msg_len), digest i goes to out[i*digest_bytes ..).
 * n = 0 is allowed (nothing done); in may be NULL only when n or msg_len is 0. */
KARX_API karx_status karx_gpu_lsh256_many(karx_gpu *g, uint8_t *out, size_t digest_bytes,
                                          const void *in, size_t msg_len, size_t n);
KARX_API karx_status karx_gpu_lsh512_many(karx_gpu *g, uint8_t *out, size_t digest_bytes,
                                          const void *in, size_t msg_len, size_t n);
/* Variable lengths in one buffer: message i is buf[offsets[i] .. offsets[i+1]) (n+1 offsets,
 * non-decreasing). */
KARX_API karx_status karx_gpu_lsh256_many_offsets(karx_gpu *g, uint8_t *out, size_t digest_bytes,
                                                  const void *buf, const size_t *offsets, size_t n);
KARX_API karx_status karx_gpu_lsh512_many_offsets(karx_gpu *g, uint8_t *out, size_t digest_bytes,
                                                  const void *buf, const size_t *offsets, size_t n);
KARX_API karx_status karx_gpu_lsh_many(karx_gpu *g, karx_lsh_alg alg, uint8_t *out, size_t out_len,
                                       const void *in, size_t msg_len, size_t n);

/* ---- Batch LSH on device memory (data already on the GPU; d_* are device pointers) ----
 * Runs on the handle's first stream and returns when the digests are written. */
KARX_API karx_status karx_gpu_lsh256_many_device(karx_gpu *g, void *d_out, size_t digest_bytes,
                                                 const void *d_in, size_t msg_len, size_t n);
KARX_API karx_status karx_gpu_lsh512_many_device(karx_gpu *g, void *d_out, size_t digest_bytes,
                                                 const void *d_in, size_t msg_len, size_t n);
/* d_offsets: n+1 uint64 offsets in device memory. */
KARX_API karx_status karx_gpu_lsh256_many_offsets_device(karx_gpu *g, void *d_out,
                                                         size_t digest_bytes, const void *d_buf,
                                                         const uint64_t *d_offsets, size_t n);
KARX_API karx_status karx_gpu_lsh512_many_offsets_device(karx_gpu *g, void *d_out,
                                                         size_t digest_bytes, const void *d_buf,
                                                         const uint64_t *d_offsets, size_t n);

/* Device memory owned by the caller, for the *_device calls (freed with karx_gpu_free). */
KARX_API karx_status karx_gpu_malloc(karx_gpu *g, void **d_ptr, size_t bytes);
KARX_API void karx_gpu_free(karx_gpu *g, void *d_ptr);
KARX_API karx_status karx_gpu_memcpy_htod(karx_gpu *g, void *d_dst, const void *src, size_t bytes);
KARX_API karx_status karx_gpu_memcpy_dtoh(karx_gpu *g, void *dst, const void *d_src, size_t bytes);
/* Pinned (page-locked) host memory: host batches in it skip the staging copy. */
KARX_API karx_status karx_gpu_host_alloc(karx_gpu *g, void **h_ptr, size_t bytes);
KARX_API void karx_gpu_host_free(karx_gpu *g, void *h_ptr);
/* Waits for all work queued on the handle's streams (the *_device calls already do). */
KARX_API karx_status karx_gpu_synchronize(karx_gpu *g);


/* ---- Block ciphers on the GPU: CTR and ECB under one key ----
 * Bit for bit karx_ctr_xor / karx_ecb_*: the whole block is one big-endian counter, ctr advances
 * by the blocks used (a final partial block uses up its value), a call that would run the counter
 * past all-ones returns KARX_ERR_COUNTER_OVERFLOW and writes nothing; ECB takes whole blocks.
 * in == NULL (CTR only) writes the keystream itself: nothing is uploaded. Host memory is
 * pipelined in chunks over the handle's streams like the LSH batches. */
KARX_API karx_status karx_gpu_ctr_xor(karx_gpu *g, const karx_cipher_key *key, uint8_t *ctr,
                                      uint8_t *out, const uint8_t *in, size_t len);
KARX_API karx_status karx_gpu_ecb_encrypt(karx_gpu *g, const karx_cipher_key *key, uint8_t *out,
                                          const uint8_t *in, size_t len);
KARX_API karx_status karx_gpu_ecb_decrypt(karx_gpu *g, const karx_cipher_key *key, uint8_t *out,
                                          const uint8_t *in, size_t len);
/* Device pointers (d_in may be NULL for the keystream); run on the handle's first stream and
 * return when done. ctr is host memory. */
KARX_API karx_status karx_gpu_ctr_xor_device(karx_gpu *g, const karx_cipher_key *key, uint8_t *ctr,
                                             void *d_out, const void *d_in, size_t len);
KARX_API karx_status karx_gpu_ecb_encrypt_device(karx_gpu *g, const karx_cipher_key *key,
                                                 void *d_out, const void *d_in, size_t len);
KARX_API karx_status karx_gpu_ecb_decrypt_device(karx_gpu *g, const karx_cipher_key *key,
                                                 void *d_out, const void *d_in, size_t len);

/* ---- Many keys at once: CTR over n independent records ----
 * Record i has its own raw key keys[i*key_len .. +key_len) (scheduled on the device), its own
 * counter block ctrs[i*B .. +B) (B = block bytes; advanced past the blocks the record used, as n
 * separate karx_ctr_xor calls would), and its data: in[i*rec_len ..) (equal lengths) or
 * buf[offsets[i] .. offsets[i+1]) (n+1 offsets; out uses the same positions). in / buf == NULL
 * writes the keystreams. A wrong key_len is KARX_ERR_KEY_LENGTH; a record whose counter would
 * pass all-ones makes the call return KARX_ERR_COUNTER_OVERFLOW before anything is written.
 * Encryption and decryption are the same call. */
KARX_API karx_status karx_gpu_ctr_xor_many(karx_gpu *g, karx_cipher_alg alg, const uint8_t *keys,
                                           size_t key_len, uint8_t *ctrs, uint8_t *out,
                                           const uint8_t *in, size_t rec_len, size_t n);
KARX_API karx_status karx_gpu_ctr_xor_many_offsets(karx_gpu *g, karx_cipher_alg alg,
                                                   const uint8_t *keys, size_t key_len,
                                                   uint8_t *ctrs, uint8_t *out, const uint8_t *buf,
                                                   const size_t *offsets, size_t n);
/* Equal lengths on device memory: d_keys (n*key_len), d_ctrs (n*B, advanced on the device),
 * d_in (NULL: keystreams) and d_out hold records back to back. No counter check is made here:
 * the caller keeps each record within its counter space. */
KARX_API karx_status karx_gpu_ctr_xor_many_device(karx_gpu *g, karx_cipher_alg alg,
                                                  const void *d_keys, size_t key_len, void *d_ctrs,
                                                  void *d_out, const void *d_in, size_t rec_len,
                                                  size_t n);

/* ---- Record jobs: many records, each under its own key (issue 26) ----
 * The GPU forms of karx_gcm_seal_jobs / karx_gcm_open_jobs (gcm.h) and karx_ctr_jobs
 * (cipher.h): the same jobs, the same results and the same status for every job, as the CPU
 * calls give them. The jobs are checked on the host first (a job that fails a check never goes
 * to the GPU); the valid ones are packed into one transfer (for GCM: each record's raw key, H and
 * J0, derived on the host from its karx_gcm_key and IV, then its AAD and data), run one record
 * per GPU thread (its own key scheduled on the device; GCM's GHASH on the device with the
 * record's own H), and come back in one transfer. Open compares each tag on the host, in
 * constant time, and zero-fills out of a job whose tag does not match (KARX_ERR_AUTHENTICATION).
 * A CTR job's counter is advanced as karx_ctr_xor advances it.
 * Ciphers without a GPU kernel (ARIA) get KARX_ERR_UNSUPPORTED in their job's status (the CPU
 * calls take them). g NULL, a build without CUDA, and approved mode (karx_approved_mode: the GPU
 * kernels are not self-tested as approved services require) set every job's status to the
 * call's refusal (KARX_ERR_NO_DEVICE, or the approved-mode status) and return it. A device
 * failure sets the status of every job that was to run to the device error; no output of those
 * jobs is written. The call returns KARX_OK when every job succeeded, else the first failing
 * job's status; n = 0 is KARX_OK, jobs NULL with n > 0 KARX_ERR_ARGUMENT. */
KARX_API karx_status karx_gpu_gcm_seal_jobs(karx_gpu *g, karx_gcm_job *jobs, size_t n);
KARX_API karx_status karx_gpu_gcm_open_jobs(karx_gpu *g, karx_gcm_job *jobs, size_t n);
KARX_API karx_status karx_gpu_ctr_jobs(karx_gpu *g, karx_ctr_job *jobs, size_t n);

/* ---- CTR_DRBG output on the GPU ----
 * Equal bit for bit to karx_ctr_drbg_generate calls on the CPU: len bytes are produced as
 * ceil(len / KARX_CTR_DRBG_MAX_REQUEST_BYTES) generate calls of full requests (the last one
 * shorter), each with the same additional input. The state chain runs on the CPU (a few blocks
 * per call); every call's keystream is made on the GPU at once. Refused with
 * KARX_ERR_RESEED_REQUIRED, before anything changes, when any of the calls would need a reseed
 * (or prediction resistance is on). On a device failure the DRBG has still moved on (no output
 * is ever repeated) and out is zeroed. */
KARX_API karx_status karx_gpu_ctr_drbg_generate(karx_gpu *g, karx_ctr_drbg *drbg, uint8_t *out,
                                                size_t len, const uint8_t *add, size_t add_len);
/* n independent DRBGs, one generate call each of len bytes (<= KARX_CTR_DRBG_MAX_REQUEST_BYTES)
 * into out[i*len ..); adds / add_lens may be NULL (no additional input), else per instance.
 * Every instance is checked first: one that may not generate now fails the whole call with its
 * status and nothing changes. */
KARX_API karx_status karx_gpu_ctr_drbg_generate_many(karx_gpu *g, karx_ctr_drbg *const *drbgs,
                                                     size_t n, uint8_t *out, size_t len,
                                                     const uint8_t *const *adds,
                                                     const size_t *add_lens);

#ifdef __cplusplus
}
#endif

#endif
