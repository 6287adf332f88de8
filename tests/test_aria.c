/* ARIA tests.
 *  - the computed S-boxes (aria_core.h's substitution layers, every lane) against RFC 5794's
 *    published SB1..SB4 (tests/kat/rfc5794_aria_sbox.txt; the library holds no table);
 *  - the diffusion layer is an involution;
 *  - Crypto++ TestVectors/aria.txt (RFC 5794 Appendix A and the ARIA test-vector PDF's ECB, CBC
 *    and CTR over five blocks): through the block API, through every kernel, and through the
 *    registry's modes (karx_cipher_encrypt / decrypt), which have no ARIA code of their own;
 *  - random round trips, kernels against single blocks (in place, unaligned, CTR across carries);
 *  - bad key lengths, NULL arguments, use before a key is set, names and sizes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aria/aria_core.h"
#include "karx/aria.h"
#include "karx/cipher.h"
#include "karx/cpu.h"
#include "test_kernels.h"
#include "test_util.h"

#define MAXK 8
#define MAXB 1024

static const char *kat_dir = "tests/kat";
static const karx_block_kernels *kern[MAXK];
static const char *kname[MAXK];
static size_t nkern;

static FILE *open_kat(const char *name)
{
    return t_open_kat(kat_dir, name);
}

/* ---- S-boxes -------------------------------------------------------------------------------- */

/* Reads SB1..SB4 (tables[0..3]); 1 when all four are complete. */
static int read_sboxes(uint8_t tables[4][256])
{
    FILE *f = open_kat("rfc5794_aria_sbox.txt");
    if (f == NULL)
        return 0;
    char line[1024];
    int t = -1, n[4] = {0};
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (strncmp(line, "SB", 2) == 0) {
            t = line[2] - '1';
            continue;
        }
        uint8_t row[16];
        long got = t_unhex(line, row, sizeof row);
        CHECK(t >= 0 && t < 4 && got == 16 && n[t] + 16 <= 256, "S-box line: %s", line);
        if (t < 0 || t >= 4 || got != 16 || n[t] + 16 > 256)
            continue;
        memcpy(tables[t] + n[t], row, 16);
        n[t] += 16;
    }
    fclose(f);
    return n[0] == 256 && n[1] == 256 && n[2] == 256 && n[3] == 256;
}

static uint8_t lane(uint64_t w, int i) { return (uint8_t)(w >> (8 * i)); }

static void test_sboxes(void)
{
    static uint8_t sb[4][256];
    CHECK(read_sboxes(sb), "four complete S-box tables");
    /* the RFC's own statements about its tables, so a mistyped table fails here */
    CHECK(sb[0][0x23] == 0x26 && sb[3][0xef] == 0xd3, "SB1(0x23), SB4(0xef)");
    for (int x = 0; x < 256; x++)
        CHECK(sb[2][sb[0][x]] == x && sb[3][sb[1][x]] == x, "SB3, SB4 invert SB1, SB2 at %d", x);
    /* SL1 puts SB1..SB4 on lanes 0..3 (and 4..7), SL2 SB3, SB4, SB1, SB2 */
    unsigned bad = 0;
    for (int x = 0; x < 256; x++) {
        uint64_t w = (uint64_t)x * 0x0101010101010101ull;
        uint64_t o1 = karx_aria_sl(w, 0), o2 = karx_aria_sl(w, 1);
        for (int i = 0; i < 8; i++)
            bad += lane(o1, i) != sb[i % 4][x] || lane(o2, i) != sb[(i + 2) % 4][x];
    }
    CHECK(bad == 0, "computed S-boxes differ from RFC 5794's tables in %u places", bad);
    /* different bytes in the lanes: no lane leaks into another */
    bad = 0;
    for (int r = 0; r < 4096; r++) {
        uint64_t w = t_rand64(), o1 = karx_aria_sl(w, 0), o2 = karx_aria_sl(w, 1);
        for (int i = 0; i < 8; i++)
            bad += lane(o1, i) != sb[i % 4][lane(w, i)] ||
                   lane(o2, i) != sb[(i + 2) % 4][lane(w, i)];
    }
    CHECK(bad == 0, "mixed lanes: %u wrong", bad);
}

