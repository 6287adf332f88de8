/* karx_drbg: any of the three DRBGs behind one tagged union, each call a switch on the type that
 * forwards to that DRBG's own call (so every check and guarantee is that DRBG's). */
#include "karx/drbg.h"
#include "common/clear.h"

karx_status karx_drbg_instantiate(karx_drbg *drbg, karx_drbg_type type, int alg, unsigned flags,
                                  const uint8_t *entropy, size_t entropy_len, const uint8_t *nonce,
                                  size_t nonce_len, const uint8_t *pers, size_t pers_len)
{
    karx_status st;
    if (!karx_i_clear(drbg, sizeof *drbg))
        return KARX_ERR_ARGUMENT;
    switch (type) {
    case KARX_DRBG_CTR:
        st = karx_ctr_drbg_instantiate(&drbg->u.ctr, (karx_cipher_alg)alg, flags, entropy,
                                       entropy_len, nonce, nonce_len, pers, pers_len);
        break;
    case KARX_DRBG_HASH:
        st = karx_hash_drbg_instantiate(&drbg->u.hash, (karx_lsh_alg)alg, flags, entropy,
                                        entropy_len, nonce, nonce_len, pers, pers_len);
        break;
    case KARX_DRBG_HMAC:
        st = karx_hmac_drbg_instantiate(&drbg->u.hmac, (karx_lsh_alg)alg, flags, entropy,
                                        entropy_len, nonce, nonce_len, pers, pers_len);
        break;
    default:
        return KARX_ERR_UNKNOWN_ALGORITHM;
    }
    drbg->type = st == KARX_OK ? (uint32_t)type : 0u;
    return st;
}

karx_status karx_drbg_instantiate_os(karx_drbg *drbg, karx_drbg_type type, int alg,
                                     unsigned flags, const uint8_t *pers, size_t pers_len)
{
    karx_status st;
    if (!karx_i_clear(drbg, sizeof *drbg))
        return KARX_ERR_ARGUMENT;
    switch (type) {
    case KARX_DRBG_CTR:
        st = karx_ctr_drbg_instantiate_os(&drbg->u.ctr, (karx_cipher_alg)alg, flags, pers,
                                          pers_len);
        break;
    case KARX_DRBG_HASH:
        st = karx_hash_drbg_instantiate_os(&drbg->u.hash, (karx_lsh_alg)alg, flags, pers, pers_len);
        break;
    case KARX_DRBG_HMAC:
        st = karx_hmac_drbg_instantiate_os(&drbg->u.hmac, (karx_lsh_alg)alg, flags, pers, pers_len);
        break;
    default:
        return KARX_ERR_UNKNOWN_ALGORITHM;
    }
    drbg->type = st == KARX_OK ? (uint32_t)type : 0u;
    return st;
}

/* The type of an instantiated drbg, or 0 (NULL gives -1). */
static int type_of(const karx_drbg *drbg)
{
    return drbg == NULL ? -1 : (int)drbg->type;
}

#define NO_TYPE(d) ((d) == NULL ? KARX_ERR_ARGUMENT : KARX_ERR_STATE)

karx_status karx_drbg_reseed(karx_drbg *drbg, const uint8_t *entropy, size_t entropy_len,
                             const uint8_t *add, size_t add_len)
{
    switch (type_of(drbg)) {
    case KARX_DRBG_CTR: return karx_ctr_drbg_reseed(&drbg->u.ctr, entropy, entropy_len, add, add_len);
    case KARX_DRBG_HASH: return karx_hash_drbg_reseed(&drbg->u.hash, entropy, entropy_len, add, add_len);
    case KARX_DRBG_HMAC: return karx_hmac_drbg_reseed(&drbg->u.hmac, entropy, entropy_len, add, add_len);
    default: return NO_TYPE(drbg);
    }
}

karx_status karx_drbg_generate(karx_drbg *drbg, uint8_t *out, size_t out_len, const uint8_t *add,
                               size_t add_len)
{
    switch (type_of(drbg)) {
    case KARX_DRBG_CTR: return karx_ctr_drbg_generate(&drbg->u.ctr, out, out_len, add, add_len);
    case KARX_DRBG_HASH: return karx_hash_drbg_generate(&drbg->u.hash, out, out_len, add, add_len);
    case KARX_DRBG_HMAC: return karx_hmac_drbg_generate(&drbg->u.hmac, out, out_len, add, add_len);
    default: return NO_TYPE(drbg);
    }
}

karx_status karx_drbg_generate_pr(karx_drbg *drbg, uint8_t *out, size_t out_len,
                                  const uint8_t *entropy, size_t entropy_len, const uint8_t *add,
                                  size_t add_len)
{
    switch (type_of(drbg)) {
    case KARX_DRBG_CTR:
        return karx_ctr_drbg_generate_pr(&drbg->u.ctr, out, out_len, entropy, entropy_len, add,
                                         add_len);
    case KARX_DRBG_HASH:
        return karx_hash_drbg_generate_pr(&drbg->u.hash, out, out_len, entropy, entropy_len, add,
                                          add_len);
    case KARX_DRBG_HMAC:
        return karx_hmac_drbg_generate_pr(&drbg->u.hmac, out, out_len, entropy, entropy_len, add,
                                          add_len);
    default: return NO_TYPE(drbg);
    }
}

karx_status karx_drbg_set_reseed_interval(karx_drbg *drbg, uint64_t interval)
{
    switch (type_of(drbg)) {
    case KARX_DRBG_CTR: return karx_ctr_drbg_set_reseed_interval(&drbg->u.ctr, interval);
    case KARX_DRBG_HASH: return karx_hash_drbg_set_reseed_interval(&drbg->u.hash, interval);
    case KARX_DRBG_HMAC: return karx_hmac_drbg_set_reseed_interval(&drbg->u.hmac, interval);
    default: return NO_TYPE(drbg);
    }
}

void karx_drbg_uninstantiate(karx_drbg *drbg) { karx_memzero(drbg, sizeof *drbg); }

karx_status karx_drbg_reseed_os(karx_drbg *drbg, const uint8_t *add, size_t add_len)
{
    switch (type_of(drbg)) {
    case KARX_DRBG_CTR: return karx_ctr_drbg_reseed_os(&drbg->u.ctr, add, add_len);
    case KARX_DRBG_HASH: return karx_hash_drbg_reseed_os(&drbg->u.hash, add, add_len);
    case KARX_DRBG_HMAC: return karx_hmac_drbg_reseed_os(&drbg->u.hmac, add, add_len);
    default: return NO_TYPE(drbg);
    }
}

karx_status karx_drbg_generate_os(karx_drbg *drbg, uint8_t *out, size_t out_len,
                                  const uint8_t *add, size_t add_len)
{
    switch (type_of(drbg)) {
    case KARX_DRBG_CTR: return karx_ctr_drbg_generate_os(&drbg->u.ctr, out, out_len, add, add_len);
    case KARX_DRBG_HASH: return karx_hash_drbg_generate_os(&drbg->u.hash, out, out_len, add, add_len);
    case KARX_DRBG_HMAC: return karx_hmac_drbg_generate_os(&drbg->u.hmac, out, out_len, add, add_len);
    default: return NO_TYPE(drbg);
    }
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
