/* ctgrind harness: CTR_DRBG over every cipher on one back end (argv[1]), with and without the
 * derivation function, with prediction resistance, reseed and additional input.
 * Secret: the entropy input, hence Key and V (the whole state) and the output. Public: nonce
 * and personalization strings, additional input, lengths, the reseed counter, and the output
 * once returned (it is the caller's to publish). */
#include "ct.h"
#include "drbg/drbg_plan.h"

/* Short outputs to keep valgrind quick, plus one a few blocks past 1 KiB so the bulk kernels run
 * and the last block is cut. */
static const size_t out_lens[] = {1, 16, 1100};

static void generate_all(karx_ctr_drbg *d, int pr, uint64_t seed)
{
    uint8_t out[1100], ent[64], add[20];
    ct_fill(add, sizeof add, seed);
    for (size_t i = 0; i < sizeof out_lens / sizeof out_lens[0]; i++) {
        if (pr) {
            ct_secret_fill(ent, sizeof ent, seed + i);
            CT_OK(karx_ctr_drbg_generate_pr(d, out, out_lens[i], ent,
                                            karx_ctr_drbg_seed_bytes((karx_cipher_alg)d->alg),
                                            add, i == 1 ? sizeof add : 0), "generate_pr");
        } else {
            CT_OK(karx_ctr_drbg_generate(d, out, out_lens[i], add, i == 1 ? sizeof add : 0),
                  "generate");
        }
    }
}

static void check_drbg(karx_cipher_alg alg, unsigned flags)
{
    karx_ctr_drbg d;
    uint8_t ent[64], nonce[32], pers[16];
    /* without the df, entropy is exactly seedlen; with it, at least the strength */
    const size_t el = karx_ctr_drbg_seed_bytes(alg);
    ct_secret_fill(ent, sizeof ent, 200 + alg);
    ct_fill(nonce, sizeof nonce, 201);
    ct_fill(pers, sizeof pers, 202);
    CT_OK(karx_ctr_drbg_instantiate(&d, alg, flags, ent, el, nonce,
                                    karx_ctr_drbg_strength_bytes(alg), pers, sizeof pers),
          "instantiate");
    generate_all(&d, (flags & KARX_DRBG_PR) != 0, 210);
    ct_secret_fill(ent, sizeof ent, 220 + alg);
    CT_OK(karx_ctr_drbg_reseed(&d, ent, el, pers, 7), "reseed");
    generate_all(&d, (flags & KARX_DRBG_PR) != 0, 230);
    if (!(flags & KARX_DRBG_PR)) { /* the GPU path's host side: keys and first counters */
        karx_cipher_key keys[2];
        uint8_t ctrs[2 * KARX_MAX_BLOCK_BYTES];
        const size_t len = KARX_CTR_DRBG_MAX_REQUEST_BYTES + 1; /* two calls */
        CT_OK(karx_i_drbg_plan_check(&d, len, NULL, 0), "gpu plan check");
        karx_i_drbg_plan(&d, len, NULL, 0, keys, ctrs);
        karx_memzero(keys, sizeof keys);
    }
    karx_ctr_drbg_uninstantiate(&d);
}

int main(int argc, char **argv)
{
    if (ct_select_backend(argc, argv) != 0)
        return 2;
    for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++) {
        check_drbg((karx_cipher_alg)a, 0);
        check_drbg((karx_cipher_alg)a, KARX_DRBG_USE_DF);
        check_drbg((karx_cipher_alg)a, KARX_DRBG_USE_DF | KARX_DRBG_PR);
    }
    return ct_finish("ct_drbg");
}