static void test_diffusion(void)
{
    for (int r = 0; r < 1000; r++) {
        uint64_t s[2] = {t_rand64(), t_rand64()}, t[2] = {s[0], s[1]};
        karx_aria_diffuse(t);
        CHECK(t[0] != s[0] || t[1] != s[1] || (s[0] | s[1]) == 0, "A moved nothing");
        karx_aria_diffuse(t);
        CHECK(t[0] == s[0] && t[1] == s[1], "A(A(x)) != x");
    }
}

/* ---- Crypto++ vectors ----------------------------------------------------------------------- */

typedef struct record {
    char mode[8];
    uint8_t key[32], iv[16], pt[MAXB], ct[MAXB];
    long klen, ivlen, ptlen, ctlen;
} record;

static karx_cipher_alg alg_of(size_t klen)
{
    return klen == 16   ? KARX_CIPHER_ARIA128
           : klen == 24 ? KARX_CIPHER_ARIA192
                        : KARX_CIPHER_ARIA256;
}

/* The record through the block API (ECB only), every kernel (ECB, CTR) and the registry's
 * modes both ways. */
static void check_record(const record *r)
{
    const size_t len = (size_t)r->ptlen, nb = len / 16;
    const int ecb = !strcmp(r->mode, "ECB"), ctr = !strcmp(r->mode, "CTR");
    static uint8_t buf[MAXB];
    karx_aria_key k;
    CHECK(karx_aria_set_key(&k, r->key, (size_t)r->klen) == KARX_OK, "set key");
    if (ecb) {
        for (size_t b = 0; b < nb; b++) {
            karx_aria_encrypt_block(&k, buf + 16 * b, r->pt + 16 * b);
            karx_aria_decrypt_block(&k, buf + 16 * b, buf + 16 * b);
        }
        CHECK(memcmp(buf, r->pt, len) == 0, "block API round trip");
        for (size_t b = 0; b < nb; b++)
            karx_aria_encrypt_block(&k, buf + 16 * b, r->pt + 16 * b);
        CHECK(memcmp(buf, r->ct, len) == 0, "ECB block API, key %ld bytes", r->klen);
    }
    for (size_t i = 0; i < nkern && (ecb || ctr); i++) {
        if (ecb) {
            kern[i]->ecb_encrypt(&k, buf, r->pt, nb);
            CHECK(memcmp(buf, r->ct, len) == 0, "%s ecb_encrypt", kname[i]);
            kern[i]->ecb_decrypt(&k, buf, r->ct, nb);
            CHECK(memcmp(buf, r->pt, len) == 0, "%s ecb_decrypt", kname[i]);
        } else {
            kern[i]->ctr_xor(&k, buf, r->pt, nb, r->iv);
            CHECK(memcmp(buf, r->ct, len) == 0, "%s ctr_xor", kname[i]);
        }
    }
    karx_mode mode;
    CHECK(karx_mode_from_name(r->mode, &mode) == KARX_OK, "mode %s", r->mode);
    const karx_cipher_alg alg = alg_of((size_t)r->klen);
    const size_t ivl = ecb ? 0 : 16;
    size_t n = 0;
    CHECK(karx_cipher_encrypt(alg, mode, KARX_PAD_NONE, r->key, (size_t)r->klen, r->iv, ivl, buf,
                              sizeof buf, &n, r->pt, len) == KARX_OK && n == len &&
              memcmp(buf, r->ct, len) == 0,
          "%s %s encrypt through the registry", karx_cipher_name(alg), r->mode);
    CHECK(karx_cipher_decrypt(alg, mode, KARX_PAD_NONE, r->key, (size_t)r->klen, r->iv, ivl, buf,
                              sizeof buf, &n, r->ct, len) == KARX_OK && n == len &&
              memcmp(buf, r->pt, len) == 0,
          "%s %s decrypt through the registry", karx_cipher_name(alg), r->mode);
    karx_aria_key_wipe(&k);
}

