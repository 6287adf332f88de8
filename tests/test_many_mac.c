/* The many-message calls (issue 18): karx_cbc_encrypt_many, karx_cmac_many(_ctx) and
 * karx_hmac_lsh_many(_ctx), each against a loop of the single-message call on the same
 * messages, on every cipher / LSH variant and every back end this CPU runs: counts around the
 * batch widths (0, 1, lanes - 1, lanes, lanes + 1 for every width a back end has, hundreds),
 * unequal lengths (0 and 1 block, long ones among short ones, so lanes refill at different
 * rounds), unaligned buffers, CBC in place and continued; the published vectors the single-call
 * tests load (KISA LEA CBC and CMAC, KISA HMAC-LSH) placed among random messages; and the
 * error cases. Argument: the tests/kat folder. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/cipher.h"
#include "karx/cmac.h"
#include "karx/hmac.h"
#include "karx/karx.h"
#include "test_util.h"

#define MAXN 400
#define ARENA (1u << 21)

static const size_t counts[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33,
                                63, 64, 65, 127, 128, 129, 300};
static const char *be = "?";

/* Messages carved from one arena at odd offsets: mostly short, some long, some empty. */
typedef struct {
    size_t n;
    const uint8_t *in[MAXN];
    size_t len[MAXN];
} msg_set;

static uint8_t arena[ARENA];

/* A length for one message: unit-sized steps (a block for CBC, a byte for MACs). */
static size_t pick_len(size_t unit, size_t block)
{
    switch (t_rand64() % 8) {
    case 0: return 0;
    case 1: return block;
    case 2: return (size_t)(t_rand64() % 600) * unit; /* long among short */
    default: return (size_t)(t_rand64() % (8 * block / unit + 1)) * unit;
    }
}

static void make_set(msg_set *s, size_t n, size_t unit, size_t block)
{
    size_t off = 0;
    s->n = n;
    for (size_t i = 0; i < n; i++) {
        size_t len = pick_len(unit, block);
        off += 1 + t_rand64() % 7; /* unaligned */
        if (off + len > ARENA)
            off = 0, len = 0;
        s->in[i] = len == 0 && t_rand64() % 2 ? NULL : arena + off;
        s->len[i] = len;
        off += len;
    }
}

/* ---- CBC ---- */
static uint8_t out_a[ARENA + 64], out_b[ARENA + 64];

static void check_cbc(karx_cipher_alg alg, size_t n)
{
    const size_t B = karx_cipher_block_bytes(alg);
    uint8_t key[KARX_MAX_KEY_BYTES];
    t_fill(key, sizeof key);
    karx_cipher_key k;
    CHECK(karx_cipher_set_key(&k, alg, key, karx_cipher_key_bytes(alg)) == KARX_OK, "key");
    static msg_set s;
    make_set(&s, n, B, B);
    static uint8_t iv_a[MAXN][16], iv_b[MAXN][16];
    uint8_t *outs[MAXN], *ivs[MAXN];
    size_t off = 3;
    t_fill(iv_a[0], sizeof iv_a);
    memcpy(iv_b, iv_a, sizeof iv_a);
    for (int round = 0; round < 2; round++) { /* the second call continues every stream */
        size_t o = off;
        for (size_t i = 0; i < n; i++) {
            CHECK(karx_cbc_encrypt(&k, iv_a[i], out_a + o, s.in[i], s.len[i]) == KARX_OK, "cbc");
            outs[i] = out_b + o;
            ivs[i] = iv_b[i];
            o += s.len[i];
        }
        CHECK(karx_cbc_encrypt_many(&k, outs, s.in, s.len, ivs, n) == KARX_OK, "cbc many");
        CHECK(memcmp(out_a + off, out_b + off, o - off) == 0, "%s %s n=%zu round %d: output",
              karx_cipher_name(alg), be, n, round);
        CHECK(memcmp(iv_a, iv_b, sizeof iv_a) == 0, "%s %s n=%zu: IVs", karx_cipher_name(alg), be,
              n);
    }
    /* In place: each message's copy encrypted where it lies. */
    uint8_t *ins_ip[MAXN];
    size_t o = off;
    for (size_t i = 0; i < n; i++) {
        memcpy(out_b + o, s.in[i] ? s.in[i] : out_b, s.len[i]);
        ins_ip[i] = out_b + o;
        CHECK(karx_cbc_encrypt(&k, iv_a[i], out_a + o, s.in[i], s.len[i]) == KARX_OK, "cbc");
        o += s.len[i];
    }
    CHECK(karx_cbc_encrypt_many(&k, ins_ip, (const uint8_t *const *)ins_ip, s.len, ivs, n) ==
              KARX_OK,
          "in place");
    CHECK(memcmp(out_a + off, out_b + off, o - off) == 0 && memcmp(iv_a, iv_b, sizeof iv_a) == 0,
          "%s %s n=%zu: in place", karx_cipher_name(alg), be, n);
    karx_cipher_key_wipe(&k);
}

