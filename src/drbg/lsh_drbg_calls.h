/* The public calls of an LSH DRBG, each lsh_drbg.c's call with the DRBG's mechanism: written
 * once for hash_drbg.c and hmac_drbg.c, which define, before including this file, LSH_DRBG_T
 * (the state type, whose name is also the calls' prefix: karx_hash_drbg) and LSH_DRBG_MECH
 * (their karx_i_lsh_mech). */
#define LSH_DRBG_CAT_(a, b) a##_##b
#define LSH_DRBG_CAT(a, b) LSH_DRBG_CAT_(a, b)
#define LSH_DRBG_CALL(name) LSH_DRBG_CAT(LSH_DRBG_T, name)

karx_status LSH_DRBG_CALL(instantiate)(LSH_DRBG_T *drbg, karx_lsh_alg alg, unsigned flags,
                                       const uint8_t *entropy, size_t entropy_len,
                                       const uint8_t *nonce, size_t nonce_len, const uint8_t *pers,
                                       size_t pers_len)
{
    return karx_i_lsh_drbg_instantiate(&LSH_DRBG_MECH, drbg, alg, flags, entropy, entropy_len,
                                       nonce, nonce_len, pers, pers_len);
}

karx_status LSH_DRBG_CALL(reseed)(LSH_DRBG_T *drbg, const uint8_t *entropy, size_t entropy_len,
                                  const uint8_t *add, size_t add_len)
{
    return karx_i_lsh_drbg_reseed(&LSH_DRBG_MECH, drbg, entropy, entropy_len, add, add_len);
}

karx_status LSH_DRBG_CALL(generate)(LSH_DRBG_T *drbg, uint8_t *out, size_t out_len,
                                    const uint8_t *add, size_t add_len)
{
    return karx_i_lsh_drbg_generate(&LSH_DRBG_MECH, drbg, out, out_len, add, add_len);
}

karx_status LSH_DRBG_CALL(generate_pr)(LSH_DRBG_T *drbg, uint8_t *out, size_t out_len,
                                       const uint8_t *entropy, size_t entropy_len,
                                       const uint8_t *add, size_t add_len)
{
    return karx_i_lsh_drbg_generate_pr(&LSH_DRBG_MECH, drbg, out, out_len, entropy, entropy_len,
                                       add, add_len);
}

karx_status LSH_DRBG_CALL(set_reseed_interval)(LSH_DRBG_T *drbg, uint64_t interval)
{
    return karx_i_lsh_drbg_set_reseed_interval(&LSH_DRBG_MECH, drbg, interval);
}

void LSH_DRBG_CALL(uninstantiate)(LSH_DRBG_T *drbg) { karx_memzero(drbg, sizeof *drbg); }

karx_status LSH_DRBG_CALL(instantiate_os)(LSH_DRBG_T *drbg, karx_lsh_alg alg, unsigned flags,
                                          const uint8_t *pers, size_t pers_len)
{
    return karx_i_lsh_drbg_instantiate_os(&LSH_DRBG_MECH, drbg, alg, flags, pers, pers_len);
}

karx_status LSH_DRBG_CALL(reseed_os)(LSH_DRBG_T *drbg, const uint8_t *add, size_t add_len)
{
    return karx_i_lsh_drbg_reseed_os(&LSH_DRBG_MECH, drbg, add, add_len);
}

karx_status LSH_DRBG_CALL(generate_os)(LSH_DRBG_T *drbg, uint8_t *out, size_t out_len,
                                       const uint8_t *add, size_t add_len)
{
    return karx_i_lsh_drbg_generate_os(&LSH_DRBG_MECH, drbg, out, out_len, add, add_len);
}