/* Appends the hex of s (a value that may go on over lines ending in '\'); 0 on a bad digit. */
static int add_hex(const char *s, uint8_t *out, long *len, size_t cap)
{
    char tmp[512];
    size_t n = 0;
    for (; *s && *s != '\\' && *s != '\n' && n + 1 < sizeof tmp; s++)
        tmp[n++] = *s;
    tmp[n] = 0;
    long got = t_unhex(tmp, out + *len, cap - (size_t)*len);
    if (got < 0)
        return 0;
    *len += got;
    return 1;
}

static void test_cryptopp(void)
{
    FILE *f = open_kat("cryptopp_aria.txt");
    if (f == NULL)
        return;
    static record r;
    char line[1024];
    unsigned counts[3] = {0}; /* ECB, CBC, CTR */
    uint8_t *field = NULL;
    long *flen = NULL;
    size_t fcap = 0;
    memset(&r, 0, sizeof r);
    while (fgets(line, sizeof line, f)) {
        int more = strchr(line, '\\') != NULL;
        const char *v = strchr(line, ':');
        if (line[0] == ' ' && field != NULL) { /* continuation */
            CHECK(add_hex(line, field, flen, fcap), "hex: %s", line);
        } else if (v != NULL) {
            v++;
            field = NULL;
            if (!strncmp(line, "Name:", 5)) {
                const char *m = strchr(v, '/');
                snprintf(r.mode, sizeof r.mode, "%.3s", m ? m + 1 : "");
            } else if (!strncmp(line, "Key:", 4)) {
                field = r.key, flen = &r.klen, fcap = sizeof r.key, r.klen = 0;
            } else if (!strncmp(line, "IV:", 3)) {
                field = r.iv, flen = &r.ivlen, fcap = sizeof r.iv, r.ivlen = 0;
            } else if (!strncmp(line, "Plaintext:", 10)) {
                field = r.pt, flen = &r.ptlen, fcap = sizeof r.pt, r.ptlen = 0;
            } else if (!strncmp(line, "Ciphertext:", 11)) {
                field = r.ct, flen = &r.ctlen, fcap = sizeof r.ct, r.ctlen = 0;
            } else if (!strncmp(line, "Test:", 5)) {
                int m = !strcmp(r.mode, "ECB") ? 0 : !strcmp(r.mode, "CBC") ? 1 : 2;
                CHECK((r.klen == 16 || r.klen == 24 || r.klen == 32) && r.ptlen == r.ctlen &&
                          r.ptlen % 16 == 0 && (m == 0 || r.ivlen == 16),
                      "record lengths %ld %ld %ld %ld", r.klen, r.ivlen, r.ptlen, r.ctlen);
                check_record(&r);
                counts[m]++;
            }
            if (field != NULL)
                CHECK(add_hex(v, field, flen, fcap), "hex: %s", line);
        }
        if (!more)
            field = NULL;
    }
    fclose(f);
    CHECK(counts[0] == 6 && counts[1] == 3 && counts[2] == 3,
          "cryptopp_aria.txt: %u ECB, %u CBC, %u CTR records (expected 6, 3, 3)", counts[0],
          counts[1], counts[2]);
    printf("cryptopp_aria.txt: %u ECB, %u CBC, %u CTR records through the block API, %zu kernel "
           "table(s) and the registry's modes\n",
           counts[0], counts[1], counts[2], nkern);
}

/* ---- random data: kernels against single blocks ---------------------------------------------- */

static void random_key(karx_aria_key *k, size_t *klen)
{
    uint8_t raw[32];
    *klen = 16 + 8 * (size_t)(t_rand64() % 3);
    t_fill(raw, sizeof raw);
    CHECK(karx_aria_set_key(k, raw, *klen) == KARX_OK, "random key");
    CHECK(k->rounds == 12 + (*klen - 16) / 4, "rounds %u for %zu bytes", k->rounds, *klen);
}

