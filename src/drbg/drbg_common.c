/* What the CTR, Hash and HMAC DRBGs share: when a reseed is due, and the OS-seeded generate
 * loop (requests split at the type's maximum, reseeded from the OS whenever one is due). */
#include "drbg_internal.h"

int karx_i_drbg_reseed_due(unsigned flags, uint64_t reseed_counter, uint64_t reseed_interval,
                           uint64_t fork_gen)
{
    return (flags & KARX_DRBG_PR) || reseed_counter > reseed_interval ||
           fork_gen != karx_i_fork_generation();
}

karx_status karx_i_drbg_generate_os(const karx_i_drbg_os_ops *ops, const void *arg, void *d,
                                    uint8_t *out, size_t out_len, const uint8_t *add,
                                    size_t add_len)
{
    size_t done = 0;
    do {
        size_t n = out_len - done;
        if (n > ops->max_request)
            n = ops->max_request;
        karx_status st = KARX_OK;
        if (ops->due(arg, d)) {
            st = ops->reseed_os(arg, d, add, add_len);
            if (st == KARX_OK)
                st = ops->generate(arg, d, out + done, n, NULL, 0);
        } else {
            st = ops->generate(arg, d, out + done, n, add, add_len);
        }
        if (st != KARX_OK) {
            karx_memzero(out, done + n);
            return st;
        }
        done += n;
    } while (done < out_len);
    return KARX_OK;
}
