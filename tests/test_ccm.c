/* CCM tests:
 *  - the KISA LEA CCM vectors (LEA-128/192/256, 8-byte nonce, 16-byte tag) through every back
 *    end, one-shot and scheduled-key forms, out of place and in place;
 *  - an independent route: CCM computed here by its definition (SP 800-38C A.2: B0 formatting,
 *    AAD length prefix, the whole formatted string CBC-MACed, counter blocks A_i built byte by
 *    byte, tag = MAC xor E(A_0)) from karx_cipher_encrypt_block only, against the library for
 *    CHAM-128/128 and CHAM-128/256 over every nonce length 7..13, every tag length
 *    4..16 even, AAD lengths 0, 1, 14, 15, 16, 300, 65300 (the last forces the 6-byte prefix)
 *    and payloads 0, 1, 15, 16, 17, 1000; then random cases (any 128-bit cipher, lengths across
 *    the library's 4 KiB chunk) on every back end;
 *  - bad input: statuses for each wrong length / id / NULL, nothing written on those; forged
 *    tag / ciphertext / AAD / nonce give KARX_ERR_AUTHENTICATION with out wiped;
 *  - streaming (karx_ccm_init/aad/update/final/verify) equals the one-shot at every split of the
 *    AAD and of the payload, on the KATs and the model cases; its length and state errors;
 *  - open never puts plaintext into out before the tag is checked: a second process watches out
 *    (shared memory) while forged messages are opened. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "karx/ccm.h"
#include "karx/cpu.h"
#include "test_util.h"

/* ---- the independent model ---- */
static void ref_ccm(karx_cipher_alg alg, const uint8_t *key, size_t key_len, const uint8_t *n,
                    size_t nl, const uint8_t *a, size_t al, const uint8_t *p, size_t pl,
                    size_t tl, uint8_t *c, uint8_t *tag)
{
    karx_cipher_key k;
    if (karx_cipher_set_key(&k, alg, key, key_len) != KARX_OK) {
        fprintf(stderr, "ref_ccm: set_key failed\n");
        exit(2);
    }
    size_t q = 15 - nl;
    /* Formatted string: B0 || [prefix || A padded] || P padded. */
    size_t alen_enc = al == 0 ? 0 : (al < 0xff00 ? 2 : 6);
    size_t abytes = al == 0 ? 0 : ((alen_enc + al + 15) / 16) * 16;
    size_t pbytes = ((pl + 15) / 16) * 16;
    size_t total = 16 + abytes + pbytes;
    uint8_t *f = calloc(total, 1);
    if (f == NULL)
        exit(2);
    f[0] = (uint8_t)((al ? 64 : 0) + 8 * ((tl - 2) / 2) + (q - 1));
    for (size_t i = 0; i < nl; i++)
        f[1 + i] = n[i];
    for (size_t i = 0; i < q; i++)
        f[15 - i] = (uint8_t)((unsigned long long)pl >> (8 * i));
    size_t pos = 16;
    if (al != 0) {
        if (alen_enc == 2) {
            f[pos] = (uint8_t)(al >> 8);
            f[pos + 1] = (uint8_t)al;
        } else {
            f[pos] = 0xff;
            f[pos + 1] = 0xfe;
            f[pos + 2] = (uint8_t)(al >> 24);
            f[pos + 3] = (uint8_t)(al >> 16);
            f[pos + 4] = (uint8_t)(al >> 8);
            f[pos + 5] = (uint8_t)al;
        }
        memcpy(f + pos + alen_enc, a, al);
        pos += abytes;
    }
    if (pl)
        memcpy(f + pos, p, pl);
    uint8_t y[16] = {0};
    for (size_t off = 0; off < total; off += 16) {
        for (int i = 0; i < 16; i++)
            y[i] ^= f[off + i];
        karx_cipher_encrypt_block(&k, y, y);
    }
    /* Counter blocks A_i = (q - 1) || N || [i]_q. */
    uint8_t A[16], S[16];
    for (size_t j = 0; j * 16 < pl; j++) {
        unsigned long long idx = (unsigned long long)j + 1;
        A[0] = (uint8_t)(q - 1);
        memcpy(A + 1, n, nl);
        for (size_t i = 0; i < q; i++)
            A[15 - i] = (uint8_t)(idx >> (8 * i));
        karx_cipher_encrypt_block(&k, S, A);
        for (size_t i = 0; i < 16 && j * 16 + i < pl; i++)
            c[j * 16 + i] = (uint8_t)(p[j * 16 + i] ^ S[i]);
    }
    A[0] = (uint8_t)(q - 1);
    memcpy(A + 1, n, nl);
    memset(A + 1 + nl, 0, q);
    karx_cipher_encrypt_block(&k, S, A);
    for (size_t i = 0; i < tl; i++)
        tag[i] = (uint8_t)(y[i] ^ S[i]);
    free(f);
    karx_cipher_key_wipe(&k);
}

/* Streaming seal / open of one message, the AAD cut at sa and the payload at sp and sp2
 * (sp <= sp2 <= pl); 0 on success. */
