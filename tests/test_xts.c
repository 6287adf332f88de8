/* XTS: the model's vectors (tests/kat/model_xts.txt, from tests/models/xts_model.py) at every
 * back end, one-shot, sectors and streaming; every kernel's fused XTS against the generic path
 * on random lengths, offsets, in place, one unit and runs of units; sector calls against
 * one-unit calls at every back end; streaming against one-shot at every split near block
 * boundaries; the refusals (equal halves, key length, 64-bit block, short input, sector tweak
 * overflow with nothing written). */
#include <stdlib.h>
#include <string.h>

#include "karx/karx.h"
#include "modes/xts_internal.h"
#include "test_kernels.h"
#include "test_util.h"

static void *xmalloc(size_t n)
{
    void *p = malloc(n != 0 ? n : 1);
    if (p == NULL)
        abort();
    return p;
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 1 << 18, n = 0, r;
    char *b = xmalloc(cap);
    while ((r = fread(b + n, 1, cap - 1 - n, f)) > 0) {
        n += r;
        if (n + 1 >= cap) {
            cap *= 2;
            b = realloc(b, cap);
            if (b == NULL)
                abort();
        }
    }
    fclose(f);
    b[n] = 0;
    return b;
}

/* The value of "name = HEX" on the line starting at s, into a fresh buffer; NULL if absent. */
static uint8_t *field(char **cur, const char *name, size_t *len)
{
    char *s = *cur, *e = strchr(s, '\n');
    size_t nl = strlen(name);
    if (strncmp(s, name, nl) != 0 || strncmp(s + nl, " = ", 3) != 0)
        return NULL;
    s += nl + 3;
    if (e != NULL)
        *e = 0;
    *cur = e != NULL ? e + 1 : s + strlen(s);
    size_t hex = strlen(s);
    uint8_t *out = xmalloc(hex / 2 + 1);
    long n = t_unhex(s, out, hex / 2 + 1);
    if (n < 0)
        abort();
    *len = (size_t)n;
    return out;
}

typedef struct {
    karx_cipher_alg alg;
    uint8_t *key, *tweak, *pt, *ct;
    size_t key_len, len, sector;
} vec;

/* One vector one way at the active back end: out of place, in place, and streaming (one unit). */
static void check_vec(const vec *v, const char *cname, const char *bname)
{
    karx_xts_key k;
    uint8_t *buf = xmalloc(v->len);
    CHECK(karx_xts_set_key(&k, v->alg, v->key, v->key_len) == KARX_OK, "%s set_key", cname);
    karx_status st =
        v->sector ? karx_xts_encrypt_sectors(&k, v->tweak, v->sector, buf, v->pt, v->len)
                  : karx_xts_encrypt(&k, v->tweak, buf, v->pt, v->len);
    CHECK(st == KARX_OK && memcmp(buf, v->ct, v->len) == 0, "%s len %zu sector %zu at %s", cname,
          v->len, v->sector, bname);
    memcpy(buf, v->ct, v->len);
    st = v->sector ? karx_xts_decrypt_sectors(&k, v->tweak, v->sector, buf, buf, v->len)
                   : karx_xts_decrypt(&k, v->tweak, buf, buf, v->len);
    CHECK(st == KARX_OK && memcmp(buf, v->pt, v->len) == 0, "%s len %zu decrypt in place at %s",
          cname, v->len, bname);
    if (v->sector == 0) {
        karx_xts_ctx c;
        size_t a = 0, b = 0, cut = v->len / 3 + 1;
        uint8_t *out = xmalloc(v->len + 32);
        CHECK(karx_xts_init(&c, v->alg, 1, v->key, v->key_len, v->tweak) == KARX_OK &&
                  karx_xts_update(&c, out, v->len + 32, &a, v->pt, cut) == KARX_OK &&
                  karx_xts_update(&c, out + a, v->len + 32 - a, &b, v->pt + cut,
                                  v->len - cut) == KARX_OK,
              "%s stream", cname);
        a += b;
        CHECK(karx_xts_final(&c, out + a, 32, &b) == KARX_OK && a + b == v->len &&
                  memcmp(out, v->ct, v->len) == 0,
              "%s len %zu stream at %s", cname, v->len, bname);
        free(out);
    }
    karx_xts_key_wipe(&k);
    free(buf);
}