/* ---- CMAC ---- */
static void check_cmac(karx_cipher_alg alg, size_t n)
{
    const size_t B = karx_cipher_block_bytes(alg);
    const size_t tag_len = KARX_CMAC_MIN_TAG_BYTES + t_rand64() % (B - KARX_CMAC_MIN_TAG_BYTES + 1);
    uint8_t key[KARX_MAX_KEY_BYTES];
    t_fill(key, sizeof key);
    const size_t klen = karx_cipher_key_bytes(alg);
    static msg_set s;
    make_set(&s, n, 1, B);
    static uint8_t want[MAXN * 16], got[MAXN * 16 + 1], got2[MAXN * 16];
    for (size_t i = 0; i < n; i++)
        CHECK(karx_cmac(alg, key, klen, want + i * tag_len, tag_len, s.in[i], s.len[i]) == KARX_OK,
              "cmac");
    got[n * tag_len] = 0xa5;
    CHECK(karx_cmac_many(alg, key, klen, got, tag_len, s.in, s.len, n) == KARX_OK, "cmac many");
    CHECK(memcmp(want, got, n * tag_len) == 0 && got[n * tag_len] == 0xa5,
          "%s %s n=%zu tag_len %zu: tags", karx_cipher_name(alg), be, n, tag_len);
    karx_cmac_ctx ctx, copy;
    CHECK(karx_cmac_init(&ctx, alg, key, klen) == KARX_OK, "init");
    copy = ctx;
    CHECK(karx_cmac_many_ctx(&ctx, got2, tag_len, s.in, s.len, n) == KARX_OK, "cmac many ctx");
    CHECK(memcmp(want, got2, n * tag_len) == 0, "%s %s n=%zu: ctx tags", karx_cipher_name(alg),
          be, n);
    CHECK(memcmp(&ctx, &copy, sizeof ctx) == 0, "ctx unchanged");
    karx_cmac_ctx_wipe(&ctx);
    karx_cmac_ctx_wipe(&copy);
}