static karx_status stream_run(karx_cipher_alg alg, const uint8_t *key, size_t kl, int encrypt,
                              const uint8_t *n, size_t nl, const uint8_t *a, size_t al,
                              size_t sa, uint8_t *out, const uint8_t *in, size_t pl, size_t sp,
                              size_t sp2, uint8_t *tag, size_t tl)
{
    karx_ccm_ctx c;
    karx_status st = karx_ccm_init(&c, alg, key, kl, encrypt, n, nl, al, pl, tl);
    if (st == KARX_OK) st = karx_ccm_aad(&c, a, sa);
    if (st == KARX_OK) st = karx_ccm_aad(&c, a + sa, al - sa);
    if (st == KARX_OK) st = karx_ccm_update(&c, out, in, sp);
    if (st == KARX_OK) st = karx_ccm_update(&c, out + sp, in + sp, sp2 - sp);
    if (st == KARX_OK) st = karx_ccm_update(&c, out + sp2, in + sp2, pl - sp2);
    if (st == KARX_OK)
        st = encrypt == KARX_ENCRYPT ? karx_ccm_final(&c, tag, tl) : karx_ccm_final_verify(&c, tag, tl);
    karx_ccm_ctx_wipe(&c);
    return st;
}

/* Streaming against expected ct / tag at the given cuts, both directions, in place too. */
static void check_stream(const char *what, karx_cipher_alg alg, const uint8_t *key, size_t kl,
                         const uint8_t *n, size_t nl, const uint8_t *a, size_t al, size_t sa,
                         const uint8_t *p, size_t pl, size_t sp, size_t sp2, const uint8_t *ect,
                         const uint8_t *etag, size_t tl)
{
    uint8_t *o = malloc(pl + 1), tag[16];
    if (o == NULL)
        exit(2);
    karx_status st = stream_run(alg, key, kl, KARX_ENCRYPT, n, nl, a, al, sa, o, p, pl, sp, sp2,
                                tag, tl);
    CHECK(st == KARX_OK && memcmp(o, ect, pl) == 0 && memcmp(tag, etag, tl) == 0,
          "%s: stream enc (st %d, al %zu/%zu pl %zu/%zu/%zu)", what, (int)st, sa, al, sp, sp2, pl);
    memcpy(tag, etag, tl);
    st = stream_run(alg, key, kl, KARX_DECRYPT, n, nl, a, al, sa, o, ect, pl, sp, sp2, tag, tl);
    CHECK(st == KARX_OK && memcmp(o, p, pl) == 0, "%s: stream dec (st %d, cuts %zu %zu %zu)",
          what, (int)st, sa, sp, sp2);
    if (pl) {
        memcpy(o, ect, pl);
        st = stream_run(alg, key, kl, KARX_DECRYPT, n, nl, a, al, sa, o, o, pl, sp, sp2, tag, tl);
        CHECK(st == KARX_OK && memcmp(o, p, pl) == 0, "%s: stream dec in place", what);
    }
    tag[0] ^= 1;
    st = stream_run(alg, key, kl, KARX_DECRYPT, n, nl, a, al, sa, o, ect, pl, sp, sp2, tag, tl);
    CHECK(st == KARX_ERR_AUTHENTICATION, "%s: stream verify of a forged tag (st %d)", what,
          (int)st);
    free(o);
}

/* One case against expected ct/tag: one-shot and seal/open, out of place and in place. */
static void check_case(const char *what, karx_cipher_alg alg, const uint8_t *key, size_t kl,
                       const uint8_t *n, size_t nl, const uint8_t *a, size_t al,
                       const uint8_t *p, size_t pl, const uint8_t *ect, const uint8_t *etag,
                       size_t tl)
{
    uint8_t *ct = malloc(pl + 1), *pt = malloc(pl + 1), *buf = malloc(pl + 1);
    uint8_t tag[16];
    if (!ct || !pt || !buf)
        exit(2);
    karx_status st = karx_ccm_encrypt(alg, key, kl, n, nl, ct, tag, tl, p, pl, a, al);
    CHECK(st == KARX_OK && memcmp(ct, ect, pl) == 0 && memcmp(tag, etag, tl) == 0,
          "%s: encrypt (st %d, alg %d nl %zu al %zu pl %zu tl %zu)", what, (int)st, (int)alg, nl,
          al, pl, tl);
    st = karx_ccm_decrypt(alg, key, kl, n, nl, pt, etag, tl, ect, pl, a, al);
    CHECK(st == KARX_OK && memcmp(pt, p, pl) == 0, "%s: decrypt (st %d, pl %zu)", what, (int)st,
          pl);
    /* in place */
    if (pl)
        memcpy(buf, p, pl);
    st = karx_ccm_encrypt(alg, key, kl, n, nl, buf, tag, tl, buf, pl, a, al);
    CHECK(st == KARX_OK && memcmp(buf, ect, pl) == 0 && memcmp(tag, etag, tl) == 0,
          "%s: encrypt in place", what);
    st = karx_ccm_decrypt(alg, key, kl, n, nl, buf, etag, tl, buf, pl, a, al);
    CHECK(st == KARX_OK && memcmp(buf, p, pl) == 0, "%s: decrypt in place", what);
    /* scheduled key */
    karx_cipher_key k;
    CHECK(karx_cipher_set_key(&k, alg, key, kl) == KARX_OK, "%s: set_key", what);
    st = karx_ccm_seal(&k, n, nl, ct, tag, tl, p, pl, a, al);
    CHECK(st == KARX_OK && memcmp(ct, ect, pl) == 0 && memcmp(tag, etag, tl) == 0,
          "%s: seal", what);
    st = karx_ccm_open(&k, n, nl, pt, etag, tl, ect, pl, a, al);
    CHECK(st == KARX_OK && memcmp(pt, p, pl) == 0, "%s: open", what);
    karx_cipher_key_wipe(&k);
    /* streaming, cut near the block boundaries (every cut: run_stream_splits) */
    check_stream(what, alg, key, kl, n, nl, a, al, al > 3 ? 3 : al, p, pl, pl > 1 ? 1 : pl,
                 pl > 17 ? 17 : pl, ect, etag, tl);
    free(ct);
    free(pt);
    free(buf);
}

