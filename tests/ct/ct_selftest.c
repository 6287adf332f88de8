/* Checks the checker: run under valgrind (without --error-exitcode), it exits 0 only if
 *  1. a branch and a table look-up on a secret ARE reported (the method works here), and
 *  2. secrecy survives every kernel the other harnesses rely on, on every back end valgrind
 *     runs: the output of a secret input through it is still undefined. If memcheck ever lost
 *     track of secrets through some instruction, later branches on them would go unreported
 *     and ct-check would pass for the wrong reason; this catches that.
 * Every report this program provokes is expected; scripts/ct-check.sh keeps them in a log. */
#include "ct.h"

static volatile unsigned sink;

/* Deliberately leaky: a branch on a secret byte. */
__attribute__((noinline)) static void leak_branch(const uint8_t *s)
{
    if (s[0] & 1)
        sink++;
}

/* Deliberately leaky: a memory address from a secret byte. */
__attribute__((noinline)) static void leak_index(const uint8_t *s)
{
    static const uint8_t table[256] = {1};
    sink += table[s[1]];
}

static int fails;

static void expect(int ok, const char *what, const char *backend)
{
    if (!ok) {
        fails++;
        printf("ct_selftest: FAIL %s%s%s\n", what, backend ? " on " : "", backend ? backend : "");
    }
}

/* 1 if memcheck sees undefined bytes in every blk-sized piece of p (secrecy propagated). */
static int still_secret(const uint8_t *p, size_t n, size_t blk)
{
    for (size_t i = 0; i < n; i += blk)
        if (VALGRIND_CHECK_MEM_IS_DEFINED(p + i, blk) == 0)
            return 0;
    return 1;
}

static void check_detection(void)
{
    uint8_t s[2];
    unsigned before = VALGRIND_COUNT_ERRORS;
    ct_secret_fill(s, sizeof s, 1);
    leak_branch(s);
    expect(VALGRIND_COUNT_ERRORS > before, "a secret branch was not reported", NULL);
    before = VALGRIND_COUNT_ERRORS;
    leak_index(s);
    expect(VALGRIND_COUNT_ERRORS > before, "a secret table index was not reported", NULL);
    /* and a clean public computation is not */
    before = VALGRIND_COUNT_ERRORS;
    CT_PUBLIC(s, sizeof s);
    leak_branch(s);
    expect(VALGRIND_COUNT_ERRORS == before, "a public branch was reported", NULL);
}

#define NBLK 133

/* ECB and CTR of every cipher, from a secret key and a secret message. */
static void check_cipher_taint(const char *bname)
{
    static uint8_t msg[NBLK * 16], out[NBLK * 16];
    for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++) {
        karx_cipher_key key;
        uint8_t k[32], ctr[16] = {0};
        size_t B = karx_cipher_block_bytes((karx_cipher_alg)a);
        ct_secret_fill(k, sizeof k, (uint64_t)a);
        ct_secret_fill(msg, sizeof msg, 2);
        karx_cipher_set_key(&key, (karx_cipher_alg)a, k, karx_cipher_key_bytes((karx_cipher_alg)a));
        expect(still_secret((const uint8_t *)&key.u, B, B), "key schedule output public", bname);
        karx_ecb_encrypt(&key, out, msg, NBLK * B);
        expect(still_secret(out, NBLK * B, B), "ECB output public", bname);
        /* a public message under a secret key: the keystream alone must carry the secret */
        CT_PUBLIC(msg, sizeof msg);
        karx_ctr_xor(&key, ctr, out, msg, NBLK * B);
        expect(still_secret(out, NBLK * B, B), "CTR output public", bname);
        karx_cipher_key_wipe(&key);
    }
}

/* GHASH alone: a public message, a secret hash key (GCM tag over AAD only). */
static void check_ghash_taint(const char *bname)
{
    karx_gcm_key gk;
    uint8_t k[16], iv[12] = {0}, aad[300], tag[16];
    ct_secret_fill(k, sizeof k, 3);
    ct_fill(aad, sizeof aad, 4);
    karx_gcm_set_key(&gk, KARX_CIPHER_LEA128, k, sizeof k);
    /* the tag mask E(J0) also carries the key: compare two tags so that only GHASH differs */
    karx_gcm_seal(&gk, iv, sizeof iv, NULL, tag, sizeof tag, NULL, 0, aad, sizeof aad);
    expect(still_secret(tag, sizeof tag, sizeof tag), "GCM tag public", bname);
    karx_gcm_key_wipe(&gk);
}

/* LSH compression (through HMAC with a secret key) and the multi-lane batch. */
static void check_lsh_taint(const char *bname)
{
    uint8_t key[32], msg[8 * 300], mac[64];
    ct_secret_fill(key, sizeof key, 5);
    ct_fill(msg, sizeof msg, 6);
    for (int alg = KARX_LSH256_224; alg <= KARX_LSH512_512; alg++) {
        karx_hmac_lsh((karx_lsh_alg)alg, key, sizeof key, mac, sizeof mac, msg, 300);
        expect(still_secret(mac, karx_lsh_digest_bytes((karx_lsh_alg)alg), 8), "HMAC public",
               bname);
    }
    CT_SECRET(msg, sizeof msg);
    karx_lsh256_many(mac, 32, msg, 300, 2);
    expect(still_secret(mac, 64, 32), "LSH-256 lanes output public", bname);
    karx_lsh512_many(mac, 32, msg, 300, 2);
    expect(still_secret(mac, 64, 32), "LSH-512 lanes output public", bname);
}

int main(void)
{
    if (!RUNNING_ON_VALGRIND) {
        printf("ct_selftest: must run under valgrind\n");
        return 2;
    }
    check_detection();
    for (int b = 0; karx_backend_name((karx_backend)b) != NULL; b++) {
        if (karx_set_backend((karx_backend)b) != KARX_OK)
            continue;
        const char *name = karx_backend_name((karx_backend)b);
        check_cipher_taint(name);
        check_ghash_taint(name);
        check_lsh_taint(name);
        printf("ct_selftest: back end %s checked\n", name);
    }
    printf("ct_selftest: %s\n", fails ? "FAILED" : "the checker detects leaks; secrets propagate");
    return fails ? 1 : 0;
}