/* ---- HMAC-LSH ---- */
static void check_hmac(karx_lsh_alg alg, size_t n)
{
    const size_t d = karx_hmac_lsh_bytes(alg), B = karx_lsh_block_bytes(alg);
    const size_t stride = d + (t_rand64() % 2) * 3;
    uint8_t key[300];
    const size_t klen = t_rand64() % sizeof key; /* longer than a block sometimes: hashed */
    t_fill(key, sizeof key);
    static msg_set s;
    make_set(&s, n, 1, B);
    static uint8_t want[MAXN * 67], got[MAXN * 67], got2[MAXN * 67];
    memset(want, 0x5a, sizeof want);
    memset(got, 0x5a, sizeof got);
    for (size_t i = 0; i < n; i++)
        CHECK(karx_hmac_lsh(alg, key, klen, want + i * stride, d, s.in[i], s.len[i]) == KARX_OK,
              "hmac");
    CHECK(karx_hmac_lsh_many(alg, key, klen, got, stride, s.in, s.len, n) == KARX_OK, "many");
    CHECK(memcmp(want, got, n * stride + 8) == 0, "%s %s n=%zu stride %zu: tags",
          karx_hmac_name(alg), be, n, stride);
    /* A context fed one whole block first: each tag is that of the fork fed the message. */
    karx_hmac_lsh_ctx ctx, fork;
    uint8_t pre[256];
    t_fill(pre, sizeof pre);
    CHECK(karx_hmac_lsh_init(&ctx, alg, key, klen) == KARX_OK &&
              karx_hmac_lsh_update(&ctx, pre, B) == KARX_OK,
          "init");
    CHECK(karx_hmac_lsh_many_ctx(&ctx, got2, d, s.in, s.len, n) == KARX_OK, "many ctx");
    int same = 1;
    for (size_t i = 0; i < n; i++) {
        uint8_t t[64];
        fork = ctx;
        karx_hmac_lsh_update(&fork, s.in[i], s.len[i]);
        karx_hmac_lsh_final(&fork, t, sizeof t);
        same &= memcmp(t, got2 + i * d, d) == 0;
    }
    CHECK(same, "%s %s n=%zu: ctx tags", karx_hmac_name(alg), be, n);
    karx_hmac_lsh_ctx_wipe(&ctx);
}

/* ---- published vectors, each placed among random messages ---- */
#define KAT_N 37
static const size_t kat_at[] = {0, 17, KAT_N - 1};

/* A set of KAT_N random messages (any lengths) with msg at kat_at[]. */
static void kat_set(msg_set *s, const uint8_t *msg, size_t len, size_t unit, size_t block)
{
    make_set(s, KAT_N, unit, block);
    for (size_t j = 0; j < sizeof kat_at / sizeof kat_at[0]; j++) {
        s->in[kat_at[j]] = msg;
        s->len[kat_at[j]] = len;
    }
}

static void kat_cmac(const uint8_t *key, size_t klen, const uint8_t *msg, size_t mlen,
                     const uint8_t *tag, size_t tlen, karx_cipher_alg alg)
{
    static msg_set s;
    uint8_t tags[KAT_N * 16];
    kat_set(&s, msg, mlen, 1, 16);
    CHECK(karx_cmac_many(alg, key, klen, tags, tlen, s.in, s.len, KAT_N) == KARX_OK, "kat");
    for (size_t j = 0; j < sizeof kat_at / sizeof kat_at[0]; j++)
        CHECK(memcmp(tags + kat_at[j] * tlen, tag, tlen) == 0, "%s %s CMAC KAT len %zu",
              karx_cipher_name(alg), be, mlen);
}

static void kat_cbc(const uint8_t *key, size_t klen, const uint8_t *iv, const uint8_t *pt,
                    size_t len, const uint8_t *ct, karx_cipher_alg alg)
{
    static msg_set s;
    karx_cipher_key k;
    karx_cipher_set_key(&k, alg, key, klen);
    kat_set(&s, pt, len, 16, 16);
    static uint8_t outs_buf[KAT_N][8192];
    uint8_t *outs[KAT_N], ivb[KAT_N][16], *ivs[KAT_N];
    for (size_t i = 0; i < KAT_N; i++) {
        outs[i] = outs_buf[i];
        memcpy(ivb[i], iv, 16);
        ivs[i] = ivb[i];
        if (s.len[i] > sizeof outs_buf[i])
            s.len[i] = 0;
    }
    CHECK(karx_cbc_encrypt_many(&k, outs, s.in, s.len, ivs, KAT_N) == KARX_OK, "kat");
    for (size_t j = 0; j < sizeof kat_at / sizeof kat_at[0]; j++) {
        size_t i = kat_at[j];
        CHECK(memcmp(outs[i], ct, len) == 0 && memcmp(ivs[i], ct + len - 16, 16) == 0,
              "%s %s CBC KAT len %zu", karx_cipher_name(alg), be, len);
    }
    karx_cipher_key_wipe(&k);
}