static void test_vectors(const char *dir)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/model_xts.txt", dir);
    char *text = read_text(path), *cur = text;
    CHECK(text != NULL, "cannot read %s", path);
    if (text == NULL)
        return;
    size_t count = 0, ciphers_seen = 0;
    uint32_t seen = 0;
    karx_backend orig = karx_get_backend();
    while (*cur != 0) {
        if (strncmp(cur, "cipher = ", 9) != 0) {
            char *e = strchr(cur, '\n');
            cur = e != NULL ? e + 1 : cur + strlen(cur);
            continue;
        }
        char *e = strchr(cur, '\n');
        *e = 0;
        vec v;
        memset(&v, 0, sizeof v);
        CHECK(karx_cipher_from_name(cur + 9, &v.alg) == KARX_OK, "cipher %s", cur + 9);
        const char *cname = cur + 9;
        cur = e + 1;
        size_t tl = 0, sl = 0, cl = 0;
        v.key = field(&cur, "key", &v.key_len);
        v.tweak = field(&cur, "tweak", &tl);
        char *s = cur;
        e = strchr(s, '\n');
        *e = 0;
        v.sector = (size_t)strtoul(s + strlen("sector = "), NULL, 10);
        cur = e + 1;
        v.pt = field(&cur, "pt", &v.len);
        v.ct = field(&cur, "ct", &cl);
        (void)sl;
        CHECK(v.key && v.tweak && v.pt && v.ct && tl == 16 && cl == v.len, "parse %s", cname);
        if (!(v.key && v.tweak && v.pt && v.ct))
            break;
        if (!(seen & (1u << v.alg)))
            ciphers_seen++;
        seen |= 1u << v.alg;
        for (int b = 0; karx_backend_name((karx_backend)b) != NULL; b++) {
            if (karx_set_backend((karx_backend)b) != KARX_OK)
                continue;
            check_vec(&v, cname, karx_backend_name((karx_backend)b));
        }
        free(v.key);
        free(v.tweak);
        free(v.pt);
        free(v.ct);
        count++;
    }
    karx_set_backend(orig);
    CHECK(count >= 64 && ciphers_seen == 8, "%zu vectors over %zu ciphers", count, ciphers_seen);
    free(text);
}

/* Every kernel table of every 128-bit-block cipher: its XTS path (fused or generic, through
 * karx_i_xts_blocks) equals the generic path over the portable kernel, on random lengths, buffer
 * offsets and in place, and hands back the same next tweak. */