/* out = in ^ E(ctr + i), block by block through the block API. */
static void ref_ctr(const karx_aria_key *k, uint8_t *out, const uint8_t *in, size_t nb,
                    const uint8_t *ctr)
{
    uint8_t c[16], e[16];
    memcpy(c, ctr, 16);
    for (size_t b = 0; b < nb; b++) {
        karx_aria_encrypt_block(k, e, c);
        for (int i = 0; i < 16; i++)
            out[16 * b + i] = in[16 * b + i] ^ e[i];
        karx_i_ctr_add(c, 16, 1);
    }
}

static void test_random(void)
{
    static uint8_t pt[MAXB + 1], ref[MAXB], got[MAXB + 1], ctr[16];
    for (int run = 0; run < 120; run++) {
        karx_aria_key k;
        /* up to 63 blocks: whole groups of the widest kernel (16), registers and tails */
        size_t klen, nb = (size_t)(t_rand64() % (run < 40 ? 20 : MAXB / 16));
        size_t off = (size_t)(run & 1);
        random_key(&k, &klen);
        t_fill(pt, sizeof pt);
        t_fill(ctr, sizeof ctr);
        ctr[0] &= 0x7f; /* no wrap past all-ones inside a call (the kernel contract) */
        if (run % 3 == 0) /* low bytes all-ones: the counter carries across them in the call */
            memset(ctr + 4 + run % 12, 0xff, 12 - (size_t)(run % 12));
        if (run % 3 == 1) /* the low half a few blocks before its wrap: groups on either side */
            for (int i = 0; i < 8; i++)
                ctr[8 + i] = (uint8_t)((UINT64_MAX - (uint64_t)(run % 50)) >> (56 - 8 * i));
        for (size_t b = 0; b < nb; b++)
            karx_aria_encrypt_block(&k, ref + 16 * b, pt + 16 * b);
        for (size_t b = 0; b < nb; b++) {
            uint8_t back[16];
            karx_aria_decrypt_block(&k, back, ref + 16 * b);
            CHECK(memcmp(back, pt + 16 * b, 16) == 0, "decrypt(encrypt(x)) != x");
        }
        for (size_t i = 0; i < nkern; i++) {
            memcpy(got + off, pt, 16 * nb);
            kern[i]->ecb_encrypt(&k, got + off, got + off, nb); /* in place, maybe unaligned */
            CHECK(memcmp(got + off, ref, 16 * nb) == 0, "%s ecb_encrypt, %zu blocks", kname[i], nb);
            kern[i]->ecb_decrypt(&k, got + off, ref, nb);
            CHECK(memcmp(got + off, pt, 16 * nb) == 0, "%s ecb_decrypt, %zu blocks", kname[i], nb);
            ref_ctr(&k, ref, pt, nb, ctr);
            kern[i]->ctr_xor(&k, got + off, pt, nb, ctr);
            CHECK(memcmp(got + off, ref, 16 * nb) == 0, "%s ctr_xor, %zu blocks", kname[i], nb);
            for (size_t b = 0; b < nb; b++)
                karx_aria_encrypt_block(&k, ref + 16 * b, pt + 16 * b);
        }
        karx_aria_key_wipe(&k);
    }
}

/* ---- the API's edges ------------------------------------------------------------------------ */