/* KISA LEA vectors: the CMAC and CBC MMT sections of kisa_lea_modes_vs.txt. */
static size_t run_lea_kats(const char *dir)
{
    FILE *f = t_open_kat(dir, "kisa_lea_modes_vs.txt");
    if (f == NULL)
        return 0;
    static char line[8192];
    static uint8_t key[32], iv[16], a[4096], b[4096];
    long klen = -1, ivlen = -1, alen = -1;
    int kind = 0; /* 1 CMAC, 2 CBC */
    size_t done = 0;
    karx_cipher_alg alg = KARX_CIPHER_LEA128;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '[') {
            kind = strstr(line, "CMAC") ? 1 : strstr(line, "CBC MMT") ? 2 : 0;
            alg = strstr(line, "LEA-192") ? KARX_CIPHER_LEA192
                  : strstr(line, "LEA-256") ? KARX_CIPHER_LEA256 : KARX_CIPHER_LEA128;
        } else if (kind && strncmp(line, "KEY = ", 6) == 0) {
            klen = t_unhex(line + 6, key, sizeof key);
        } else if (kind && strncmp(line, "IV = ", 5) == 0) {
            ivlen = t_unhex(line + 5, iv, sizeof iv);
        } else if (kind && (strncmp(line, "MSG =", 5) == 0 || strncmp(line, "PT =", 4) == 0)) {
            alen = t_unhex(strchr(line, '=') + 1, a, sizeof a);
        } else if (kind == 1 && strncmp(line, "TAG = ", 6) == 0) {
            long tlen = t_unhex(line + 6, b, sizeof b);
            CHECK(klen > 0 && alen >= 0 && tlen == 16, "parse");
            kat_cmac(key, (size_t)klen, a, (size_t)alen, b, (size_t)tlen, alg);
            done++;
        } else if (kind == 2 && strncmp(line, "CT = ", 5) == 0) {
            long clen = t_unhex(line + 5, b, sizeof b);
            CHECK(klen > 0 && ivlen == 16 && alen > 0 && clen == alen, "parse");
            kat_cbc(key, (size_t)klen, iv, a, (size_t)alen, b, alg);
            done++;
        }
    }
    fclose(f);
    return done;
}

/* KISA HMAC-LSH vectors (kisa_hmac_lsh.txt). */
static size_t run_hmac_kats(const char *dir)
{
    FILE *f = t_open_kat(dir, "kisa_hmac_lsh.txt");
    if (f == NULL)
        return 0;
    static char line[16384];
    static uint8_t key[4096], msg[1024], mac[64], tags[KAT_N * 64];
    static msg_set s;
    long klen = -1, mlen = -1;
    karx_lsh_alg alg = 0;
    size_t done = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '[') {
            char *e = strchr(line, ']');
            if (e)
                *e = 0;
            CHECK(karx_hmac_from_name(line + 1, &alg) == KARX_OK, "section %s", line + 1);
        } else if (strncmp(line, "Key = ", 6) == 0) {
            klen = t_unhex(line + 6, key, sizeof key);
        } else if (strncmp(line, "Msg = ", 6) == 0) {
            mlen = t_unhex(line + 6, msg, sizeof msg);
        } else if (strncmp(line, "Mac = ", 6) == 0) {
            long d = t_unhex(line + 6, mac, sizeof mac);
            CHECK(klen >= 0 && mlen >= 0 && d == (long)karx_lsh_digest_bytes(alg), "parse");
            kat_set(&s, msg, (size_t)mlen, 1, 128);
            CHECK(karx_hmac_lsh_many(alg, key, (size_t)klen, tags, (size_t)d, s.in, s.len,
                                     KAT_N) == KARX_OK,
                  "kat");
            for (size_t j = 0; j < sizeof kat_at / sizeof kat_at[0]; j++)
                CHECK(memcmp(tags + kat_at[j] * (size_t)d, mac, (size_t)d) == 0,
                      "%s %s HMAC KAT", karx_hmac_name(alg), be);
            done++;
        }
    }
    fclose(f);
    return done;
}

