/* The GPU API in a build without CUDA: every call reports KARX_ERR_NO_DEVICE (argument errors
 * first, so callers see the same statuses for misuse either way), and the rest of karx works. */
#include "karx/gpu.h"

#include "../approved/approved.h"
#include "gpu_jobs.h"

/* The signatures are the API's; most parameters have nothing to do here. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wunused-parameter"
#endif

int karx_gpu_built(void)
{
    return 0;
}

karx_status karx_gpu_device_count(int *count)
{
    if (!count)
        return KARX_ERR_ARGUMENT;
    *count = 0;
    return KARX_OK;
}

karx_status karx_gpu_open(karx_gpu **g, int device)
{
    if (!g)
        return KARX_ERR_ARGUMENT;
    *g = NULL;
    KARX_I_SERVICE(KARX_I_NEVER_APPROVED); /* the GPU kernels are not self-tested: never approved */
    return KARX_ERR_NO_DEVICE;
}

void karx_gpu_close(karx_gpu *g)
{
}

const char *karx_gpu_open_error(void)
{
    return "karx was built without CUDA (KARX_CUDA=OFF or no nvcc found)";
}

const char *karx_gpu_last_error(const karx_gpu *g)
{
    return karx_gpu_open_error();
}

/* No handle can exist here: every handle call reports the missing device. */
#define NO_DEVICE { return KARX_ERR_NO_DEVICE; }

karx_status karx_gpu_get_info(const karx_gpu *g, karx_gpu_info *info) NO_DEVICE
karx_status karx_gpu_configure(karx_gpu *g, const karx_gpu_config *cfg) NO_DEVICE
karx_status karx_gpu_get_config(const karx_gpu *g, karx_gpu_config *cfg) NO_DEVICE
karx_status karx_gpu_synchronize(karx_gpu *g) NO_DEVICE

karx_status karx_gpu_lsh256_many(karx_gpu *g, uint8_t *out, size_t digest_bytes, const void *in,
                                 size_t msg_len, size_t n) NO_DEVICE
karx_status karx_gpu_lsh512_many(karx_gpu *g, uint8_t *out, size_t digest_bytes, const void *in,
                                 size_t msg_len, size_t n) NO_DEVICE
karx_status karx_gpu_lsh256_many_offsets(karx_gpu *g, uint8_t *out, size_t digest_bytes,
                                         const void *buf, const size_t *offsets, size_t n) NO_DEVICE
karx_status karx_gpu_lsh512_many_offsets(karx_gpu *g, uint8_t *out, size_t digest_bytes,
                                         const void *buf, const size_t *offsets, size_t n) NO_DEVICE
karx_status karx_gpu_lsh_many(karx_gpu *g, karx_lsh_alg alg, uint8_t *out, size_t out_len,
                              const void *in, size_t msg_len, size_t n) NO_DEVICE
karx_status karx_gpu_lsh256_many_device(karx_gpu *g, void *d_out, size_t digest_bytes,
                                        const void *d_in, size_t msg_len, size_t n) NO_DEVICE
karx_status karx_gpu_lsh512_many_device(karx_gpu *g, void *d_out, size_t digest_bytes,
                                        const void *d_in, size_t msg_len, size_t n) NO_DEVICE
karx_status karx_gpu_lsh256_many_offsets_device(karx_gpu *g, void *d_out, size_t digest_bytes,
                                                const void *d_buf, const uint64_t *d_offsets,
                                                size_t n) NO_DEVICE
karx_status karx_gpu_lsh512_many_offsets_device(karx_gpu *g, void *d_out, size_t digest_bytes,
                                                const void *d_buf, const uint64_t *d_offsets,
                                                size_t n) NO_DEVICE
karx_status karx_gpu_malloc(karx_gpu *g, void **d_ptr, size_t bytes)
{
    if (d_ptr)
        *d_ptr = NULL;
    return KARX_ERR_NO_DEVICE;
}
void karx_gpu_free(karx_gpu *g, void *d_ptr)
{
}
karx_status karx_gpu_memcpy_htod(karx_gpu *g, void *d_dst, const void *src, size_t bytes) NO_DEVICE
karx_status karx_gpu_memcpy_dtoh(karx_gpu *g, void *dst, const void *d_src, size_t bytes) NO_DEVICE
karx_status karx_gpu_host_alloc(karx_gpu *g, void **h_ptr, size_t bytes)
{
    if (h_ptr)
        *h_ptr = NULL;
    return KARX_ERR_NO_DEVICE;
}
void karx_gpu_host_free(karx_gpu *g, void *h_ptr)
{
}

karx_status karx_gpu_ctr_xor(karx_gpu *g, const karx_cipher_key *key, uint8_t *ctr, uint8_t *out,
                             const uint8_t *in, size_t len) NO_DEVICE
karx_status karx_gpu_ecb_encrypt(karx_gpu *g, const karx_cipher_key *key, uint8_t *out,
                                 const uint8_t *in, size_t len) NO_DEVICE
karx_status karx_gpu_ecb_decrypt(karx_gpu *g, const karx_cipher_key *key, uint8_t *out,
                                 const uint8_t *in, size_t len) NO_DEVICE
karx_status karx_gpu_ctr_xor_device(karx_gpu *g, const karx_cipher_key *key, uint8_t *ctr,
                                    void *d_out, const void *d_in, size_t len) NO_DEVICE
karx_status karx_gpu_ecb_encrypt_device(karx_gpu *g, const karx_cipher_key *key, void *d_out,
                                        const void *d_in, size_t len) NO_DEVICE
karx_status karx_gpu_ecb_decrypt_device(karx_gpu *g, const karx_cipher_key *key, void *d_out,
                                        const void *d_in, size_t len) NO_DEVICE
karx_status karx_gpu_ctr_xor_many(karx_gpu *g, karx_cipher_alg alg, const uint8_t *keys,
                                  size_t key_len, uint8_t *ctrs, uint8_t *out, const uint8_t *in,
                                  size_t rec_len, size_t n) NO_DEVICE
karx_status karx_gpu_ctr_xor_many_offsets(karx_gpu *g, karx_cipher_alg alg,
                                          const uint8_t *keys, size_t key_len, uint8_t *ctrs,
                                          uint8_t *out, const uint8_t *buf, const size_t *offsets,
                                          size_t n) NO_DEVICE
karx_status karx_gpu_ctr_drbg_generate(karx_gpu *g, karx_ctr_drbg *drbg, uint8_t *out, size_t len,
                                       const uint8_t *add, size_t add_len) NO_DEVICE
karx_status karx_gpu_ctr_drbg_generate_many(karx_gpu *g, karx_ctr_drbg *const *drbgs, size_t n,
                                            uint8_t *out, size_t len, const uint8_t *const *adds,
                                            const size_t *add_lens) NO_DEVICE
karx_status karx_gpu_ctr_xor_many_device(karx_gpu *g, karx_cipher_alg alg, const void *d_keys,
                                         size_t key_len, void *d_ctrs, void *d_out,
                                         const void *d_in, size_t rec_len, size_t n) NO_DEVICE

/* The record jobs' device step (their host side, gpu_jobs.c, is in every build). */
karx_status karx_i_gpu_jobs_device(karx_gpu *g, const karx_i_gpu_jobs_plan *p,
                                   karx_i_gpu_jobs_pack_fn pack, const void *jobs,
                                   uint8_t *out) NO_DEVICE