static void test_kernels(void)
{
    enum { MAXB = 200 };
    static uint8_t in[MAXB * 16 + 64], ref[MAXB * 16 + 64], out[MAXB * 16 + 64];
    for (uint32_t a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++) {
        if (karx_cipher_block_bytes((karx_cipher_alg)a) != 16)
            continue;
        const karx_block_kernels *ks[16];
        const char *names[16];
        size_t nk = t_cipher_kernels((karx_cipher_alg)a, ks, names, 16);
        uint8_t key[64];
        t_fill(key, sizeof key);
        karx_cipher_key k;
        karx_cipher_set_key(&k, (karx_cipher_alg)a, key, karx_cipher_key_bytes((karx_cipher_alg)a));
        for (int it = 0; it < 60; it++) {
            size_t n = it < 40 ? (size_t)it : (size_t)(t_rand64() % MAXB);
            size_t oi = t_rand64() % 16, oo = t_rand64() % 16;
            int dec = it & 1;
            uint8_t t0[16], tr[16], tk[16];
            t_fill(t0, 16);
            if (it % 5 == 0)
                memset(t0 + 8, 0xff, 8); /* the top bit set: the first doubling folds */
            t_fill(in, sizeof in);
            memcpy(tr, t0, 16);
            karx_i_xts_generic(ks[0], karx_i_ks(&k), ref, in + oi, n, tr, dec);
            for (size_t j = 0; j < nk; j++) {
                memcpy(tk, t0, 16);
                memset(out, 0xa5, sizeof out);
                karx_i_xts_blocks(ks[j], &k, tk, out + oo, in + oi, n, dec);
                CHECK(memcmp(out + oo, ref, 16 * n) == 0 && memcmp(tk, tr, 16) == 0,
                      "%s %s n=%zu dec=%d", karx_cipher_name((karx_cipher_alg)a), names[j], n,
                      dec);
                CHECK(out[oo + 16 * n] == 0xa5 && (oo == 0 || out[oo - 1] == 0xa5),
                      "%s %s n=%zu wrote outside", karx_cipher_name((karx_cipher_alg)a),
                      names[j], n);
                memcpy(out + oo, in + oi, 16 * n); /* in place */
                memcpy(tk, t0, 16);
                karx_i_xts_blocks(ks[j], &k, tk, out + oo, out + oo, n, dec);
                CHECK(memcmp(out + oo, ref, 16 * n) == 0, "%s %s n=%zu in place",
                      karx_cipher_name((karx_cipher_alg)a), names[j], n);
            }
        }
        karx_cipher_key_wipe(&k);
    }
}

/* Every kernel table through karx_i_xts_units (the fused kernel takes all units in one call)
 * against the generic path over the portable kernel run unit by unit: runs of units of sizes
 * around and at multiples of the SIMD group sizes (8, 16, 32 blocks), the last unit shorter or
 * not, each unit with its own tweak (some with the top bit set), out of place at odd offsets
 * and in place; the last unit's next tweak comes back the same. */
static void test_units(void)
{
    enum { MAXB = 400 };
    static const size_t ubs[] = {1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 64, 256};
    static uint8_t in[MAXB * 16 + 64], ref[MAXB * 16 + 64], out[MAXB * 16 + 64];
    static uint8_t t0[MAXB][16], tr[MAXB][16], tk[MAXB][16];
    for (uint32_t a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++) {
        karx_cipher_alg alg = (karx_cipher_alg)a;
        if (karx_cipher_block_bytes(alg) != 16)
            continue;
        const karx_block_kernels *ks[16];
        const char *names[16];
        size_t nk = t_cipher_kernels(alg, ks, names, 16);
        uint8_t key[64];
        t_fill(key, sizeof key);
        karx_cipher_key k;
        karx_cipher_set_key(&k, alg, key, karx_cipher_key_bytes(alg));
        for (int it = 0; it < 40; it++) {
            size_t ub = ubs[it % (sizeof ubs / sizeof ubs[0])];
            size_t units = 1 + t_rand64() % (ub >= 64 ? 2 : 6), n = units * ub;
            if ((it & 2) && ub > 1) /* the last unit shorter */
                n -= 1 + t_rand64() % (ub - 1);
            if (n > MAXB)
                n = MAXB;
            size_t nu = (n + ub - 1) / ub, oi = t_rand64() % 16, oo = t_rand64() % 16;
            int dec = it & 1;
            t_fill(t0[0], 16 * nu);
            for (size_t u = 0; u < nu; u += 3)
                t0[u][15] |= 0x80; /* the first doubling folds */
            t_fill(in, sizeof in);
            memcpy(tr, t0, 16 * nu);
            for (size_t u = 0; u < nu; u++) {
                size_t m = n - u * ub < ub ? n - u * ub : ub;
                karx_i_xts_generic(ks[0], karx_i_ks(&k), ref + 16 * u * ub,
                                   in + oi + 16 * u * ub, m, tr[u], dec);
            }
            for (size_t j = 0; j < nk; j++) {
                memcpy(tk, t0, 16 * nu);
                memset(out, 0xa5, sizeof out);
                karx_i_xts_units(ks[j], &k, tk[0], out + oo, in + oi, n, ub, dec);
                CHECK(memcmp(out + oo, ref, 16 * n) == 0 && memcmp(tk[nu - 1], tr[nu - 1], 16) == 0,
                      "%s %s units of %zu, %zu blocks, dec=%d", karx_cipher_name(alg), names[j],
                      ub, n, dec);
                CHECK(out[oo + 16 * n] == 0xa5 && (oo == 0 || out[oo - 1] == 0xa5),
                      "%s %s units of %zu, %zu blocks: wrote outside", karx_cipher_name(alg),
                      names[j], ub, n);
                memcpy(out + oo, in + oi, 16 * n); /* in place */
                memcpy(tk, t0, 16 * nu);
                karx_i_xts_units(ks[j], &k, tk[0], out + oo, out + oo, n, ub, dec);
                CHECK(memcmp(out + oo, ref, 16 * n) == 0, "%s %s units of %zu, %zu blocks in place",
                      karx_cipher_name(alg), names[j], ub, n);
            }
        }
        karx_cipher_key_wipe(&k);
    }
}