/* ---- errors ---- */
static void check_errors(void)
{
    uint8_t key[32] = {1}, buf[64] = {2}, ivb[16] = {3}, tags[64];
    const uint8_t *ins[2] = {buf, buf};
    uint8_t *outs[2] = {buf, buf + 32}, *ivs[2] = {ivb, ivb};
    size_t lens[2] = {16, 32};
    karx_cipher_key k, unset;
    memset(&unset, 0, sizeof unset);
    karx_cipher_set_key(&k, KARX_CIPHER_LEA128, key, 16);
    CHECK(karx_cbc_encrypt_many(NULL, outs, ins, lens, ivs, 2) == KARX_ERR_ARGUMENT, "NULL key");
    CHECK(karx_cbc_encrypt_many(&k, NULL, ins, lens, ivs, 2) == KARX_ERR_ARGUMENT, "NULL outs");
    CHECK(karx_cbc_encrypt_many(&k, outs, ins, lens, NULL, 2) == KARX_ERR_ARGUMENT, "NULL ivs");
    CHECK(karx_cbc_encrypt_many(&k, NULL, NULL, NULL, NULL, 0) == KARX_OK, "n = 0");
    CHECK(karx_cbc_encrypt_many(&unset, outs, ins, lens, ivs, 2) == KARX_ERR_STATE, "no key");
    uint8_t *ivs_null[2] = {ivb, NULL};
    CHECK(karx_cbc_encrypt_many(&k, outs, ins, lens, ivs_null, 2) == KARX_ERR_ARGUMENT, "iv");
    /* A bad length in the last message: nothing written to the first. */
    uint8_t before[64], ivbefore[16];
    memcpy(before, buf, sizeof buf);
    memcpy(ivbefore, ivb, 16);
    size_t bad[2] = {16, 17};
    CHECK(karx_cbc_encrypt_many(&k, outs, ins, bad, ivs, 2) == KARX_ERR_DATA_LENGTH, "length");
    CHECK(memcmp(before, buf, sizeof buf) == 0 && memcmp(ivbefore, ivb, 16) == 0, "untouched");

    const uint8_t *mnull[2] = {buf, NULL};
    memset(tags, 0x77, sizeof tags);
    CHECK(karx_cmac_many(KARX_CIPHER_LEA128, key, 16, tags, 3, ins, lens, 2) ==
              KARX_ERR_OUTPUT_LENGTH, "short tag");
    CHECK(karx_cmac_many(KARX_CIPHER_LEA128, key, 16, tags, 17, ins, lens, 2) ==
              KARX_ERR_OUTPUT_LENGTH, "long tag");
    CHECK(karx_cmac_many(KARX_CIPHER_HIGHT, key, 16, tags, 9, ins, lens, 2) ==
              KARX_ERR_OUTPUT_LENGTH && tags[0] == 0 && tags[17] == 0, "tags zeroed");
    CHECK(karx_cmac_many((karx_cipher_alg)99, key, 16, tags, 16, ins, lens, 2) ==
              KARX_ERR_UNKNOWN_ALGORITHM, "alg");
    CHECK(karx_cmac_many(KARX_CIPHER_LEA128, key, 15, tags, 16, ins, lens, 2) ==
              KARX_ERR_KEY_LENGTH, "key length");
    CHECK(karx_cmac_many(KARX_CIPHER_LEA128, key, 16, NULL, 16, ins, lens, 2) ==
              KARX_ERR_ARGUMENT, "NULL tags");
    CHECK(karx_cmac_many(KARX_CIPHER_LEA128, key, 16, tags, 16, mnull, lens, 2) ==
              KARX_ERR_ARGUMENT, "NULL message");
    CHECK(karx_cmac_many(KARX_CIPHER_LEA128, key, 16, NULL, 16, NULL, NULL, 0) == KARX_OK, "0");
    karx_cmac_ctx c;
    memset(&c, 0, sizeof c);
    CHECK(karx_cmac_many_ctx(NULL, tags, 16, ins, lens, 2) == KARX_ERR_ARGUMENT, "NULL ctx");
    CHECK(karx_cmac_many_ctx(&c, tags, 16, ins, lens, 2) == KARX_ERR_STATE, "unkeyed ctx");
    karx_cmac_init(&c, KARX_CIPHER_LEA128, key, 16);
    karx_cmac_update(&c, buf, 1);
    CHECK(karx_cmac_many_ctx(&c, tags, 16, ins, lens, 2) == KARX_ERR_STATE, "updated ctx");
    karx_cmac_ctx_wipe(&c);

    memset(tags, 0x77, sizeof tags);
    CHECK(karx_hmac_lsh_many(KARX_LSH256_256, key, 16, tags, 31, ins, lens, 2) ==
              KARX_ERR_OUTPUT_LENGTH && tags[0] == 0x77, "hmac short tag");
    CHECK(karx_hmac_lsh_many((karx_lsh_alg)9, key, 16, tags, 64, ins, lens, 2) ==
              KARX_ERR_UNKNOWN_ALGORITHM, "hmac alg");
    CHECK(karx_hmac_lsh_many(KARX_LSH256_256, NULL, 16, tags, 32, ins, lens, 2) ==
              KARX_ERR_ARGUMENT, "hmac NULL key");
    CHECK(karx_hmac_lsh_many(KARX_LSH256_256, key, 16, NULL, 32, ins, lens, 2) ==
              KARX_ERR_ARGUMENT, "hmac NULL tags");
    CHECK(karx_hmac_lsh_many(KARX_LSH512_512, key, 16, tags, 64, mnull, lens, 2) ==
              KARX_ERR_ARGUMENT, "hmac NULL message");
    CHECK(karx_hmac_lsh_many(KARX_LSH512_512, NULL, 0, NULL, 64, NULL, NULL, 0) == KARX_OK, "0");
    karx_hmac_lsh_ctx h;
    memset(&h, 0, sizeof h);
    CHECK(karx_hmac_lsh_many_ctx(NULL, tags, 32, ins, lens, 2) == KARX_ERR_ARGUMENT, "NULL");
    CHECK(karx_hmac_lsh_many_ctx(&h, tags, 32, ins, lens, 2) == KARX_ERR_STATE, "unkeyed");
    karx_hmac_lsh_init(&h, KARX_LSH256_256, key, 16);
    karx_hmac_lsh_update(&h, buf, 5);
    CHECK(karx_hmac_lsh_many_ctx(&h, tags, 32, ins, lens, 2) == KARX_ERR_STATE, "held bytes");
    karx_hmac_lsh_ctx_wipe(&h);
    karx_cipher_key_wipe(&k);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests/kat";
    t_seed_from_env();
    t_fill(arena, sizeof arena);
    karx_backend orig = karx_get_backend();
    size_t kats = 0;
    for (int b = -1; (be = t_next_backend(&b)) != NULL;) {
        for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++)
            for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
                check_cbc((karx_cipher_alg)a, counts[c]);
                check_cmac((karx_cipher_alg)a, counts[c]);
            }
        for (int a = KARX_LSH256_224; a <= KARX_LSH512_512; a++)
            for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++)
                check_hmac((karx_lsh_alg)a, counts[c]);
        kats += run_lea_kats(dir) + run_hmac_kats(dir);
    }
    karx_set_backend(orig);
    CHECK(kats > 0 && kats % (3 * 2 * 10 + 4) == 0, "KAT cases: %zu", kats);
    check_errors();
    return t_finish("many_mac");
}
