/* The registry: every registered algorithm is listed, found by each of its names and by id;
 * every kernel of every cipher and hash passes its known-answer self-test (and the self-test
 * fails on a doctored descriptor); every mode round-trips on every cipher at every back end
 * and agrees with the portable back end; the kernel-selection function follows each back end's
 * fallback chain; the back-end table agrees with the public calls; the parts (GHASH, the GCM
 * pass) are selected, listed and self-tested like the kernels of an algorithm; every mode (block,
 * AEAD, XTS) is listed with the key length its own set_key takes. */
#include <stdio.h>
#include <string.h>

#include "aead/gcm_stitch.h"
#include "aead/ghash.h"
#include "cpu/backends.h"
#include "karx/karx.h"
#include "selftest/selftest_internal.h"
#include "test_kernels.h"
#include "test_util.h"

static void listing(void)
{
    size_t n = karx_alg_count(), kinds[5] = {0};
    karx_alg_info info, again;
    for (size_t i = 0; i < n; i++) {
        CHECK(karx_alg_get(i, &info) == KARX_OK, "get %zu", i);
        kinds[info.kind]++;
        CHECK(karx_alg_find(info.kind, info.name, &again) == KARX_OK && again.id == info.id,
              "%s by its name", info.name);
        CHECK(karx_alg_find(KARX_KIND_ANY, info.std_name, &again) == KARX_OK &&
                  again.id == info.id && again.kind == info.kind,
              "%s by its standard name %s", info.name, info.std_name);
        char upper[KARX_ALG_NAME_MAX];
        for (size_t j = 0; j <= strlen(info.name); j++)
            upper[j] = (char)((info.name[j] >= 'a' && info.name[j] <= 'z') ? info.name[j] - 32
                                                                            : info.name[j]);
        CHECK(karx_alg_find(info.kind, upper, &again) == KARX_OK && again.id == info.id,
              "%s upper-cased", info.name);
        CHECK(karx_alg_by_id(info.kind, info.id, &again) == KARX_OK &&
                  strcmp(again.name, info.name) == 0,
              "%s by id %d", info.name, info.id);
        CHECK(info.kind == KARX_KIND_MODE || info.kernel != NULL, "%s kernel", info.name);
    }
    CHECK(karx_alg_get(n, &info) == KARX_ERR_ARGUMENT, "past the end");
    CHECK(kinds[KARX_KIND_CIPHER] == karx_i_cipher_count, "ciphers listed");
    CHECK(kinds[KARX_KIND_HASH] == karx_i_hash_count, "hashes listed");
    size_t wide = 0; /* 128-bit-block ciphers: each has a GMAC */
    for (size_t i = 0; i < karx_i_cipher_count; i++)
        wide += karx_i_ciphers[i]->block_bytes == 16;
    CHECK(kinds[KARX_KIND_MAC] == karx_i_cipher_count + karx_i_hash_count + wide, "MACs listed");
    CHECK(kinds[KARX_KIND_MODE] == karx_i_mode_count, "modes listed");
    printf("%zu algorithms: %zu ciphers, %zu modes, %zu hashes, %zu MACs\n", n,
           kinds[KARX_KIND_CIPHER], kinds[KARX_KIND_MODE], kinds[KARX_KIND_HASH],
           kinds[KARX_KIND_MAC]);
}