static void test_api(void)
{
    static const size_t bad[] = {0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 48, 64};
    uint8_t raw[64] = {1, 2, 3}, blk[16] = {0};
    karx_aria_key k;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(karx_aria_set_key(&k, raw, 32) == KARX_OK, "good key");
        CHECK(karx_aria_set_key(&k, raw, bad[i]) == KARX_ERR_KEY_LENGTH, "key length %zu", bad[i]);
        CHECK(t_all_zero(&k, sizeof k), "key wiped after length %zu", bad[i]);
        karx_cipher_key ck;
        CHECK(karx_cipher_set_key(&ck, KARX_CIPHER_ARIA128, raw, bad[i]) == KARX_ERR_KEY_LENGTH,
              "cipher key length %zu", bad[i]);
    }
    CHECK(karx_cipher_set_key(&(karx_cipher_key){0}, KARX_CIPHER_ARIA192, raw, 16) ==
              KARX_ERR_KEY_LENGTH, "ARIA-192 with a 16-byte key");
    CHECK(karx_aria_set_key(NULL, raw, 16) == KARX_ERR_ARGUMENT, "NULL key");
    CHECK(karx_aria_set_key(&k, NULL, 16) == KARX_ERR_ARGUMENT, "NULL bytes");
    CHECK(karx_aria_encrypt_block(&k, blk, blk) == KARX_ERR_STATE, "no key set");
    CHECK(karx_aria_decrypt_block(&k, blk, blk) == KARX_ERR_STATE, "no key set (decrypt)");
    CHECK(karx_aria_set_key(&k, raw, 24) == KARX_OK && k.rounds == 14, "ARIA-192 rounds");
    CHECK(t_all_zero(k.ek[15], 32) && t_all_zero(k.dk[15], 32), "unused round keys are zero");
    k.rounds = 13; /* not a round count of ARIA: treated as no key */
    CHECK(karx_aria_encrypt_block(&k, blk, blk) == KARX_ERR_STATE, "13 rounds");
    k.rounds = 14;
    CHECK(karx_aria_encrypt_block(NULL, blk, blk) == KARX_ERR_ARGUMENT &&
              karx_aria_encrypt_block(&k, NULL, blk) == KARX_ERR_ARGUMENT &&
              karx_aria_decrypt_block(&k, blk, NULL) == KARX_ERR_ARGUMENT,
          "NULL block arguments");
    karx_aria_key_wipe(&k);
    CHECK(t_all_zero(&k, sizeof k) && karx_aria_block_bytes() == 16, "wipe, block bytes");
    karx_aria_key_wipe(NULL);
    /* names and sizes come from the registry */
    static const struct {
        const char *name;
        karx_cipher_alg alg;
        size_t key_bytes;
    } names[] = {{"aria128", KARX_CIPHER_ARIA128, 16}, {"ARIA-192", KARX_CIPHER_ARIA192, 24},
                 {"Aria_256", KARX_CIPHER_ARIA256, 32}};
    for (size_t i = 0; i < 3; i++) {
        karx_cipher_alg a = (karx_cipher_alg)0;
        CHECK(karx_cipher_from_name(names[i].name, &a) == KARX_OK && a == names[i].alg,
              "name %s", names[i].name);
        CHECK(karx_cipher_key_bytes(a) == names[i].key_bytes && karx_cipher_block_bytes(a) == 16,
              "%s sizes", names[i].name);
    }
    CHECK(sizeof(karx_aria_key) <= sizeof(((karx_cipher_key *)0)->u), "key fits the union");
}

/* The key schedule runs the GFNI code's steps where a GFNI kernel is chosen (aria.c): under
 * every back end the round keys equal the portable back end's, for every key length. */
static void test_schedule_backends(void)
{
    karx_backend orig = karx_get_backend();
    size_t runs = 0;
    for (int n = 0; n < 30; n++) {
        uint8_t raw[32];
        size_t klen = 16 + 8 * (size_t)(n % 3);
        t_fill(raw, sizeof raw);
        karx_aria_key ref, k;
        karx_set_backend(KARX_BACKEND_PORTABLE);
        CHECK(karx_aria_set_key(&ref, raw, klen) == KARX_OK, "portable schedule");
        for (int b = 0; karx_backend_name((karx_backend)b) != NULL; b++) {
            if (karx_set_backend((karx_backend)b) != KARX_OK)
                continue;
            CHECK(karx_aria_set_key(&k, raw, klen) == KARX_OK &&
                      memcmp(&k, &ref, sizeof k) == 0,
                  "%zu-byte key: schedule at %s = portable", klen,
                  karx_backend_name((karx_backend)b));
            runs++;
        }
    }
    karx_set_backend(orig);
    printf("%zu key schedules compared with the portable back end's\n", runs);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        kat_dir = argv[1];
    t_seed_from_env();
    nkern = t_cipher_kernels(KARX_CIPHER_ARIA128, kern, kname, MAXK);
    CHECK(nkern >= 1 && kern[0] == &karx_i_aria_portable, "kernel list starts with portable");
    test_sboxes();
    test_diffusion();
    test_cryptopp();
    test_random();
    test_schedule_backends();
    test_api();
    return t_finish("aria");
}
