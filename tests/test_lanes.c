/* The lane kernels (src/lanes/): every one this machine runs, for LEA-128/192/256 and
 * CHAM-128/128 and /256, against karx_cipher_encrypt_block lane by lane (itself checked against
 * the published vectors by the cipher tests): random keys a lane each, random blocks, several
 * rounds of schedule-then-encrypt on one context (a refill reschedules it), and a back end the
 * CPU supports must have its kernel. */
#include <stdint.h>
#include <string.h>

#include "karx/cipher.h"
#include "karx/cpu.h"
#include "common/endian.h"
#include "lanes/lanes.h"
#include "test_util.h"

static void one(karx_cipher_alg alg, const char *bname)
{
    const karx_i_lanes_kernel *k = karx_i_lanes_for_backend(alg, bname);
    karx_backend b;
    int runs = karx_backend_from_name(bname, &b) == KARX_OK && karx_backend_supported(b);
    int ssse3 = strcmp(bname, "ssse3") == 0; /* takes sse2's through the fallback chain */
    CHECK((k != NULL) == (runs && !ssse3), "%s %s: a kernel where the back end runs", bname,
          karx_cipher_name(alg));
    if (k == NULL)
        return;
    CHECK(strcmp(k->backend, bname) == 0 && k->lanes >= 4 && k->lanes <= KARX_I_LANES_MAX,
          "%s: name and lanes", bname);
    _Alignas(KARX_I_LANES_CTX_ALIGN) unsigned char ctx[KARX_I_LANES_CTX_BYTES];
    _Alignas(64) uint32_t w[4 * KARX_I_LANES_MAX];
    uint8_t kb[KARX_I_LANES_MAX][32], blk[KARX_I_LANES_MAX][16];
    const uint8_t *kp[KARX_I_LANES_MAX];
    size_t kl = karx_cipher_key_bytes(alg);
    unsigned L = k->lanes;
    for (int round = 0; round < 6; round++) {
        for (unsigned i = 0; i < L; i++) {
            t_fill(kb[i], kl);
            kp[i] = kb[i];
        }
        if (round == 5) /* every lane one key */
            for (unsigned i = 1; i < L; i++)
                kp[i] = kb[0];
        k->schedule(ctx, kp, kl);
        for (int step = 0; step < 3; step++) {
            for (unsigned i = 0; i < L; i++) {
                t_fill(blk[i], 16);
                for (unsigned j = 0; j < 4; j++)
                    w[j * L + i] = karx_load32_le(blk[i] + 4 * j);
            }
            k->encrypt(ctx, w);
            for (unsigned i = 0; i < L; i++) {
                karx_cipher_key ck;
                uint8_t want[16], got[16];
                CHECK(karx_cipher_set_key(&ck, alg, kp[i], kl) == KARX_OK, "key");
                karx_cipher_encrypt_block(&ck, want, blk[i]);
                for (unsigned j = 0; j < 4; j++)
                    karx_store32_le(got + 4 * j, w[j * L + i]);
                CHECK(memcmp(got, want, 16) == 0, "%s %s lane %u round %d step %d", bname,
                      karx_cipher_name(alg), i, round, step);
            }
        }
    }
    karx_i_lanes_wipe(ctx);
}

int main(void)
{
    static const karx_cipher_alg algs[] = {KARX_CIPHER_LEA128, KARX_CIPHER_LEA192,
                                           KARX_CIPHER_LEA256, KARX_CIPHER_CHAM128_128,
                                           KARX_CIPHER_CHAM128_256};
    for (int b = 0; b < t_backend_count(); b++)
        for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++)
            one(algs[a], karx_backend_name((karx_backend)b));
    CHECK(karx_i_lanes_for(KARX_CIPHER_ARIA128) == NULL, "ARIA: no lane kernel");
    CHECK(karx_i_lanes_for(KARX_CIPHER_HIGHT) == NULL, "HIGHT: no lane kernel");
    CHECK(karx_i_lanes_for(KARX_CIPHER_LEA128) != NULL, "LEA: a lane kernel now");
    return t_finish("lanes");
}
