/* Test-only: the sealed format's encryption (cli/seal.c, the code karx enc runs) with a fixed
 * salt and nonce prefix, so that its bytes can be compared with the independent model
 * (tests/seal/seal_model.py) and between thread counts. Never installed; the karx command has
 * no way to fix its randomness.
 *   seal_fixed CIPHER SALT_HEX PREFIX_HEX ITER THREADS (pass:TEXT | key:HEX) IN OUT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "karx/karx.h"
#include "seal.h"

static int unhex_exact(const char *s, uint8_t *out, size_t n)
{
    return strlen(s) == 2 * n && cli_unhex(s, 2 * n, out) == 0;
}

int main(int argc, char **argv)
{
    uint8_t salt[SEAL_SALT_BYTES], prefix[SEAL_PREFIX_BYTES], key[SEAL_KEY_BYTES];
    seal_job j;
    karx_pool *pool = NULL;
    memset(&j, 0, sizeof j);
    if (argc != 9 || (j.cipher = seal_cipher_id(argv[1])) == 0 ||
        !unhex_exact(argv[2], salt, sizeof salt) || !unhex_exact(argv[3], prefix, sizeof prefix)) {
        fprintf(stderr, "usage: seal_fixed CIPHER SALT PREFIX ITER THREADS pass:P|key:HEX IN OUT\n");
        return 2;
    }
    j.encrypt = 1;
    j.iter = (uint32_t)strtoul(argv[4], NULL, 10);
    if (strncmp(argv[6], "pass:", 5) == 0) {
        j.pass = (const uint8_t *)argv[6] + 5;
        j.pass_len = strlen(argv[6] + 5);
    } else if (strncmp(argv[6], "key:", 4) == 0 && unhex_exact(argv[6] + 4, key, sizeof key)) {
        j.key = key;
    } else {
        fprintf(stderr, "seal_fixed: pass:TEXT or key:HEX (32 bytes)\n");
        return 2;
    }
    j.in_path = argv[7];
    j.out_path = argv[8];
    j.fixed_salt = salt;
    j.fixed_prefix = prefix;
    if (cli_pool_open((unsigned)strtoul(argv[5], NULL, 10), &pool) != 0) return 1;
    j.pool = pool;
    int rc = seal_run(&j);
    karx_pool_free(pool);
    return rc;
}