/* ---- KISA LEA CCM vectors ---- */
static size_t run_kat_file(const char *dir)
{
    FILE *fp = t_open_kat(dir, "kisa_lea_modes_vs.txt");
    if (fp == NULL)
        return 0;
    static char line[65536];
    static uint8_t key[32], nonce[16], aad[4096], pt[4096], ct[4096], tag[16];
    long kl = 0, nl = 0, al = 0, pl = 0, cl = 0, tl = 0;
    int in_ccm = 0;
    karx_cipher_alg alg = KARX_CIPHER_LEA128;
    size_t cases = 0;
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '[') {
            in_ccm = strstr(line, "CCM") != NULL;
            if (strstr(line, "LEA-128"))
                alg = KARX_CIPHER_LEA128;
            else if (strstr(line, "LEA-192"))
                alg = KARX_CIPHER_LEA192;
            else if (strstr(line, "LEA-256"))
                alg = KARX_CIPHER_LEA256;
            else
                in_ccm = 0;
            continue;
        }
        if (!in_ccm)
            continue;
        char *eq = strchr(line, '=');
        if (eq == NULL)
            continue;
        const char *v = eq + 1;
        if (strncmp(line, "KEY", 3) == 0)
            kl = t_unhex(v, key, sizeof key);
        else if (strncmp(line, "NONCE", 5) == 0)
            nl = t_unhex(v, nonce, sizeof nonce);
        else if (strncmp(line, "ADATA", 5) == 0)
            al = t_unhex(v, aad, sizeof aad);
        else if (strncmp(line, "PT", 2) == 0)
            pl = t_unhex(v, pt, sizeof pt);
        else if (strncmp(line, "CT", 2) == 0)
            cl = t_unhex(v, ct, sizeof ct);
        else if (strncmp(line, "TAG", 3) == 0) {
            tl = t_unhex(v, tag, sizeof tag);
            CHECK(kl > 0 && nl == 8 && al >= 0 && pl >= 0 && cl == pl && tl == 16,
                  "KAT parse (case %zu)", cases);
            if (kl > 0 && nl > 0 && al >= 0 && pl >= 0 && cl == pl && tl > 0) {
                char what[64];
                snprintf(what, sizeof what, "KAT %s #%zu", karx_cipher_name(alg), cases);
                check_case(what, alg, key, (size_t)kl, nonce, (size_t)nl, aad, (size_t)al, pt,
                           (size_t)pl, ct, tag, (size_t)tl);
                /* and the model agrees with the vector (it is the oracle below) */
                uint8_t mct[4096], mtag[16];
                ref_ccm(alg, key, (size_t)kl, nonce, (size_t)nl, aad, (size_t)al, pt,
                        (size_t)pl, (size_t)tl, mct, mtag);
                CHECK(memcmp(mct, ct, (size_t)pl) == 0 && memcmp(mtag, tag, (size_t)tl) == 0,
                      "model vs KAT #%zu", cases);
                cases++;
            }
            kl = nl = al = pl = cl = tl = -1;
        }
    }
    fclose(fp);
    return cases;
}

/* One case against the model, with random key / nonce / data. */
static void model_case(karx_cipher_alg alg, size_t nl, size_t tl, size_t al, size_t pl)
{
    size_t kl = karx_cipher_key_bytes(alg);
    uint8_t key[32], n[16], etag[16];
    uint8_t *a = malloc(al + 1), *p = malloc(pl + 1), *ect = malloc(pl + 1);
    if (!a || !p || !ect)
        exit(2);
    t_fill(key, kl);
    t_fill(n, nl);
    t_fill(a, al);
    t_fill(p, pl);
    ref_ccm(alg, key, kl, n, nl, a, al, p, pl, tl, ect, etag);
    char what[96];
    snprintf(what, sizeof what, "model %s be %s", karx_cipher_name(alg),
             karx_backend_name(karx_get_backend()));
    check_case(what, alg, key, kl, n, nl, a, al, p, pl, ect, etag, tl);
    free(a);
    free(p);
    free(ect);
}