/* Sector calls at every back end against one-unit calls with tweak + i: 512- and 4096-byte
 * sectors and small ones, runs longer than one tweak batch (128 units), the last unit whole,
 * shorter by whole blocks or stealing, tweak numbers carrying across 64 bits; both ways, the
 * decryption in place. */
static void test_sector_runs(void)
{
    static const struct {
        size_t sector, len;
    } runs[] = {{512, 8 * 512},        {512, 3 * 512 + 256},   {512, 2 * 512 + 100},
                {4096, 2 * 4096 + 512}, {4096, 4096 + 4000 + 7}, {32, 300 * 32 + 16},
                {16, 140 * 16},         {48, 130 * 48 + 40},     {272, 5 * 272 + 33}};
    enum { MAXLEN = 300 * 32 + 16 };
    static uint8_t in[MAXLEN], out[MAXLEN], back[MAXLEN], one[4096];
    uint8_t key[64];
    t_fill(key, sizeof key);
    karx_backend orig = karx_get_backend();
    for (int b = 0; karx_backend_name((karx_backend)b) != NULL; b++) {
        if (karx_set_backend((karx_backend)b) != KARX_OK)
            continue;
        for (uint32_t a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++) {
            karx_cipher_alg alg = (karx_cipher_alg)a;
            karx_xts_key k;
            if (karx_cipher_block_bytes(alg) != 16 ||
                karx_xts_set_key(&k, alg, key, 2 * karx_cipher_key_bytes(alg)) != KARX_OK)
                continue;
            for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
                size_t sec = runs[r].sector, len = runs[r].len, units = (len + sec - 1) / sec;
                uint8_t tw[16];
                t_fill(tw, 16);
                if (r % 2 == 0) /* the low 64 bits carry inside the run */
                    memset(tw, 0xff, 8), tw[0] = (uint8_t)(0x100 - units / 2);
                t_fill(in, len);
                int ok = karx_xts_encrypt_sectors(&k, tw, sec, out, in, len) == KARX_OK;
                uint64_t lo = karx_load64_le(tw), hi = karx_load64_le(tw + 8);
                for (size_t u = 0; u < units && ok; u++) {
                    uint8_t ti[16];
                    karx_store64_le(ti, lo + u);
                    karx_store64_le(ti + 8, hi + (lo + u < lo));
                    size_t n = len - u * sec < sec ? len - u * sec : sec;
                    ok = karx_xts_encrypt(&k, ti, one, in + u * sec, n) == KARX_OK &&
                         memcmp(one, out + u * sec, n) == 0;
                }
                memcpy(back, out, len);
                ok = ok && karx_xts_decrypt_sectors(&k, tw, sec, back, back, len) == KARX_OK &&
                     memcmp(back, in, len) == 0;
                CHECK(ok, "%s sectors of %zu, %zu bytes at %s", karx_cipher_name(alg), sec, len,
                      karx_backend_name((karx_backend)b));
            }
            karx_xts_key_wipe(&k);
        }
    }
    karx_set_backend(orig);
}

