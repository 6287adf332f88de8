/* The public calls of one LSH width, each a thin wrapper over lsh_front.h's front end, run on
 * the active back end's kernels: written once for lsh256.c and lsh512.c, which include it after
 * lsh_front.h with, besides that file's macros, LSH_NAME (lsh256 / lsh512: the calls are
 * karx_<name>_*, the kernel selection karx_i_<name>_kernels) and LSH_WIDE (the approved-mode
 * check's width flag, karx_i_lsh_approved). */
#define LSH_CAT3_(a, b, c) a##b##c
#define LSH_CAT3(a, b, c) LSH_CAT3_(a, b, c)
#define LSH_CALL_BARE LSH_CAT3(karx_, LSH_NAME, )
#define LSH_CALL(name) LSH_CAT3(karx_, LSH_NAME, _##name)
#define LSH_I_CALL(name) LSH_CAT3(karx_i_, LSH_NAME, _##name)

karx_status LSH_CALL(init)(LSH_CTX *ctx, size_t digest_bytes)
{
    KARX_I_SERVICE(karx_i_lsh_approved(LSH_WIDE, digest_bytes));
    return front_init(ctx, digest_bytes);
}

karx_status LSH_CALL(update)(LSH_CTX *ctx, const void *in, size_t len)
{
    return front_update(LSH_I_CALL(kernels)(), ctx, in, len);
}

karx_status LSH_CALL(update_bits)(LSH_CTX *ctx, const void *in, size_t bitlen)
{
    return front_update_bits(LSH_I_CALL(kernels)(), ctx, in, bitlen);
}

karx_status LSH_CALL(final)(LSH_CTX *ctx, uint8_t *out, size_t out_len)
{
    return front_final(LSH_I_CALL(kernels)(), ctx, out, out_len);
}

karx_status LSH_CALL_BARE(uint8_t *out, size_t digest_bytes, const void *in, size_t len)
{
    KARX_I_SERVICE(karx_i_lsh_approved(LSH_WIDE, digest_bytes));
    return front_digest(LSH_I_CALL(kernels)(), out, digest_bytes, in, len);
}

karx_status LSH_CALL(many)(uint8_t *out, size_t digest_bytes, const void *in, size_t msg_len,
                           size_t n)
{
    KARX_I_SERVICE(karx_i_lsh_approved(LSH_WIDE, digest_bytes));
    return front_many(LSH_I_CALL(kernels)(), out, digest_bytes, in, msg_len, n);
}

karx_status LSH_CALL(many_ptrs)(uint8_t *out, size_t digest_bytes, const uint8_t *const *msgs,
                                const size_t *lens, size_t n)
{
    KARX_I_SERVICE(karx_i_lsh_approved(LSH_WIDE, digest_bytes));
    return front_many_ptrs(LSH_I_CALL(kernels)(), out, digest_bytes, msgs, lens, n);
}

karx_status LSH_CALL(many_offsets)(uint8_t *out, size_t digest_bytes, const void *buf,
                                   const size_t *offsets, size_t n)
{
    KARX_I_SERVICE(karx_i_lsh_approved(LSH_WIDE, digest_bytes));
    return front_many_offsets(LSH_I_CALL(kernels)(), out, digest_bytes, buf, offsets, n);
}

unsigned LSH_CALL(lanes)(void) { return front_lanes(LSH_I_CALL(kernels)()); }

size_t LSH_CALL(block_bytes)(void) { return LSH_BLOCK; }

karx_status LSH_I_CALL(digest_with)(const LSH_KERNELS *k, uint8_t *out, size_t digest_bytes,
                                    const void *in, size_t len)
{
    return front_digest(k, out, digest_bytes, in, len);
}

karx_status LSH_I_CALL(many_with)(const LSH_KERNELS *k, uint8_t *out, size_t digest_bytes,
                                  const void *in, size_t msg_len, size_t n)
{
    return front_many(k, out, digest_bytes, in, msg_len, n);
}