static void run_matrix(karx_cipher_alg alg)
{
    static const size_t aads[] = {0, 1, 14, 15, 16, 300, 65300};
    static const size_t pays[] = {0, 1, 15, 16, 17, 1000};
    for (size_t nl = 7; nl <= 13; nl++)
        for (size_t tl = 4; tl <= 16; tl += 2)
            for (size_t i = 0; i < sizeof aads / sizeof aads[0]; i++)
                for (size_t j = 0; j < sizeof pays / sizeof pays[0]; j++)
                    model_case(alg, nl, tl, aads[i], pays[j]);
}

static void run_random(int count)
{
    static const karx_cipher_alg algs[] = {KARX_CIPHER_LEA128, KARX_CIPHER_LEA192,
                                           KARX_CIPHER_LEA256, KARX_CIPHER_CHAM128_128,
                                           KARX_CIPHER_CHAM128_256};
    for (int i = 0; i < count; i++) {
        karx_cipher_alg alg = algs[t_rand64() % 5];
        size_t nl = 7 + (size_t)(t_rand64() % 7);
        size_t tl = 4 + 2 * (size_t)(t_rand64() % 7);
        size_t al = (size_t)(t_rand64() % 3 == 0 ? 0 : t_rand64() % 600);
        size_t pl = (size_t)(t_rand64() % 4 == 0 ? t_rand64() % 40 : t_rand64() % 9000);
        model_case(alg, nl, tl, al, pl);
    }
    /* across several chunks, with the shortest q that allows it */
    model_case(KARX_CIPHER_LEA128, 12, 16, 20, 70001);
    model_case(KARX_CIPHER_CHAM128_256, 13, 8, 0, 65535); /* the longest payload for q = 2 */
}