/* The generic path against a block-by-block loop written here from the definition. */
static void test_generic_definition(void)
{
    uint8_t key[16], t[16], tw[16], in[16 * 300], out[16 * 300], x[16];
    t_fill(key, 16);
    t_fill(t, 16);
    t_fill(in, sizeof in);
    karx_cipher_key k;
    karx_cipher_set_key(&k, KARX_CIPHER_LEA128, key, 16);
    memcpy(tw, t, 16);
    karx_i_xts_generic(t_active_kernels(KARX_CIPHER_LEA128), karx_i_ks(&k), out, in, 300, tw, 0);
    int ok = 1;
    for (size_t i = 0; i < 300; i++) {
        for (int j = 0; j < 16; j++)
            x[j] = (uint8_t)(in[16 * i + j] ^ t[j]);
        karx_cipher_encrypt_block(&k, x, x);
        for (int j = 0; j < 16; j++)
            ok &= (uint8_t)(x[j] ^ t[j]) == out[16 * i + j];
        karx_i_xts_mulx(t);
    }
    CHECK(ok && memcmp(t, tw, 16) == 0, "generic XTS = the definition over 300 blocks");
    karx_cipher_key_wipe(&k);
}

/* Streaming equals one-shot for two-piece splits at every point near block boundaries, and for
 * many small pieces. */
