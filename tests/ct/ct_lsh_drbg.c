/* ctgrind harness: Hash_DRBG and HMAC_DRBG over every LSH variant on one back end (argv[1]),
 * with and without prediction resistance, with reseed and additional input, through the same
 * calls a caller makes (karx_drbg over both types).
 * Secret: the entropy inputs, hence the state (V and C, or K and V) and the output. Public: nonce,
 * personalization, additional input, lengths, the reseed counter, and the output once returned.
 * Hashgen's counter crosses its low word's carry once per type (V set by hand below). */
#include "ct.h"

/* A short output, one past a Hashgen batch of 64 digests (the multi-buffer path and a cut last
 * block) and one that is not a whole digest. */
static const size_t out_lens[] = {1, 64 * 32 + 7, 100};

static void generate_all(karx_drbg *d, karx_lsh_alg alg, int pr, uint64_t seed)
{
    uint8_t out[64 * 32 + 7], ent[32], add[20];
    ct_fill(add, sizeof add, seed);
    for (size_t i = 0; i < sizeof out_lens / sizeof out_lens[0]; i++) {
        if (pr) {
            ct_secret_fill(ent, sizeof ent, seed + i);
            CT_OK(karx_drbg_generate_pr(d, out, out_lens[i], ent,
                                        karx_lsh_drbg_strength_bytes(alg), add,
                                        i == 1 ? sizeof add : 0),
                  "generate_pr");
        } else {
            CT_OK(karx_drbg_generate(d, out, out_lens[i], add, i == 1 ? sizeof add : 0),
                  "generate");
        }
    }
}

static void check_drbg(karx_drbg_type type, karx_lsh_alg alg, unsigned flags)
{
    karx_drbg d;
    uint8_t ent[32], nonce[16], pers[16];
    ct_secret_fill(ent, sizeof ent, 300 + alg);
    ct_fill(nonce, sizeof nonce, 301);
    ct_fill(pers, sizeof pers, 302);
    CT_OK(karx_drbg_instantiate(&d, type, alg, flags, ent, sizeof ent, nonce, sizeof nonce, pers,
                                sizeof pers),
          "instantiate");
    if (type == KARX_DRBG_HASH) { /* the low word of V at 2^64 - 2: a carry inside Hashgen */
        size_t sl = karx_hash_drbg_seed_bytes(alg);
        memset(d.u.hash.v + sl - 8, 0xff, 8);
        d.u.hash.v[sl - 1] = 0xfe;
        CT_SECRET(d.u.hash.v, sl);
    }
    generate_all(&d, alg, (flags & KARX_DRBG_PR) != 0, 310);
    ct_secret_fill(ent, sizeof ent, 320 + alg);
    CT_OK(karx_drbg_reseed(&d, ent, sizeof ent, pers, 7), "reseed");
    generate_all(&d, alg, (flags & KARX_DRBG_PR) != 0, 330);
    karx_drbg_uninstantiate(&d);
}

int main(int argc, char **argv)
{
    static const karx_lsh_alg algs[] = {KARX_LSH256_224, KARX_LSH256_256, KARX_LSH512_224,
                                        KARX_LSH512_256, KARX_LSH512_384, KARX_LSH512_512};
    if (ct_select_backend(argc, argv) != 0)
        return 2;
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++)
        for (int t = KARX_DRBG_HASH; t <= KARX_DRBG_HMAC; t++) {
            check_drbg((karx_drbg_type)t, algs[a], 0);
            check_drbg((karx_drbg_type)t, algs[a], KARX_DRBG_PR);
        }
    return ct_finish("ct_lsh_drbg");
}