/* ---- bad input ---- */
static void run_bad_input(void)
{
    uint8_t key[32] = {1, 2, 3}, n[16] = {4, 5, 6}, a[32] = {7}, p[64] = {8}, c[64], t[16];
    uint8_t o[64], tag[16];
    const karx_cipher_alg L = KARX_CIPHER_LEA128;

    CHECK(karx_ccm_nonce_min_bytes() == 7 && karx_ccm_nonce_max_bytes() == 13 &&
              karx_ccm_tag_min_bytes() == 4 && karx_ccm_tag_max_bytes() == 16,
          "size functions");
    CHECK(karx_ccm_max_payload_bytes(13) == 65535 && karx_ccm_max_payload_bytes(12) == 0xffffff &&
              karx_ccm_max_payload_bytes(7) == SIZE_MAX && karx_ccm_max_payload_bytes(6) == 0 &&
              karx_ccm_max_payload_bytes(14) == 0,
          "max payload");

    /* algorithm and key */
    CHECK(karx_ccm_encrypt(KARX_CIPHER_HIGHT, key, 16, n, 8, c, t, 16, p, 16, a, 4) ==
              KARX_ERR_UNSUPPORTED, "hight");
    CHECK(karx_ccm_decrypt(KARX_CIPHER_CHAM64_128, key, 16, n, 8, c, t, 16, p, 16, a, 4) ==
              KARX_ERR_UNSUPPORTED, "cham64");
    CHECK(karx_ccm_encrypt((karx_cipher_alg)0, key, 16, n, 8, c, t, 16, p, 16, a, 4) ==
              KARX_ERR_UNKNOWN_ALGORITHM, "alg 0");
    CHECK(karx_ccm_encrypt((karx_cipher_alg)99, key, 16, n, 8, c, t, 16, p, 16, a, 4) ==
              KARX_ERR_UNKNOWN_ALGORITHM, "alg 99");
    CHECK(karx_ccm_encrypt(L, key, 24, n, 8, c, t, 16, p, 16, a, 4) == KARX_ERR_KEY_LENGTH,
          "key len");
    CHECK(karx_ccm_decrypt(KARX_CIPHER_CHAM128_256, key, 16, n, 8, c, t, 16, p, 16, a, 4) ==
              KARX_ERR_KEY_LENGTH, "key len dec");
    CHECK(karx_ccm_encrypt(L, NULL, 16, n, 8, c, t, 16, p, 16, a, 4) == KARX_ERR_ARGUMENT,
          "NULL key");

    /* nonce and tag lengths */
    for (size_t nl = 0; nl <= 16; nl++) {
        karx_status want = nl >= 7 && nl <= 13 ? KARX_OK : KARX_ERR_IV_LENGTH;
        CHECK(karx_ccm_encrypt(L, key, 16, n, nl, c, t, 16, p, 16, a, 4) == want, "nonce %zu", nl);
    }
    for (size_t tl = 0; tl <= 20; tl++) {
        karx_status want = tl >= 4 && tl <= 16 && tl % 2 == 0 ? KARX_OK : KARX_ERR_ARGUMENT;
        CHECK(karx_ccm_encrypt(L, key, 16, n, 8, c, t, tl, p, 16, a, 4) == want, "tag %zu", tl);
        if (want != KARX_OK)
            CHECK(karx_ccm_decrypt(L, key, 16, n, 8, c, t, tl, p, 16, a, 4) == want, "dec tag %zu",
                  tl);
    }

    /* payload too long for q; nothing is read or written before the check, so the buffer may
     * be shorter than the claimed length */
    {
        size_t big = 65536;
        uint8_t *bp = calloc(big, 1), *bo = malloc(big);
        if (!bp || !bo)
            exit(2);
        memset(bo, 0xa5, big);
        CHECK(karx_ccm_encrypt(L, key, 16, n, 13, bo, t, 16, bp, big, a, 4) == KARX_ERR_DATA_LENGTH,
              "nonce 13, 65536 bytes");
        CHECK(bo[0] == 0xa5 && bo[big - 1] == 0xa5, "nothing written on DATA_LENGTH");
        CHECK(karx_ccm_decrypt(L, key, 16, n, 13, bo, t, 16, bp, big, a, 4) == KARX_ERR_DATA_LENGTH,
              "dec nonce 13, 65536 bytes");
        CHECK(karx_ccm_encrypt(L, key, 16, n, 13, bo, t, 16, bp, big - 1, a, 4) == KARX_OK,
              "nonce 13, 65535 bytes");
        CHECK(karx_ccm_encrypt(L, key, 16, n, 12, bo, t, 16, bp, (size_t)1 << 24, a, 4) ==
                  KARX_ERR_DATA_LENGTH, "nonce 12, 2^24 bytes");
        free(bp);
        free(bo);
    }

    /* NULL arguments */
    CHECK(karx_ccm_encrypt(L, key, 16, NULL, 8, c, t, 16, p, 16, a, 4) == KARX_ERR_ARGUMENT,
          "NULL nonce");
    CHECK(karx_ccm_encrypt(L, key, 16, n, 8, c, t, 16, p, 16, NULL, 4) == KARX_ERR_ARGUMENT,
          "NULL aad");
    CHECK(karx_ccm_encrypt(L, key, 16, n, 8, NULL, t, 16, p, 16, a, 4) == KARX_ERR_ARGUMENT,
          "NULL out");
    CHECK(karx_ccm_encrypt(L, key, 16, n, 8, c, t, 16, NULL, 16, a, 4) == KARX_ERR_ARGUMENT,
          "NULL in");
    CHECK(karx_ccm_encrypt(L, key, 16, n, 8, c, NULL, 16, p, 16, a, 4) == KARX_ERR_ARGUMENT,
          "NULL tag");
    CHECK(karx_ccm_decrypt(L, key, 16, n, 8, c, NULL, 16, p, 16, a, 4) == KARX_ERR_ARGUMENT,
          "dec NULL tag");
    CHECK(karx_ccm_encrypt(L, key, 16, n, 8, NULL, t, 16, NULL, 0, NULL, 0) == KARX_OK,
          "NULL with zero lengths");
    CHECK(karx_ccm_decrypt(L, key, 16, n, 8, NULL, t, 16, NULL, 0, NULL, 0) == KARX_OK,
          "dec NULL with zero lengths");
    CHECK(karx_ccm_seal(NULL, n, 8, c, t, 16, p, 16, a, 4) == KARX_ERR_ARGUMENT, "seal NULL key");
    CHECK(karx_ccm_open(NULL, n, 8, c, t, 16, p, 16, a, 4) == KARX_ERR_ARGUMENT, "open NULL key");

    /* scheduled keys: unset / wiped / 64-bit block */
    karx_cipher_key k;
    memset(&k, 0, sizeof k);
    CHECK(karx_ccm_seal(&k, n, 8, c, t, 16, p, 16, a, 4) == KARX_ERR_STATE, "seal unset key");
    CHECK(karx_cipher_set_key(&k, KARX_CIPHER_HIGHT, key, 16) == KARX_OK, "hight key");
    CHECK(karx_ccm_seal(&k, n, 8, c, t, 16, p, 16, a, 4) == KARX_ERR_UNSUPPORTED, "seal hight");
    CHECK(karx_cipher_set_key(&k, KARX_CIPHER_CHAM64_128, key, 16) == KARX_OK, "cham64 key");
    CHECK(karx_ccm_open(&k, n, 8, c, t, 16, p, 16, a, 4) == KARX_ERR_UNSUPPORTED, "open cham64");
    CHECK(karx_cipher_set_key(&k, L, key, 16) == KARX_OK, "lea key");
    CHECK(karx_ccm_seal(&k, n, 8, c, t, 16, p, 16, a, 4) == KARX_OK, "seal");
    karx_cipher_key_wipe(&k);
    CHECK(karx_ccm_open(&k, n, 8, o, t, 16, c, 16, a, 4) == KARX_ERR_STATE, "open wiped key");

    /* forgeries: every one is refused and out is wiped, out of place and in place */
    t_fill(p, sizeof p);
    t_fill(a, sizeof a);
    CHECK(karx_ccm_encrypt(L, key, 16, n, 11, c, tag, 16, p, 40, a, 20) == KARX_OK, "enc");
    CHECK(karx_ccm_decrypt(L, key, 16, n, 11, o, tag, 16, c, 40, a, 20) == KARX_OK &&
              memcmp(o, p, 40) == 0, "genuine opens");
    for (int kind = 0; kind < 6; kind++) {
        for (size_t pos = 0; pos < 40; pos += 3) {
            uint8_t fc[64], ft[16], fa[32], fn[16];
            memcpy(fc, c, sizeof fc);
            memcpy(ft, tag, sizeof ft);
            memcpy(fa, a, sizeof fa);
            memcpy(fn, n, sizeof fn);
            size_t al = 20, tl = 16;
            switch (kind) {
            case 0: ft[pos % 16] ^= (uint8_t)(1u << (pos % 8)); break;
            case 1: fc[pos] ^= 0x80; break;
            case 2: fa[pos % 20] ^= 1; break;
            case 3: fn[pos % 11] ^= 0x10; break;
            case 4: al = pos % 20; if (al == 20) al = 19; break; /* truncated AAD */
            default: tl = 4 + 2 * (pos % 6); break;              /* shorter tag: other flags */
            }
            memset(o, 0xcc, sizeof o);
            karx_status st = karx_ccm_decrypt(L, key, 16, fn, 11, o, ft, tl, fc, 40, fa, al);
            CHECK(st == KARX_ERR_AUTHENTICATION && t_all_zero(o, 40) && o[40] == 0xcc,
                  "forgery kind %d pos %zu: st %d", kind, pos, (int)st);
            /* in place: the ciphertext buffer is wiped too */
            st = karx_ccm_decrypt(L, key, 16, fn, 11, fc, ft, tl, fc, 40, fa, al);
            CHECK(st == KARX_ERR_AUTHENTICATION && t_all_zero(fc, 40),
                  "forgery in place kind %d pos %zu", kind, pos);
        }
    }
    /* a valid short tag is not a prefix of the long one (the tag length is in B0) */
    uint8_t t8[16];
    CHECK(karx_ccm_encrypt(L, key, 16, n, 11, o, t8, 8, p, 40, a, 20) == KARX_OK, "t8");
    CHECK(memcmp(t8, tag, 8) != 0, "tag length bound into B0");
    CHECK(karx_ccm_decrypt(L, key, 16, n, 11, o, t8, 8, c, 40, a, 20) == KARX_OK &&
              memcmp(o, p, 40) == 0, "t8 opens");
}