static void test_streaming(void)
{
    uint8_t key[32], tweak[16], pt[200], ref[200], out[260];
    t_fill(key, sizeof key);
    t_fill(tweak, 16);
    t_fill(pt, sizeof pt);
    karx_xts_key k;
    karx_xts_set_key(&k, KARX_CIPHER_CHAM128_128, key, 32);
    static const size_t lens[] = {16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65, 100, 200};
    static uint8_t big[5000], bigref[5000], bigio[5040];
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li];
        for (int enc = 0; enc < 2; enc++) {
            (enc ? karx_xts_encrypt : karx_xts_decrypt)(&k, tweak, ref, pt, len);
            for (size_t cut = 0; cut <= len; cut++) {
                if (cut % 16 > 2 && cut % 16 < 14 && cut > 2 && len - cut > 2)
                    continue; /* near block boundaries and the ends only */
                karx_xts_ctx c;
                size_t a = 0, b = 0, f = 0;
                int ok = karx_xts_init(&c, KARX_CIPHER_CHAM128_128, enc, key, 32, tweak) ==
                             KARX_OK &&
                         karx_xts_update(&c, out, sizeof out, &a, pt, cut) == KARX_OK &&
                         karx_xts_update(&c, out + a, sizeof out - a, &b, pt + cut, len - cut) ==
                             KARX_OK &&
                         karx_xts_final(&c, out + a + b, 32, &f) == KARX_OK;
                CHECK(ok && a + b + f == len && memcmp(out, ref, len) == 0 && a % 16 == 0 &&
                          b % 16 == 0 && f >= 16 && f < 32,
                      "stream len %zu cut %zu enc %d", len, cut, enc);
            }
            /* in place (the output stream written over the input stream, as the CLI and the
             * bindings may do), pieces of 1..40 bytes and one long tail */
            {
                uint8_t io[260];
                memcpy(io, pt, len);
                karx_xts_ctx c;
                size_t w = 0, prev = 0, n = 0;
                int ok = karx_xts_init(&c, KARX_CIPHER_CHAM128_128, enc, key, 32, tweak) ==
                         KARX_OK;
                for (size_t step = 1; prev < len; step = step % 40 + 7) {
                    size_t end = prev + step < len ? prev + step : len;
                    ok &= karx_xts_update(&c, io + w, sizeof io - w, &n, io + prev, end - prev) ==
                          KARX_OK;
                    w += n;
                    prev = end;
                }
                ok &= karx_xts_final(&c, io + w, sizeof io - w, &n) == KARX_OK;
                CHECK(ok && w + n == len && memcmp(io, ref, len) == 0,
                      "stream in place len %zu enc %d", len, enc);
            }
            /* pieces of 1..7 bytes */
            karx_xts_ctx c;
            size_t done = 0, w = 0;
            karx_xts_init(&c, KARX_CIPHER_CHAM128_128, enc, key, 32, tweak);
            for (size_t i = 0, step = 1; i < len; i += step, step = step % 7 + 1) {
                size_t s = len - i < step ? len - i : step;
                CHECK(karx_xts_update(&c, out + done, sizeof out - done, &w, pt + i, s) ==
                          KARX_OK,
                      "pieces update");
                done += w;
            }
            CHECK(karx_xts_final(&c, out + done, 32, &w) == KARX_OK && done + w == len &&
                      memcmp(out, ref, len) == 0,
                  "stream len %zu in small pieces enc %d", len, enc);
        }
    }
    /* A long update after a held remainder runs through the stage several times. */
    t_fill(big, sizeof big);
    karx_xts_encrypt(&k, tweak, bigref, big, sizeof big);
    for (int inplace = 0; inplace < 2; inplace++) {
        static const size_t cuts[] = {5, 4995 - 13, 4995, 5000};
        karx_xts_ctx c;
        size_t w = 0, prev = 0, n = 0;
        uint8_t *dst = inplace ? bigio : bigio + 0;
        const uint8_t *src = inplace ? bigio : big;
        memcpy(bigio, big, sizeof big);
        int ok = karx_xts_init(&c, KARX_CIPHER_CHAM128_128, 1, key, 32, tweak) == KARX_OK;
        for (size_t ci = 0; ci < 4; ci++) {
            ok &= karx_xts_update(&c, dst + w, sizeof bigio - w, &n, src + prev,
                                  cuts[ci] - prev) == KARX_OK;
            w += n;
            prev = cuts[ci];
        }
        ok &= karx_xts_final(&c, dst + w, sizeof bigio - w, &n) == KARX_OK;
        CHECK(ok && w + n == sizeof big && memcmp(dst, bigref, sizeof big) == 0,
              "stream 5000 bytes through the stage, in place %d", inplace);
    }
    /* out == in within each call: every piece copied to a scratch buffer and crypted there. */
    {
        static uint8_t tmp[5000 + 32];
        static const size_t cuts[] = {7, 3000, 3001, 5000};
        karx_xts_ctx c;
        size_t w = 0, prev = 0, n = 0;
        int ok = karx_xts_init(&c, KARX_CIPHER_CHAM128_128, 1, key, 32, tweak) == KARX_OK;
        for (size_t ci = 0; ci < 4; ci++) {
            memcpy(tmp, big + prev, cuts[ci] - prev);
            ok &= karx_xts_update(&c, tmp, sizeof tmp, &n, tmp, cuts[ci] - prev) == KARX_OK;
            memcpy(bigio + w, tmp, n);
            w += n;
            prev = cuts[ci];
        }
        ok &= karx_xts_final(&c, bigio + w, sizeof bigio - w, &n) == KARX_OK;
        CHECK(ok && w + n == sizeof big && memcmp(bigio, bigref, sizeof big) == 0,
              "stream with out == in in each call");
    }
    karx_xts_key_wipe(&k);
}