static void names(void)
{
    karx_alg_info info;
    static const struct {
        const char *name;
        karx_alg_kind kind;
        int id;
    } cases[] = {
        {"LEA-128", KARX_KIND_CIPHER, KARX_CIPHER_LEA128},
        {"lea_256", KARX_KIND_CIPHER, KARX_CIPHER_LEA256},
        {"CHAM-128/256", KARX_KIND_CIPHER, KARX_CIPHER_CHAM128_256},
        {"Hight", KARX_KIND_CIPHER, KARX_CIPHER_HIGHT},
        {"cfb128", KARX_KIND_MODE, KARX_MODE_CFB},
        {"CFB-8", KARX_KIND_MODE, KARX_MODE_CFB8},
        {"LSH-512-384", KARX_KIND_HASH, KARX_LSH512_384},
        {"CMAC-LEA-192", KARX_KIND_MAC, KARX_MAC_ID(KARX_MAC_CMAC, KARX_CIPHER_LEA192)},
        {"hmac-LSH-256-224", KARX_KIND_MAC, KARX_MAC_ID(KARX_MAC_HMAC, KARX_LSH256_224)},
        {"GMAC-LEA-128", KARX_KIND_MAC, KARX_MAC_ID(KARX_MAC_GMAC, KARX_CIPHER_LEA128)},
        {"gmac-cham128-256", KARX_KIND_MAC, KARX_MAC_ID(KARX_MAC_GMAC, KARX_CIPHER_CHAM128_256)},
        {"gmac-CHAM-128/128", KARX_KIND_MAC, KARX_MAC_ID(KARX_MAC_GMAC, KARX_CIPHER_CHAM128_128)},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CHECK(karx_alg_find(KARX_KIND_ANY, cases[i].name, &info) == KARX_OK &&
                  info.kind == cases[i].kind && info.id == cases[i].id,
              "find %s", cases[i].name);
    }
    static const char *const bad[] = {"", "lea", "lea129", "cmac-", "hmac-lea128", "cmac-lsh256-256",
                                      "lsh256-225", "xts", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                                      "gmac-", "gmac-hight", "gmac-cham64-128", "gmac-lsh256-256"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(karx_alg_find(KARX_KIND_ANY, bad[i], &info) == KARX_ERR_UNKNOWN_ALGORITHM,
              "unknown %s", bad[i]);
    CHECK(karx_alg_find(KARX_KIND_HASH, "lea128", &info) == KARX_ERR_UNKNOWN_ALGORITHM,
          "kind filter");
    CHECK(karx_alg_find(KARX_KIND_ANY, NULL, &info) == KARX_ERR_ARGUMENT, "NULL name");
    CHECK(karx_alg_find(KARX_KIND_ANY, "lea128", NULL) == KARX_ERR_ARGUMENT, "NULL info");
    CHECK(karx_alg_by_id(KARX_KIND_CIPHER, 99, &info) == KARX_ERR_UNKNOWN_ALGORITHM, "bad id");
    CHECK(karx_alg_kernel_count(KARX_KIND_MODE, KARX_MODE_CTR) == 0, "modes have no kernels");
    CHECK(strcmp(karx_cmac_name(KARX_CIPHER_CHAM64_128), "cmac-cham64-128") == 0, "cmac name");
    CHECK(strcmp(karx_hmac_name(KARX_LSH512_512), "hmac-lsh512-512") == 0, "hmac name");
    CHECK(strcmp(karx_gmac_name(KARX_CIPHER_CHAM128_256), "gmac-cham128-256") == 0, "gmac name");
    CHECK(karx_gmac_name(KARX_CIPHER_HIGHT) == NULL, "no GMAC over a 64-bit block");
    CHECK(karx_alg_by_id(KARX_KIND_MAC, KARX_MAC_ID(KARX_MAC_GMAC, KARX_CIPHER_CHAM64_128), &info) ==
              KARX_ERR_UNKNOWN_ALGORITHM,
          "GMAC id over a 64-bit block");
    CHECK(karx_alg_find(KARX_KIND_MAC, "GMAC-ARIA-256", &info) == KARX_OK &&
              strcmp(info.std_name, "GMAC-ARIA-256") == 0 && info.output_bytes == 16 &&
              info.key_bytes == 32,
          "gmac-aria256 sizes");
}

/* The kernels of algorithm (kind, id), named info: at least one; each usable one passes its
 * self-test (counted in *run), the others say UNSUPPORTED; exactly one active, the one info
 * names; an index past the last refused. */
static void check_kernels(karx_alg_kind kind, int id, const karx_alg_info *info, size_t *run)
{
    size_t n = karx_alg_kernel_count(kind, id), active = 0;
    CHECK(n >= 1, "%s has kernels", info->name);
    for (size_t k = 0; k < n; k++) {
        karx_kernel_info ki;
        CHECK(karx_alg_kernel(kind, id, k, &ki) == KARX_OK, "kernel %zu", k);
        karx_status st = karx_alg_kernel_selftest(kind, id, k);
        if (ki.usable) {
            CHECK(st == KARX_OK, "%s kernel %s self-test: %s", info->name, ki.name,
                  karx_strerror(st));
            (*run)++;
        } else {
            CHECK(st == KARX_ERR_UNSUPPORTED, "%s kernel %s not usable", info->name, ki.name);
        }
        active += ki.active;
        if (ki.active)
            CHECK(strcmp(ki.name, info->kernel) == 0, "%s active kernel", info->name);
    }
    CHECK(active == 1, "%s: one active kernel", info->name);
    CHECK(karx_alg_kernel_selftest(kind, id, n) == KARX_ERR_ARGUMENT, "index");
}

/* Every kernel of every cipher and hash: usable ones pass, the others say UNSUPPORTED. */
static void kernels(void)
{
    size_t run = 0;
    karx_alg_info info;
    for (size_t i = 0; i < karx_alg_count(); i++) {
        karx_alg_get(i, &info);
        if (info.kind != KARX_KIND_CIPHER && info.kind != KARX_KIND_HASH)
            continue;
        check_kernels(info.kind, info.id, &info, &run);
    }
    CHECK(karx_selftest_kernels() == KARX_OK, "karx_selftest_kernels");
    printf("%zu kernel self-tests run\n", run);
}

/* The parts (GHASH, the GCM pass): found by id and by name (KARX_KIND_PART only), not listed
 * among the algorithms; every kernel passes its self-test or is unsupported here; one is
 * active, and it is the table GCM calls use now, at every back end. */
static void parts(void)
{
    size_t run = 0;
    int nparts = 0;
    karx_alg_info info, again;
    for (int id = 0; karx_alg_by_id(KARX_KIND_PART, id, &info) == KARX_OK; id++, nparts++) {
        CHECK(info.kind == KARX_KIND_PART && info.id == id, "part %d", id);
        CHECK(karx_alg_find(KARX_KIND_PART, info.name, &again) == KARX_OK && again.id == id,
              "%s by name", info.name);
        CHECK(karx_alg_find(KARX_KIND_PART, info.std_name, &again) == KARX_OK && again.id == id,
              "%s by standard name", info.std_name);
        CHECK(karx_alg_find(KARX_KIND_ANY, info.name, &again) != KARX_OK,
              "%s is not an algorithm", info.name);
        check_kernels(KARX_KIND_PART, id, &info, &run);
    }
    CHECK(nparts == (int)karx_i_part_count, "%d parts listed", nparts);
    CHECK(karx_alg_by_id(KARX_KIND_PART, -1, &info) == KARX_ERR_UNKNOWN_ALGORITHM, "id -1");
    for (size_t i = 0; i < karx_alg_count(); i++)
        CHECK(karx_alg_get(i, &info) == KARX_OK && info.kind != KARX_KIND_PART,
              "karx_alg_get lists no part");
    /* what GCM runs is what the registry selects, under every back end */
    karx_backend orig = karx_get_backend();
    for (int b = 0; karx_backend_name((karx_backend)b) != NULL; b++) {
        if (karx_set_backend((karx_backend)b) != KARX_OK)
            continue;
        const karx_i_part *g = karx_i_part_desc(KARX_PART_GHASH);
        const karx_i_part *p = karx_i_part_desc(KARX_PART_GCM_PASS);
        CHECK(karx_i_ghash_kernels_now() == karx_i_select(g->impls, g->nimpls)->table,
              "GHASH at %s", karx_backend_name((karx_backend)b));
        CHECK(karx_i_gcm_pass_now() == karx_i_select(p->impls, p->nimpls)->table,
              "GCM pass at %s", karx_backend_name((karx_backend)b));
        CHECK(karx_alg_by_id(KARX_KIND_PART, KARX_PART_GHASH, &info) == KARX_OK &&
                  strcmp(info.kernel, karx_i_ghash_kernels_now()->name) == 0,
              "GHASH at %s: listed %s, runs %s", karx_backend_name((karx_backend)b), info.kernel,
              karx_i_ghash_kernels_now()->name);
    }
    if (karx_set_backend(KARX_BACKEND_PORTABLE) == KARX_OK) {
        CHECK(karx_i_ghash_kernels_now() == &karx_i_ghash_portable, "portable GHASH");
        CHECK(karx_i_gcm_pass_now() == &karx_i_gcm_pass_chunked, "portable GCM pass");
    }
    karx_set_backend(orig);
    printf("%zu part kernel self-tests run\n", run);
}

/* The self-test must be able to fail: a descriptor with a wrong ciphertext or digest. */
static void selftest_fails(void)
{
    for (size_t i = 0; i < karx_i_cipher_count; i++) {
        karx_i_cipher bad = *karx_i_ciphers[i];
        uint8_t ct[16];
        memcpy(ct, bad.kat_ct, bad.block_bytes);
        ct[3] ^= 0x10;
        bad.kat_ct = ct;
        for (size_t k = 0; k < bad.nimpls; k++)
            if (karx_i_impl_usable(&bad.impls[k]))
                CHECK(karx_i_cipher_kernel_test(&bad, &bad.impls[k]) == KARX_ERR_SELFTEST,
                      "%s/%s detects a wrong answer", bad.name, bad.impls[k].name);
    }
    for (size_t i = 0; i < karx_i_hash_count; i++) {
        karx_i_hash bad = *karx_i_hashes[i];
        uint8_t d[64];
        memcpy(d, bad.kat_digest, bad.digest_bytes);
        d[bad.digest_bytes - 1] ^= 1;
        bad.kat_digest = d;
        CHECK(karx_i_hash_kernel_test(&bad, &bad.impls[0]) == KARX_ERR_SELFTEST,
              "%s detects a wrong digest", bad.name);
    }
    /* parts: a wrong tag, and a wrong ciphertext (which GHASH hashes and the pass produces) */
    for (size_t i = 0; i < karx_i_part_count; i++) {
        for (int what = 0; what < 2; what++) {
            karx_i_part bad = *karx_i_parts[i];
            karx_i_gcm_kat kat = *(const karx_i_gcm_kat *)bad.kat;
            uint8_t tag[16], ct[96];
            memcpy(tag, kat.tag, 16);
            memcpy(ct, kat.ct, kat.len);
            if (what == 0)
                tag[15] ^= 1, kat.tag = tag;
            else
                ct[kat.len - 1] ^= 0x80, kat.ct = ct;
            bad.kat = &kat;
            for (size_t k = 0; k < bad.nimpls; k++)
                if (karx_i_impl_usable(&bad.impls[k]))
                    CHECK(bad.kernel_test(&bad, &bad.impls[k]) == KARX_ERR_SELFTEST,
                          "%s/%s detects a wrong %s", bad.name, bad.impls[k].name,
                          what ? "ciphertext" : "tag");
        }
    }
}

/* The back-end table (src/cpu/backends.h) and the public calls read from it: every row's name
 * parses back to it, names are distinct, each fallback chain ends at portable, the best back
 * end is the supported one of highest preference, and impl priorities follow preference. */
static void backend_table(void)
{
    int n = t_backend_count();
    CHECK(n == KARX_I_BACKEND_COUNT, "%d back ends, table %d", n, KARX_I_BACKEND_COUNT);
    int best_pref = -1;
    for (int b = 0; b < n; b++) {
        const karx_i_backend_row *r = karx_i_backend_row_of((karx_backend)b);
        karx_backend back;
        CHECK(r != NULL && strcmp(r->name, karx_backend_name((karx_backend)b)) == 0, "row %d", b);
        CHECK(karx_backend_from_name(r->name, &back) == KARX_OK && back == (karx_backend)b,
              "%s parses", r->name);
        for (int o = 0; o < b; o++)
            CHECK(strcmp(r->name, karx_backend_name((karx_backend)o)) != 0, "%s twice", r->name);
        karx_backend x = (karx_backend)b;
        int steps = 0;
        while (x != KARX_BACKEND_PORTABLE && steps++ < n) {
            CHECK(karx_i_backend_row_of(x)->pref > karx_i_backend_row_of(karx_i_backend_row_of(x)->below)->pref,
                  "%s falls to a back end of lower preference", karx_backend_name(x));
            x = karx_i_backend_row_of(x)->below;
        }
        CHECK(x == KARX_BACKEND_PORTABLE, "%s's chain ends at portable", r->name);
        CHECK(KARX_I_PRIO((karx_backend)b, 0) == r->pref * 4, "%s priority", r->name);
        if (karx_backend_supported((karx_backend)b) && r->pref > best_pref)
            best_pref = r->pref;
    }
    CHECK(karx_i_backend_row_of(karx_backend_best())->pref == best_pref, "best = %s",
          karx_backend_name(karx_backend_best()));
    CHECK(karx_i_backend_row_of((karx_backend)n) == NULL && karx_backend_name((karx_backend)n) == NULL,
          "no row past the last");
    karx_backend back;
    CHECK(karx_backend_from_name("bogus", &back) == KARX_ERR_UNKNOWN_ALGORITHM, "bogus");
}

/* Whether impl back end i lies on the chain of back end b, by the table's "below" column. */
static int t_on_chain(karx_backend i, karx_backend b)
{
    for (int steps = 0; steps <= t_backend_count(); steps++) {
        if (i == b)
            return 1;
        if (b == KARX_BACKEND_PORTABLE)
            break;
        b = karx_i_backend_row_of(b)->below;
    }
    return i == KARX_BACKEND_PORTABLE;
}

/* Every mode on every cipher whose block fits, at every back end: a round trip, and the same
 * ciphertext as the portable back end. */
static void modes_everywhere(void)
{
    uint8_t key[32], iv[16], pt[203], ref[256], ct[256], back[256];
    for (size_t i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(i * 7 + 1);
    for (size_t i = 0; i < sizeof iv; i++)
        iv[i] = (uint8_t)(0xf0 + i);
    for (size_t i = 0; i < sizeof pt; i++)
        pt[i] = (uint8_t)(i * 13);
    karx_backend orig = karx_get_backend();
    size_t runs = 0;
    for (size_t c = 0; c < karx_i_cipher_count; c++) {
        const karx_i_cipher *ci = karx_i_ciphers[c];
        for (size_t m = 0; m < karx_i_mode_count; m++) {
            const karx_i_mode *mo = &karx_i_modes[m];
            if (ci->block_bytes < mo->min_block)
                continue;
            int pad = mo->id == KARX_MODE_ECB || mo->id == KARX_MODE_CBC;
            size_t ivl = mo->has_iv ? ci->block_bytes : 0, rl = 0, cl = 0, bl = 0;
            karx_set_backend(KARX_BACKEND_PORTABLE);
            CHECK(karx_cipher_encrypt(ci->id, mo->id, pad, key, ci->key_bytes, iv, ivl, ref,
                                      sizeof ref, &rl, pt, sizeof pt) == KARX_OK,
                  "%s-%s portable", ci->name, mo->name);
            for (int b = 0; karx_backend_name((karx_backend)b) != NULL; b++) {
                if (karx_set_backend((karx_backend)b) != KARX_OK)
                    continue;
                CHECK(karx_cipher_encrypt(ci->id, mo->id, pad, key, ci->key_bytes, iv, ivl, ct,
                                          sizeof ct, &cl, pt, sizeof pt) == KARX_OK &&
                          cl == rl && memcmp(ct, ref, rl) == 0,
                      "%s-%s at %s = portable", ci->name, mo->name,
                      karx_backend_name((karx_backend)b));
                CHECK(karx_cipher_decrypt(ci->id, mo->id, pad, key, ci->key_bytes, iv, ivl,
                                          back, sizeof back, &bl, ct, cl) == KARX_OK &&
                          bl == sizeof pt && memcmp(back, pt, bl) == 0,
                      "%s-%s at %s round trip", ci->name, mo->name,
                      karx_backend_name((karx_backend)b));
                runs++;
            }
        }
    }
    karx_set_backend(orig);
    printf("%zu cipher x mode x back-end round trips\n", runs);
}

/* The listing of every mode (karx_mode_get / _find / _key_bytes): the block modes as
 * karx_alg_get lists them, the AEADs as karx_aead_info_of says, then XTS; each found by both
 * names; and the key length it claims for each cipher is the one the mode's own set_key takes
 * (0: that set_key refuses the cipher with KARX_ERR_UNSUPPORTED). */
static karx_status mode_set_key(const karx_mode_info *m, karx_cipher_alg alg, size_t key_len)
{
    uint8_t k[64];
    for (size_t i = 0; i < sizeof k; i++)
        k[i] = (uint8_t)(i * 29 + 3); /* XTS: two different halves */
    if (m->shape == KARX_SHAPE_AEAD) {
        karx_aead_key a;
        karx_status st = karx_aead_set_key(&a, (karx_aead_alg)m->id, alg, k, key_len);
        karx_aead_key_wipe(&a);
        return st;
    }
    if (m->shape == KARX_SHAPE_XTS) {
        karx_xts_key x;
        karx_status st = karx_xts_set_key(&x, alg, k, key_len);
        karx_xts_key_wipe(&x);
        return st;
    }
    karx_cipher_ctx c;
    size_t ivl = karx_mode_iv_bytes(alg, (karx_mode)m->id);
    karx_status st = karx_cipher_init(&c, alg, (karx_mode)m->id, 1, 0, k, key_len,
                                      ivl ? k : NULL, ivl);
    karx_cipher_ctx_wipe(&c);
    return st;
}

static void mode_listing(void)
{
    size_t n = karx_mode_count(), blocks = 0, aeads = 0, xts = 0;
    karx_mode_info m, again;
    karx_alg_info a, ci;
    karx_aead_info ai;
    for (size_t i = 0; i < n; i++) {
        CHECK(karx_mode_get(i, &m) == KARX_OK, "mode %zu", i);
        CHECK(karx_mode_find(m.name, &again) == KARX_OK && again.shape == m.shape &&
                  again.id == m.id && karx_mode_find(m.std_name, &again) == KARX_OK &&
                  again.shape == m.shape && again.id == m.id,
              "mode %s by both names", m.name);
        if (m.shape == KARX_SHAPE_BLOCK) {
            blocks++;
            CHECK(karx_alg_by_id(KARX_KIND_MODE, m.id, &a) == KARX_OK &&
                      strcmp(a.name, m.name) == 0 && m.key_parts == 1 &&
                      m.approved == karx_alg_approved(KARX_KIND_MODE, m.id),
                  "%s as karx_alg_get lists it", m.name);
        } else if (m.shape == KARX_SHAPE_AEAD) {
            aeads++;
            CHECK(karx_aead_info_of((karx_aead_alg)m.id, &ai) == KARX_OK &&
                      strcmp(ai.name, m.name) == 0 && m.key_parts == 1,
                  "%s as karx_aead_info_of says", m.name);
        } else {
            xts++;
            CHECK(m.shape == KARX_SHAPE_XTS && m.id == 0 && m.key_parts == 2 &&
                      strcmp(m.name, "xts") == 0 && !m.approved,
                  "%s: XTS, two keys, not approved", m.name);
        }
        for (size_t c = 0; karx_alg_get(c, &ci) == KARX_OK; c++) {
            if (ci.kind != KARX_KIND_CIPHER)
                continue;
            size_t kb = karx_mode_key_bytes(&m, ci.id);
            karx_status st = mode_set_key(&m, (karx_cipher_alg)ci.id,
                                          kb ? kb : m.key_parts * ci.key_bytes);
            CHECK(kb ? st == KARX_OK : st == KARX_ERR_UNSUPPORTED,
                  "%s with %s: key %zu, set_key %d", m.name, ci.name, kb, (int)st);
            if (kb)
                CHECK(mode_set_key(&m, (karx_cipher_alg)ci.id, kb + 1) != KARX_OK,
                      "%s with %s: a key of %zu bytes refused", m.name, ci.name, kb + 1);
        }
        CHECK(karx_mode_key_bytes(&m, 0) == 0 && karx_mode_key_bytes(&m, 99) == 0 &&
                  karx_mode_key_bytes(NULL, KARX_CIPHER_LEA128) == 0,
              "%s: no key length for an unknown cipher", m.name);
    }
    CHECK(blocks == KARX_MODE_LAST - KARX_MODE_FIRST + 1 &&
              aeads == KARX_AEAD_LAST - KARX_AEAD_FIRST + 1 && xts == 1,
          "%zu block modes, %zu AEADs, %zu XTS", blocks, aeads, xts);
    CHECK(karx_mode_find("cfb128", &m) == KARX_OK && m.id == KARX_MODE_CFB, "cfb128 is CFB");
    CHECK(karx_mode_find("X-T-S", &m) == KARX_OK && m.shape == KARX_SHAPE_XTS, "X-T-S is XTS");
    CHECK(karx_mode_find("lea128", &m) == KARX_ERR_UNKNOWN_ALGORITHM && m.shape == 0,
          "a cipher is no mode");
    CHECK(karx_mode_find(NULL, &m) == KARX_ERR_ARGUMENT &&
              karx_mode_find("cbc", NULL) == KARX_ERR_ARGUMENT &&
              karx_mode_get(n, &m) == KARX_ERR_ARGUMENT &&
              karx_mode_get(0, NULL) == KARX_ERR_ARGUMENT,
          "mode listing: bad arguments");
}

/* karx_i_select: at each back end the chosen kernel lies on that back end's chain and no
 * allowed kernel outranks it. */
static void selection(void)
{
    karx_backend orig = karx_get_backend();
    for (int b = 0; karx_backend_name((karx_backend)b) != NULL; b++) {
        if (karx_set_backend((karx_backend)b) != KARX_OK)
            continue;
        /* every impl list: the ciphers', the hashes', the parts' */
        for (size_t c = 0; c < karx_i_cipher_count + karx_i_hash_count + karx_i_part_count; c++) {
            const char *name;
            const karx_i_impl *impls;
            size_t nimpls;
            if (c < karx_i_cipher_count) {
                name = karx_i_ciphers[c]->name;
                impls = karx_i_ciphers[c]->impls, nimpls = karx_i_ciphers[c]->nimpls;
            } else if (c < karx_i_cipher_count + karx_i_hash_count) {
                const karx_i_hash *h = karx_i_hashes[c - karx_i_cipher_count];
                name = h->name, impls = h->impls, nimpls = h->nimpls;
            } else {
                const karx_i_part *p = karx_i_parts[c - karx_i_cipher_count - karx_i_hash_count];
                name = p->name, impls = p->impls, nimpls = p->nimpls;
            }
            const karx_i_impl *pick = karx_i_select(impls, nimpls);
            CHECK(karx_i_impl_allowed(pick), "%s pick allowed", name);
            CHECK(impls[0].backend == KARX_BACKEND_PORTABLE && impls[0].features == 0,
                  "%s: portable first", name);
            CHECK(t_on_chain(pick->backend, (karx_backend)b), "%s at %s picks %s", name,
                  karx_backend_name((karx_backend)b), pick->name);
            for (size_t k = 0; k < nimpls; k++) {
                CHECK(!karx_i_impl_allowed(&impls[k]) || impls[k].priority <= pick->priority,
                      "%s: %s outranks the pick", name, impls[k].name);
                CHECK(karx_i_impl_allowed(&impls[k]) ==
                          (t_on_chain(impls[k].backend, (karx_backend)b) &&
                           karx_i_impl_usable(&impls[k])),
                      "%s/%s allowed at %s", name, impls[k].name,
                      karx_backend_name((karx_backend)b));
            }
        }
    }
    karx_set_backend(orig);
}

int main(void)
{
    listing();
    names();
    backend_table();
    kernels();
    parts();
    selftest_fails();
    modes_everywhere();
    mode_listing();
    selection();
    return t_finish("registry");
}