/* ---- streaming: every split point, and the stream's own errors ---- */
static void run_stream_splits(void)
{
    static const karx_cipher_alg algs[] = {KARX_CIPHER_LEA128, KARX_CIPHER_CHAM128_256};
    static const size_t pays[] = {0, 1, 15, 16, 17, 33, 64, 100};
    uint8_t key[32], n[13], a[40], p[100], ct[100], tag[16];
    for (size_t ai = 0; ai < 2; ai++) {
        karx_cipher_alg alg = algs[ai];
        size_t kl = karx_cipher_key_bytes(alg);
        t_fill(key, kl);
        t_fill(n, sizeof n);
        t_fill(a, sizeof a);
        t_fill(p, sizeof p);
        for (size_t j = 0; j < sizeof pays / sizeof pays[0]; j++) {
            size_t pl = pays[j], al = 19 + j, nl = 7 + j % 7, tl = 4 + 2 * (j % 7);
            ref_ccm(alg, key, kl, n, nl, a, al, p, pl, tl, ct, tag);
            for (size_t sa = 0; sa <= al; sa++) /* every AAD split */
                check_stream("split aad", alg, key, kl, n, nl, a, al, sa, p, pl, pl / 3, pl,
                             ct, tag, tl);
            for (size_t sp = 0; sp <= pl; sp++) /* every payload split, and a third cut */
                check_stream("split payload", alg, key, kl, n, nl, a, al, al / 2, p, pl, sp,
                             sp + (pl - sp) / 2, ct, tag, tl);
        }
    }
    /* across the 4 KiB chunk with an odd first piece */
    size_t big = 3 * 4096 + 5;
    uint8_t *bp = malloc(big), *bc = malloc(big);
    if (!bp || !bc)
        exit(2);
    t_fill(bp, big);
    ref_ccm(KARX_CIPHER_LEA192, key, 24, n, 9, a, 0, bp, big, 16, bc, tag);
    check_stream("chunks", KARX_CIPHER_LEA192, key, 24, n, 9, a, 0, 0, bp, big, 7, 4096 + 9, bc,
                 tag, 16);
    free(bp);
    free(bc);
}