static void test_refusals(void)
{
    uint8_t key[64], tweak[16] = {0}, buf[512], out[512];
    t_fill(key, sizeof key);
    t_fill(buf, sizeof buf);
    karx_xts_key k;
    memset(&k, 0x5a, sizeof k);
    /* equal halves */
    uint8_t same[32];
    memcpy(same, key, 16);
    memcpy(same + 16, key, 16);
    CHECK(karx_xts_set_key(&k, KARX_CIPHER_LEA128, same, 32) == KARX_ERR_ARGUMENT &&
              t_all_zero(&k, sizeof k),
          "equal halves refused, key wiped");
    CHECK(karx_xts_set_key(&k, KARX_CIPHER_LEA128, key, 16) == KARX_ERR_KEY_LENGTH,
          "one key's length refused");
    CHECK(karx_xts_set_key(&k, KARX_CIPHER_LEA256, key, 48) == KARX_ERR_KEY_LENGTH,
          "wrong key length");
    CHECK(karx_xts_set_key(&k, KARX_CIPHER_HIGHT, key, 32) == KARX_ERR_UNSUPPORTED,
          "64-bit block refused");
    CHECK(karx_xts_set_key(&k, KARX_CIPHER_CHAM64_128, key, 32) == KARX_ERR_UNSUPPORTED,
          "CHAM-64 refused");
    CHECK(karx_xts_set_key(&k, (karx_cipher_alg)999, key, 32) == KARX_ERR_UNKNOWN_ALGORITHM,
          "unknown cipher");
    CHECK(karx_xts_set_key(NULL, KARX_CIPHER_LEA128, key, 32) == KARX_ERR_ARGUMENT &&
              karx_xts_set_key(&k, KARX_CIPHER_LEA128, NULL, 32) == KARX_ERR_ARGUMENT,
          "NULL key");
    CHECK(karx_xts_encrypt(&k, tweak, out, buf, 32) == KARX_ERR_STATE, "no key set");
    CHECK(karx_xts_set_key(&k, KARX_CIPHER_LEA128, key, 32) == KARX_OK, "set_key");
    memset(out, 0x77, sizeof out);
    CHECK(karx_xts_encrypt(&k, tweak, out, buf, 15) == KARX_ERR_DATA_LENGTH &&
              karx_xts_decrypt(&k, tweak, out, buf, 0) == KARX_ERR_DATA_LENGTH && out[0] == 0x77,
          "short input refused");
    CHECK(karx_xts_encrypt(&k, NULL, out, buf, 32) == KARX_ERR_ARGUMENT &&
              karx_xts_encrypt(&k, tweak, NULL, buf, 32) == KARX_ERR_ARGUMENT &&
              karx_xts_encrypt(NULL, tweak, out, buf, 32) == KARX_ERR_ARGUMENT,
          "NULL arguments");
    CHECK(karx_xts_encrypt_sectors(&k, tweak, 15, out, buf, 32) == KARX_ERR_ARGUMENT,
          "sector under 16 bytes");
    CHECK(karx_xts_encrypt_sectors(&k, tweak, 32, out, buf, 32 + 15) == KARX_ERR_DATA_LENGTH &&
              out[0] == 0x77,
          "short last unit refused");
    /* The tweak number may reach 2^128 - 1 but not pass it; nothing is written. */
    uint8_t top[16];
    memset(top, 0xff, 16);
    top[0] = 0xfd; /* three units left: ...fd, ...fe, ...ff */
    CHECK(karx_xts_encrypt_sectors(&k, top, 32, out, buf, 3 * 32) == KARX_OK,
          "last tweak all-ones");
    memset(out, 0x77, sizeof out);
    CHECK(karx_xts_encrypt_sectors(&k, top, 32, out, buf, 3 * 32 + 16) ==
                  KARX_ERR_COUNTER_OVERFLOW &&
              out[0] == 0x77 && out[3 * 32] == 0x77,
          "sector tweak overflow refused, nothing written");
    top[0] = 0xff;
    top[15] = 0xfe; /* 2^64 numbers and more left: no overflow */
    CHECK(karx_xts_decrypt_sectors(&k, top, 16, out, buf, 256) == KARX_OK, "far from the top");
    /* Sector numbering equals one-unit calls with tweak + i, across a byte carry. */
    uint8_t t2[16] = {0xfe, 0x01}, one[64], ti[16];
    CHECK(karx_xts_encrypt_sectors(&k, t2, 48, out, buf, 5 * 48 + 20) == KARX_OK, "sectors");
    int ok = 1;
    for (size_t i = 0; i < 6; i++) {
        memcpy(ti, t2, 16);
        ti[0] = (uint8_t)(0xfe + i);
        ti[1] = (uint8_t)(0x01 + (0xfe + i) / 256);
        size_t n = i < 5 ? 48 : 20;
        ok &= karx_xts_encrypt(&k, ti, one, buf + 48 * i, n) == KARX_OK &&
              memcmp(one, out + 48 * i, n) == 0;
    }
    CHECK(ok, "sector i = one unit with tweak + i");
    /* streaming refusals */
    karx_xts_ctx c;
    size_t w = 0;
    CHECK(karx_xts_init(&c, KARX_CIPHER_LEA128, 1, same, 32, tweak) == KARX_ERR_ARGUMENT &&
              karx_xts_update(&c, out, sizeof out, &w, buf, 16) == KARX_ERR_STATE,
          "stream: equal halves");
    CHECK(karx_xts_init(&c, KARX_CIPHER_LEA128, 1, key, 32, tweak) == KARX_OK &&
              karx_xts_update(&c, out, 15, &w, buf, 64) == KARX_ERR_OUTPUT_LENGTH &&
              karx_xts_update(&c, out, sizeof out, &w, buf, 15) == KARX_OK && w == 0 &&
              karx_xts_final(&c, out, 32, &w) == KARX_ERR_DATA_LENGTH && t_all_zero(&c.key, sizeof c.key) &&
              karx_xts_final(&c, out, 32, &w) == KARX_ERR_STATE,
          "stream: short unit refused and wiped");
    CHECK(karx_xts_init(&c, KARX_CIPHER_LEA128, 1, key, 32, tweak) == KARX_OK &&
              karx_xts_update(&c, out, sizeof out, &w, buf, 20) == KARX_OK &&
              karx_xts_final(&c, out, 19, &w) == KARX_ERR_OUTPUT_LENGTH &&
              karx_xts_final(&c, out, 32, &w) == KARX_OK && w == 20,
          "stream: final's room");
    /* An empty update (in and out NULL) with bytes held back does nothing; it used to offset a
     * NULL in (undefined; UBSan, fuzz/regressions/fuzz_modes/xts-empty-update-null). */
    CHECK(karx_xts_init(&c, KARX_CIPHER_LEA128, 1, key, 32, tweak) == KARX_OK &&
              karx_xts_update(&c, out, sizeof out, &w, buf, 20) == KARX_OK && w == 0 &&
              karx_xts_update(&c, NULL, 0, &w, NULL, 0) == KARX_OK && w == 0 &&
              karx_xts_final(&c, out, 32, &w) == KARX_OK && w == 20,
          "stream: empty update with NULL");
    CHECK(karx_xts_init(&c, KARX_CIPHER_LEA128, 1, key, 32, tweak) == KARX_OK &&
              karx_xts_update(&c, NULL, 0, &w, NULL, 0) == KARX_OK && w == 0 &&
              karx_xts_update(&c, out, sizeof out, &w, buf, 20) == KARX_OK &&
              karx_xts_final(&c, out, 32, &w) == KARX_OK && w == 20,
          "stream: empty first update with NULL");
    karx_xts_key_wipe(&k);
    CHECK(t_all_zero(&k, sizeof k), "key wipe");
}

int main(int argc, char **argv)
{
    t_seed_from_env();
    test_vectors(argc > 1 ? argv[1] : "tests/kat");
    test_kernels();
    test_units();
    test_sector_runs();
    test_generic_definition();
    test_streaming();
    test_refusals();
    return t_finish("test_xts");
}
