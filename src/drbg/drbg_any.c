/* karx_drbg: any of the three DRBGs behind one tagged union, each call a switch on the type that
 * forwards to that DRBG's own call (so every check and guarantee is that DRBG's). */
#include "karx/drbg.h"
#include "common/clear.h"

/* The body of an instantiate call: drbg cleared, then the type's own call with alg as its kind
 * (a cipher for CTR, a hash for the others); the type is recorded once that call succeeded. */
#define DRBG_INSTANTIATE(drbg, type, alg, call, ...)                                           \
    karx_status st;                                                                            \
    if (!karx_i_clear(drbg, sizeof *(drbg)))                                                   \
        return KARX_ERR_ARGUMENT;                                                              \
    switch (type) {                                                                            \
    case KARX_DRBG_CTR:                                                                        \
        st = karx_ctr_drbg_##call(&(drbg)->u.ctr, (karx_cipher_alg)(alg), __VA_ARGS__);        \
        break;                                                                                 \
    case KARX_DRBG_HASH:                                                                       \
        st = karx_hash_drbg_##call(&(drbg)->u.hash, (karx_lsh_alg)(alg), __VA_ARGS__);         \
        break;                                                                                 \
    case KARX_DRBG_HMAC:                                                                       \
        st = karx_hmac_drbg_##call(&(drbg)->u.hmac, (karx_lsh_alg)(alg), __VA_ARGS__);         \
        break;                                                                                 \
    default:                                                                                   \
        return KARX_ERR_UNKNOWN_ALGORITHM;                                                     \
    }                                                                                          \
    (drbg)->type = st == KARX_OK ? (uint32_t)(type) : 0u;                                      \
    return st

karx_status karx_drbg_instantiate(karx_drbg *drbg, karx_drbg_type type, int alg, unsigned flags,
                                  const uint8_t *entropy, size_t entropy_len, const uint8_t *nonce,
                                  size_t nonce_len, const uint8_t *pers, size_t pers_len)
{
    DRBG_INSTANTIATE(drbg, type, alg, instantiate, flags, entropy, entropy_len, nonce, nonce_len,
                     pers, pers_len);
}

karx_status karx_drbg_instantiate_os(karx_drbg *drbg, karx_drbg_type type, int alg,
                                     unsigned flags, const uint8_t *pers, size_t pers_len)
{
    DRBG_INSTANTIATE(drbg, type, alg, instantiate_os, flags, pers, pers_len);
}

/* The type of an instantiated drbg, or 0 (NULL gives -1). */
static int type_of(const karx_drbg *drbg)
{
    return drbg == NULL ? -1 : (int)drbg->type;
}

/* The body of the other calls: the instantiated type's own call on its member of the union;
 * a NULL drbg is ARGUMENT, one not instantiated STATE. */
#define DRBG_FORWARD(drbg, call, ...)                                                          \
    switch (type_of(drbg)) {                                                                   \
    case KARX_DRBG_CTR: return karx_ctr_drbg_##call(&(drbg)->u.ctr, __VA_ARGS__);              \
    case KARX_DRBG_HASH: return karx_hash_drbg_##call(&(drbg)->u.hash, __VA_ARGS__);           \
    case KARX_DRBG_HMAC: return karx_hmac_drbg_##call(&(drbg)->u.hmac, __VA_ARGS__);           \
    default: return (drbg) == NULL ? KARX_ERR_ARGUMENT : KARX_ERR_STATE;                       \
    }

karx_status karx_drbg_reseed(karx_drbg *drbg, const uint8_t *entropy, size_t entropy_len,
                             const uint8_t *add, size_t add_len)
{
    DRBG_FORWARD(drbg, reseed, entropy, entropy_len, add, add_len)
}

karx_status karx_drbg_generate(karx_drbg *drbg, uint8_t *out, size_t out_len, const uint8_t *add,
                               size_t add_len)
{
    DRBG_FORWARD(drbg, generate, out, out_len, add, add_len)
}

karx_status karx_drbg_generate_pr(karx_drbg *drbg, uint8_t *out, size_t out_len,
                                  const uint8_t *entropy, size_t entropy_len, const uint8_t *add,
                                  size_t add_len)
{
    DRBG_FORWARD(drbg, generate_pr, out, out_len, entropy, entropy_len, add, add_len)
}

karx_status karx_drbg_set_reseed_interval(karx_drbg *drbg, uint64_t interval)
{
    DRBG_FORWARD(drbg, set_reseed_interval, interval)
}

void karx_drbg_uninstantiate(karx_drbg *drbg) { karx_memzero(drbg, sizeof *drbg); }

karx_status karx_drbg_reseed_os(karx_drbg *drbg, const uint8_t *add, size_t add_len)
{
    DRBG_FORWARD(drbg, reseed_os, add, add_len)
}

karx_status karx_drbg_generate_os(karx_drbg *drbg, uint8_t *out, size_t out_len,
                                  const uint8_t *add, size_t add_len)
{
    DRBG_FORWARD(drbg, generate_os, out, out_len, add, add_len)
}

size_t karx_drbg_strength_bytes(karx_drbg_type type, int alg)
{
    switch (type) {
    case KARX_DRBG_CTR: return karx_ctr_drbg_strength_bytes((karx_cipher_alg)alg);
    case KARX_DRBG_HASH:
    case KARX_DRBG_HMAC: return karx_lsh_drbg_strength_bytes((karx_lsh_alg)alg);
    default: return 0;
    }
}