static void run_stream_errors(void)
{
    uint8_t key[16] = {9}, n[13] = {1}, a[8] = {2}, p[32] = {3}, o[32], tag[16], tag2[16];
    const karx_cipher_alg L = KARX_CIPHER_LEA128;
    karx_ccm_ctx c;
    /* init: the one-shot's statuses */
    CHECK(karx_ccm_init(NULL, L, key, 16, KARX_ENCRYPT, n, 8, 0, 0, 16) == KARX_ERR_ARGUMENT,
          "init NULL ctx");
    CHECK(karx_ccm_init(&c, KARX_CIPHER_HIGHT, key, 16, KARX_ENCRYPT, n, 8, 0, 0, 16) ==
              KARX_ERR_UNSUPPORTED && c.state == 0, "init hight");
    CHECK(karx_ccm_init(&c, (karx_cipher_alg)99, key, 16, KARX_ENCRYPT, n, 8, 0, 0, 16) ==
              KARX_ERR_UNKNOWN_ALGORITHM, "init alg 99");
    CHECK(karx_ccm_init(&c, L, key, 15, KARX_ENCRYPT, n, 8, 0, 0, 16) == KARX_ERR_KEY_LENGTH,
          "init key length");
    CHECK(karx_ccm_init(&c, L, key, 16, 7, n, 8, 0, 0, 16) == KARX_ERR_ARGUMENT, "init direction");
    CHECK(karx_ccm_init(&c, L, key, 16, KARX_ENCRYPT, NULL, 8, 0, 0, 16) == KARX_ERR_ARGUMENT,
          "init NULL nonce");
    CHECK(karx_ccm_init(&c, L, key, 16, KARX_ENCRYPT, n, 6, 0, 0, 16) == KARX_ERR_IV_LENGTH,
          "init nonce 6");
    CHECK(karx_ccm_init(&c, L, key, 16, KARX_ENCRYPT, n, 14, 0, 0, 16) == KARX_ERR_IV_LENGTH,
          "init nonce 14");
    CHECK(karx_ccm_init(&c, L, key, 16, KARX_ENCRYPT, n, 8, 0, 0, 5) == KARX_ERR_ARGUMENT,
          "init tag 5");
    CHECK(karx_ccm_init(&c, L, key, 16, KARX_ENCRYPT, n, 13, 0, 65536, 16) ==
              KARX_ERR_DATA_LENGTH && c.state == 0, "init 65536 bytes with nonce 13");
    CHECK(karx_ccm_init(&c, L, key, 16, KARX_ENCRYPT, n, 13, 0, 65535, 16) == KARX_OK,
          "init 65535 bytes with nonce 13");
    CHECK(karx_ccm_init(&c, L, key, 16, KARX_ENCRYPT, n, 7, (uint64_t)1 << 40,
                        (uint64_t)1 << 40, 16) == KARX_OK, "init 2^40 bytes (64-bit lengths)");
    karx_cipher_key k;
    memset(&k, 0, sizeof k);
    CHECK(karx_ccm_init_key(&c, &k, KARX_ENCRYPT, n, 8, 0, 0, 16) == KARX_ERR_STATE,
          "init_key unset key");
    CHECK(karx_ccm_init_key(&c, NULL, KARX_ENCRYPT, n, 8, 0, 0, 16) == KARX_ERR_ARGUMENT,
          "init_key NULL key");

    /* declared lengths: 8 bytes of AAD, 32 of payload */
    CHECK(karx_ccm_encrypt(L, key, 16, n, 8, o, tag, 16, p, 32, a, 8) == KARX_OK, "one-shot");
    CHECK(karx_ccm_init(&c, L, key, 16, KARX_ENCRYPT, n, 8, 8, 32, 16) == KARX_OK, "init");
    CHECK(karx_ccm_aad(&c, a, 9) == KARX_ERR_DATA_LENGTH, "more AAD than declared");
    CHECK(karx_ccm_aad(&c, a, 5) == KARX_OK, "aad 5");
    memset(o, 0xee, sizeof o);
    CHECK(karx_ccm_update(&c, o, p, 4) == KARX_ERR_DATA_LENGTH && o[0] == 0xee,
          "payload before all the AAD: nothing written");
    CHECK(karx_ccm_final(&c, tag2, 16) == KARX_ERR_DATA_LENGTH, "final before all the AAD");
    CHECK(karx_ccm_update(&c, o, p, 0) == KARX_OK, "empty update during AAD");
    CHECK(karx_ccm_aad(&c, a + 5, 3) == KARX_OK, "aad rest");
    CHECK(karx_ccm_update(&c, o, p, 20) == KARX_OK, "update 20");
    CHECK(karx_ccm_aad(&c, a, 0) == KARX_ERR_STATE, "AAD after payload");
    CHECK(karx_ccm_update(&c, o + 20, p + 20, 13) == KARX_ERR_DATA_LENGTH && o[20] == 0xee,
          "more payload than declared: nothing written");
    CHECK(karx_ccm_final(&c, tag2, 16) == KARX_ERR_DATA_LENGTH, "final before all the payload");
    CHECK(karx_ccm_final_verify(&c, tag, 16) == KARX_ERR_STATE, "verify on an encryption context");
    CHECK(karx_ccm_final(&c, tag2, 8) == KARX_ERR_ARGUMENT, "final with another tag length");
    CHECK(karx_ccm_final(&c, NULL, 16) == KARX_ERR_ARGUMENT, "final NULL tag");
    CHECK(karx_ccm_update(&c, o + 20, p + 20, 12) == KARX_OK, "update rest");
    CHECK(karx_ccm_final(&c, tag2, 16) == KARX_OK && memcmp(tag, tag2, 16) == 0,
          "the errors left the context usable: same tag as the one-shot");
    CHECK(c.state == 0 && karx_ccm_final(&c, tag2, 16) == KARX_ERR_STATE, "final wipes; again");
    CHECK(karx_ccm_update(&c, o, p, 1) == KARX_ERR_STATE, "update after final");
    CHECK(karx_ccm_aad(&c, a, 1) == KARX_ERR_STATE, "aad after final");
    CHECK(karx_ccm_update(NULL, o, p, 1) == KARX_ERR_ARGUMENT, "update NULL ctx");
    CHECK(karx_ccm_init(&c, L, key, 16, KARX_DECRYPT, n, 8, 0, 1, 16) == KARX_OK, "init dec");
    CHECK(karx_ccm_update(&c, NULL, p, 1) == KARX_ERR_ARGUMENT, "update NULL out");
    CHECK(karx_ccm_update(&c, o, p, 1) == KARX_OK, "dec update");
    CHECK(karx_ccm_final(&c, tag2, 16) == KARX_ERR_STATE, "final on a decryption context");
    CHECK(karx_ccm_final_verify(&c, tag, 16) == KARX_ERR_AUTHENTICATION && c.state == 0,
          "verify of a wrong tag wipes");
    karx_ccm_ctx_wipe(&c);
    karx_ccm_ctx_wipe(NULL);
}

/* ---- open writes no plaintext before the tag check ----
 * out lives in memory shared with a child process that scans it for the plaintext byte while
 * the parent opens forged messages. Opening into out and zeroing it after a failed check would
 * leave the plaintext there for most of each call, which the child sees; verifying first
 * never writes it. A genuine open is the control: the child must see that plaintext. */
#define WATCH_LEN ((size_t)256 << 10)
typedef struct {
    volatile uint8_t out[WATCH_LEN];
    volatile int stop, seen;
    volatile unsigned long scans;
} watch_area;

static void watch(watch_area *w, uint8_t byte)
{
    while (!w->stop) {
        for (size_t i = 0; i < WATCH_LEN; i += 61)
            if (w->out[i] == byte)
                w->seen = 1;
        w->scans++;
    }
    _exit(0);
}

/* Opens msg (forged or not) into the watched buffer until the child has scanned it many times
 * (at most ~3 s); returns whether the child saw byte. */
static int watched_open(watch_area *w, const uint8_t *key, const uint8_t *n, const uint8_t *ct,
                        const uint8_t *tag, uint8_t byte, karx_status want)
{
    memset((void *)w->out, 0xcc, WATCH_LEN);
    w->stop = w->seen = 0;
    w->scans = 0;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0)
        watch(w, byte);
    time_t t0 = time(NULL);
    int calls = 0;
    while ((w->scans < 2000 || calls < 20) && time(NULL) - t0 < 3) {
        karx_status st = karx_ccm_decrypt(KARX_CIPHER_LEA128, key, 16, n, 8, (uint8_t *)w->out, tag,
                                          16, ct, WATCH_LEN, NULL, 0);
        CHECK(st == want, "watched open: st %d", (int)st);
        calls++;
    }
    w->stop = 1;
    waitpid(pid, NULL, 0);
    return w->seen;
}

static void run_no_early_plaintext(void)
{
    watch_area *w = mmap(NULL, sizeof *w, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    uint8_t key[16], n[8], tag[16], *p = malloc(WATCH_LEN), *ct = malloc(WATCH_LEN);
    CHECK(w != MAP_FAILED && p && ct, "watch setup");
    if (w == MAP_FAILED || !p || !ct)
        exit(2);
    t_fill(key, sizeof key);
    t_fill(n, sizeof n);
    memset(p, 0x5a, WATCH_LEN);
    CHECK(karx_ccm_encrypt(KARX_CIPHER_LEA128, key, 16, n, 8, ct, tag, 16, p, WATCH_LEN, NULL, 0) ==
              KARX_OK, "watch seal");
    tag[15] ^= 0x40;
    int seen = watched_open(w, key, n, ct, tag, 0x5a, KARX_ERR_AUTHENTICATION);
    CHECK(seen == 0, "a forged open put plaintext into out (seen by a watcher in %lu scans)",
          w->scans);
    tag[15] ^= 0x40;
    seen = watched_open(w, key, n, ct, tag, 0x5a, KARX_OK);
    CHECK(seen == 1, "control: the watcher sees the plaintext of a genuine open");
    munmap(w, sizeof *w);
    free(p);
    free(ct);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests/kat";
    t_seed_from_env();
    run_bad_input();
    run_stream_errors();
    run_no_early_plaintext();

    karx_backend orig = karx_get_backend();
    int nbe = 0;
    for (int b = 0; b < t_backend_count(); b++) {
        if (!karx_backend_supported((karx_backend)b))
            continue;
        CHECK(karx_set_backend((karx_backend)b) == KARX_OK, "set backend %d", b);
        nbe++;
        size_t cases = run_kat_file(dir);
        CHECK(cases == 30, "KISA LEA CCM cases: %zu (want 30)", cases);
        run_random(60);
        if (b == (int)orig) {
            /* the full matrix on the default back end (the CBC-MAC part is serial and identical
             * on every back end; CTR differences are covered by the random cases above) */
            run_matrix(KARX_CIPHER_CHAM128_128);
            run_matrix(KARX_CIPHER_CHAM128_256);
            run_stream_splits();
        }
    }
    karx_set_backend(orig);
    printf("back ends tested: %d\n", nbe);
    return t_finish("ccm");
}
