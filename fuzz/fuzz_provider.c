/* libFuzzer target: the OpenSSL 3 provider driven through EVP with fuzz-chosen call sequences,
 * controls and parameter sets. The provider's sources are compiled into this binary (with the
 * fuzzer's instrumentation) and registered with OSSL_PROVIDER_add_builtin in a library context
 * of its own, with OpenSSL's default provider beside it (karx's MACs and KDFs forward some
 * names there). The input picks an algorithm karx provides (every cipher row, ECB..XTS, GCM and
 * CCM; every digest, MAC, KDF and DRBG) and then up to 32 operations: init, update, final,
 * EVP_Cipher, ctrl, set_params, get_params, copy/dup, reset, with fuzz-chosen lengths, names,
 * types and values. Checked: no crash, leak or sanitizer report; every output length a call
 * reports is within the buffer it was given (each buffer is its own allocation of exactly the
 * size passed, so ASan sees any write past it); a parameter a successful get filled fits its
 * buffer; a digest's length is its size.
 * usage: fuzz/run.sh SECONDS fuzz_provider */
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "fuzz_util.h"

int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx);

enum { MAX_ALGS = 128, MAX_OPS = 32, MAX_DATA = 600, MAX_PARAMS = 4 };

static OSSL_LIB_CTX *lib;
static EVP_CIPHER *ciphers[MAX_ALGS];
static EVP_MD *mds[MAX_ALGS];
static EVP_MAC *macs[MAX_ALGS];
static EVP_KDF *kdfs[MAX_ALGS];
static EVP_RAND *rands[MAX_ALGS];
static size_t nciphers, nmds, nmacs, nkdfs, nrands;

static int is_karx(const OSSL_PROVIDER *p)
{
    return p != NULL && strcmp(OSSL_PROVIDER_get0_name(p), "karx") == 0;
}

#define COLLECT(type, arr, n, upref)                                       \
    static void collect_##arr(type *a, void *arg)                          \
    {                                                                      \
        (void)arg;                                                         \
        if (is_karx(type##_get0_provider(a)) && n < MAX_ALGS && upref(a)) \
            arr[n++] = a;                                                  \
    }
COLLECT(EVP_CIPHER, ciphers, nciphers, EVP_CIPHER_up_ref)
COLLECT(EVP_MD, mds, nmds, EVP_MD_up_ref)
COLLECT(EVP_MAC, macs, nmacs, EVP_MAC_up_ref)
COLLECT(EVP_KDF, kdfs, nkdfs, EVP_KDF_up_ref)
COLLECT(EVP_RAND, rands, nrands, EVP_RAND_up_ref)

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    lib = OSSL_LIB_CTX_new();
    MUST(lib != NULL);
    MUST(OSSL_PROVIDER_add_builtin(lib, "karx", OSSL_provider_init) == 1);
    /* kept loaded for the process's life (reachable, not a leak) */
    MUST(OSSL_PROVIDER_load(lib, "karx") != NULL);
    MUST(OSSL_PROVIDER_load(lib, "default") != NULL);
    EVP_CIPHER_do_all_provided(lib, collect_ciphers, NULL);
    EVP_MD_do_all_provided(lib, collect_mds, NULL);
    EVP_MAC_do_all_provided(lib, collect_macs, NULL);
    EVP_KDF_do_all_provided(lib, collect_kdfs, NULL);
    EVP_RAND_do_all_provided(lib, collect_rands, NULL);
    MUST(nciphers > 0 && nmds > 0 && nmacs > 0 && nkdfs > 0 && nrands > 0);
    return 0;
}

/* ---- parameters ---- */

/* A buffer of exactly n bytes (n may be 0: a 1-byte allocation, never written). */
static uint8_t *buf_of(size_t n)
{
    uint8_t *b = malloc(n ? n : 1);
    MUST(b != NULL);
    return b;
}


static const char *const param_names[] = {
    "keylen", "ivlen", "padding", "num", "iv", "updated-iv", "tag", "taglen", "tlsaad",
    "tlsaadpad", "tlsivfixed", "tlsivgen", "tlsivinv", "mackey", "key", "digest", "cipher",
    "properties", "size", "block-size", "digest-noinit", "digest-oneshot", "tls-data-size",
    "salt", "pass", "iter", "pkcs5", "mode", "mac", "info", "seed", "r", "use-l",
    "use-separator", "karx-l-bytes", "state", "strength", "max_request", "reseed_requests",
    "reseed_time_interval", "use_derivation_function", "reseed_counter", "reseed_time",
    "min_entropylen", "max_entropylen", "min_noncelen", "max_noncelen", "max_perslen",
    "max_adinlen", "karx_generate_requests", "xoflen", "xof", "micalg", "cts_mode", "rounds",
    "randkey", "keybits", "aead", "custom-iv", "blocksize"};
#define NNAMES (sizeof param_names / sizeof param_names[0])

static const char *const strings[] = {
    "LSH-512-512", "LSH-256-224", "lsh256-256", "LSH512-384", "SHA256", "SHA2-512", "SHA1",
    "LEA-128-CBC", "LEA-128", "LEA-256", "LEA-128-GCM", "LEA-192-ECB", "HIGHT", "HIGHT-CBC",
    "CHAM-64-128", "CHAM-128-256-CBC", "ARIA-128", "ARIA-256-CBC", "AES-128-CBC",
    "AES-128-GCM", "HMAC", "CMAC", "GMAC", "KMAC128", "counter", "feedback", "double-pipeline",
    "pipeline", "LEA-128-CTR", "HIGHT-CTR", "CHAM-128-128-CTR", "ARIA-192-CTR", "AES-256-CTR",
    "provider=default", "provider=karx", "provider!=karx", "", "no such thing", "lea128"};
#define NSTRINGS (sizeof strings / sizeof strings[0])

/* Storage for one parameter's value: each buffer its own exact allocation. */
typedef struct pval {
    void *buf;
    int ival;
    unsigned uval;
    size_t zval;
    uint64_t u64;
} pval;

/* Up to MAX_PARAMS fuzz-chosen parameters for a set call, or buffers for a get call. Values of
 * counts that would make a call slow ("iter", output lengths) stay small. */
static void make_params(fz *f, OSSL_PARAM *p, pval *v, int for_get)
{
    size_t n = fz_u8(f) % (MAX_PARAMS + 1);
    for (size_t i = 0; i < n; i++) {
        const char *name = param_names[fz_u8(f) % NNAMES];
        int small = !strcmp(name, "iter") || !strcmp(name, "reseed_requests");
        size_t len = fz_u8(f) % 48;
        memset(&v[i], 0, sizeof v[i]);
        switch (fz_u8(f) % 7) {
        case 0:
            v[i].ival = small ? fz_u8(f) % 40 : (int)(fz_u16(f) - 0x100);
            p[i] = OSSL_PARAM_construct_int(name, &v[i].ival);
            break;
        case 1:
            v[i].uval = small ? fz_u8(f) % 40 + 1u : fz_u16(f);
            p[i] = OSSL_PARAM_construct_uint(name, &v[i].uval);
            break;
        case 2:
            v[i].zval = small ? fz_u8(f) % 40 + 1u : fz_u16(f) % 300;
            p[i] = OSSL_PARAM_construct_size_t(name, &v[i].zval);
            break;
        case 3:
            v[i].u64 = small ? fz_u8(f) % 40 + 1u : (uint64_t)fz_u16(f) << (fz_u8(f) % 48);
            p[i] = OSSL_PARAM_construct_uint64(name, &v[i].u64);
            break;
        case 4: /* a name string (a get gets a buffer of len bytes) */
            if (for_get) {
                v[i].buf = buf_of(len + 1); /* a size of 0 would make OpenSSL strlen it */
                p[i] = OSSL_PARAM_construct_utf8_string(name, v[i].buf, len + 1);
            } else {
                const char *s = strings[fz_u8(f) % NSTRINGS];
                v[i].buf = fz_dup((const uint8_t *)s, strlen(s) + 1);
                p[i] = OSSL_PARAM_construct_utf8_string(name, v[i].buf, 0);
            }
            break;
        default: { /* octet string of len bytes */
            uint8_t tmp[48];
            fz_fill(f, tmp, len);
            v[i].buf = fz_dup(tmp, len);
            p[i] = OSSL_PARAM_construct_octet_string(name, v[i].buf, len);
            break;
        }
        }
    }
    p[n] = OSSL_PARAM_construct_end();
}

/* After a successful get: what was written fits. */
static void check_got(const OSSL_PARAM *p)
{
    for (; p->key != NULL; p++) {
        if (!OSSL_PARAM_modified(p))
            continue;
        if (p->data_type == OSSL_PARAM_OCTET_STRING)
            MUST(p->return_size <= p->data_size);
        if (p->data_type == OSSL_PARAM_UTF8_STRING)
            MUST(p->return_size <= p->data_size); /* no room for the NUL is allowed */
    }
}

static void free_params(OSSL_PARAM *p, pval *v)
{
    for (size_t i = 0; p[i].key != NULL; i++)
        free(v[i].buf);
}

/* The loop over a context's operations: as many as the input's next byte asks for (1 to
 * MAX_OPS), while it has bytes left. */
#define FOR_OPS(f) for (size_t op = 0, nops = fz_u8(f) % MAX_OPS + 1; op < nops && (f)->n > 0; op++)

/* The ops every context type has, each spelled with that type's own EVP functions.
 * OP_SET_PARAMS / OP_GET_PARAMS: params made from the input, set, or got (what a successful
 * get wrote must fit). */
#define OP_SET_PARAMS(f, set, ctx)                                                           \
    do {                                                                                     \
        OSSL_PARAM p_[MAX_PARAMS + 1];                                                       \
        pval v_[MAX_PARAMS];                                                                 \
        make_params(f, p_, v_, 0);                                                           \
        (void)set(ctx, p_);                                                                  \
        free_params(p_, v_);                                                                 \
    } while (0)
#define OP_GET_PARAMS(f, get, ctx)                                                           \
    do {                                                                                     \
        OSSL_PARAM p_[MAX_PARAMS + 1];                                                       \
        pval v_[MAX_PARAMS];                                                                 \
        make_params(f, p_, v_, 1);                                                           \
        if (get(ctx, p_) == 1)                                                               \
            check_got(p_);                                                                   \
        free_params(p_, v_);                                                                 \
    } while (0)
/* update with up to MAX_DATA bytes of the input, in an allocation of exactly that size */
#define OP_UPDATE(f, update, ctx)                                                            \
    do {                                                                                     \
        size_t got_;                                                                         \
        uint8_t *in_ = fz_take_dup(f, fz_upto(f, MAX_DATA), &got_);                          \
        (void)update(ctx, in_, got_);                                                        \
        free(in_);                                                                           \
    } while (0)
/* A copy d of ctx (copied: it was made): the input says whether to go on with it (the
 * original freed) or with the original (the copy freed). */
#define OP_KEEP_COPY(f, copied, ctx, d, free_fn)                                             \
    do {                                                                                     \
        if ((copied) && fz_u8(f) & 1) {                                                      \
            free_fn(ctx);                                                                    \
            ctx = d;                                                                         \
        } else {                                                                             \
            free_fn(d);                                                                      \
        }                                                                                    \
    } while (0)

/* ---- ciphers ---- */

static const int ctrl_types[] = {
    EVP_CTRL_AEAD_SET_IVLEN, EVP_CTRL_GET_IVLEN, EVP_CTRL_AEAD_SET_TAG, EVP_CTRL_AEAD_GET_TAG,
    EVP_CTRL_AEAD_SET_IV_FIXED, EVP_CTRL_GCM_IV_GEN, EVP_CTRL_GCM_SET_IV_INV,
    EVP_CTRL_AEAD_TLS1_AAD, EVP_CTRL_CCM_SET_L, EVP_CTRL_CCM_SET_MSGLEN, EVP_CTRL_SET_KEY_LENGTH,
    EVP_CTRL_AEAD_SET_MAC_KEY, EVP_CTRL_RAND_KEY, EVP_CTRL_INIT, EVP_CTRL_GET_RC5_ROUNDS};
#define NCTRLS (sizeof ctrl_types / sizeof ctrl_types[0])

static void cipher_ops(fz *f)
{
    const EVP_CIPHER *c = ciphers[fz_u8(f) % nciphers];
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    MUST(ctx != NULL);
    int block = EVP_CIPHER_get_block_size(c), inited = 0;
    FOR_OPS(f) {
        uint8_t key[64], iv[160];
        OSSL_PARAM params[MAX_PARAMS + 1];
        pval pv[MAX_PARAMS];
        unsigned what = inited ? fz_u8(f) % 12 : 0;
        switch (what) {
        case 0: { /* init: the cipher (first time, or again), key and IV (or NULL) */
            unsigned sel = fz_u8(f);
            const EVP_CIPHER *with = !inited || (sel & 4) ? c : NULL;
            make_params(f, params, pv, 0);
            /* EVP reads as many key / IV bytes as it believes the context takes: exactly that
             * many, unless this init's params may change it first (then room for any) */
            int lens = OSSL_PARAM_locate(params, "keylen") || OSSL_PARAM_locate(params, "ivlen");
            int kl = with ? EVP_CIPHER_get_key_length(c) : EVP_CIPHER_CTX_get_key_length(ctx);
            int il = with ? EVP_CIPHER_get_iv_length(c) : EVP_CIPHER_CTX_get_iv_length(ctx);
            fz_fill(f, key, sizeof key);
            fz_fill(f, iv, sizeof iv);
            uint8_t *k = fz_dup(key, lens || kl < 0 || kl > 64 ? 64 : (size_t)kl);
            uint8_t *i = fz_dup(iv, lens || il < 0 || il > 160 ? 160 : (size_t)il);
            EVP_CipherInit_ex2(ctx, with, sel & 8 ? NULL : k, sel & 16 ? NULL : i,
                               sel & 32 ? -1 : (sel >> 6) & 1, params);
            inited = 1;
            free(k);
            free(i);
            free_params(params, pv);
            break;
        }
        case 1:
        case 2: { /* update: data; AAD (out NULL); CCM's total length (in and out NULL) */
            size_t got;
            uint8_t *in = fz_take_dup(f, fz_upto(f, MAX_DATA), &got);
            size_t cap = got + (block > 1 ? (size_t)block : 0);
            uint8_t *out = buf_of(cap);
            int outl = -1, mode = fz_u8(f) % 4;
            int ok = EVP_CipherUpdate(ctx, mode <= 1 ? NULL : out, &outl, mode == 1 ? NULL : in,
                                      (int)got);
            if (ok == 1)
                MUST(outl >= 0 && (mode <= 1 || (size_t)outl <= cap));
            free(in);
            free(out);
            break;
        }
        case 3: { /* final: EVP gives the block size as the room */
            size_t cap = block > 0 ? (size_t)block : 1;
            uint8_t *out = buf_of(cap);
            int outl = -1;
            if (EVP_CipherFinal_ex(ctx, out, &outl) == 1)
                MUST(outl >= 0 && (size_t)outl <= (block > 1 ? (size_t)block : 0));
            free(out);
            break;
        }
        case 4: { /* EVP_Cipher: in == NULL is a final */
            size_t got;
            uint8_t *in = fz_take_dup(f, fz_upto(f, MAX_DATA), &got);
            uint8_t *out = buf_of(got + (block > 1 ? (size_t)block : 0));
            int r = EVP_Cipher(ctx, out, fz_u8(f) % 8 == 0 ? NULL : in, (unsigned)got);
            MUST(r <= (int)(got + (block > 1 ? (size_t)block : 0)));
            free(in);
            free(out);
            break;
        }
        case 5:
        case 6: { /* ctrl with an exact buffer of arg bytes (or NULL) */
            int type = ctrl_types[fz_u8(f) % NCTRLS];
            int arg = (int)(fz_u8(f) % 72) - 4;
            uint8_t tmp[72];
            fz_fill(f, tmp, sizeof tmp);
            uint8_t *p = arg > 0 && fz_u8(f) % 4 ? fz_dup(tmp, (size_t)arg) : NULL;
            if (type == EVP_CTRL_GET_IVLEN || type == EVP_CTRL_GET_RC5_ROUNDS) {
                free(p); /* these write an int */
                p = fz_dup(tmp, sizeof(int));
            }
            (void)EVP_CIPHER_CTX_ctrl(ctx, type, arg, p);
            free(p);
            break;
        }
        case 7:
            (void)EVP_CIPHER_CTX_set_padding(ctx, fz_u8(f) & 1);
            break;
        case 8:
            OP_SET_PARAMS(f, EVP_CIPHER_CTX_set_params, ctx);
            break;
        case 9:
            OP_GET_PARAMS(f, EVP_CIPHER_CTX_get_params, ctx);
            break;
        case 10: { /* copy: go on with the copy (or the original) */
            EVP_CIPHER_CTX *d = EVP_CIPHER_CTX_new();
            MUST(d != NULL);
            OP_KEEP_COPY(f, EVP_CIPHER_CTX_copy(d, ctx) == 1, ctx, d, EVP_CIPHER_CTX_free);
            break;
        }
        default: { /* the getters applications use */
            uint8_t ivb[160];
            size_t n = fz_u8(f) % 161;
            (void)EVP_CIPHER_CTX_get_updated_iv(ctx, ivb, n);
            (void)EVP_CIPHER_CTX_get_original_iv(ctx, ivb, n);
            (void)EVP_CIPHER_CTX_get_num(ctx);
            (void)EVP_CIPHER_CTX_get_tag_length(ctx);
            (void)EVP_CIPHER_CTX_get_iv_length(ctx);
            (void)EVP_CIPHER_CTX_get_key_length(ctx);
            break;
        }
        }
        ERR_clear_error();
    }
    EVP_CIPHER_CTX_free(ctx);
}

/* ---- digests ---- */

static void digest_ops(fz *f)
{
    const EVP_MD *md = mds[fz_u8(f) % nmds];
    size_t size = (size_t)EVP_MD_get_size(md);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    MUST(ctx != NULL);
    FOR_OPS(f) {
        OSSL_PARAM params[MAX_PARAMS + 1];
        pval pv[MAX_PARAMS];
        switch (fz_u8(f) % 7) {
        case 0:
            make_params(f, params, pv, 0);
            (void)EVP_DigestInit_ex2(ctx, fz_u8(f) & 1 ? md : NULL, params);
            free_params(params, pv);
            break;
        case 1:
            OP_UPDATE(f, EVP_DigestUpdate, ctx);
            break;
        case 2: {
            uint8_t *out = buf_of(size);
            unsigned n = 0;
            if (EVP_DigestFinal_ex(ctx, out, &n) == 1)
                MUST(n == size);
            free(out);
            break;
        }
        case 3: {
            size_t n = fz_u8(f) % 80;
            uint8_t *out = buf_of(n);
            (void)EVP_DigestFinalXOF(ctx, out, n);
            free(out);
            break;
        }
        case 4: {
            EVP_MD_CTX *d = EVP_MD_CTX_new();
            MUST(d != NULL);
            OP_KEEP_COPY(f, EVP_MD_CTX_copy_ex(d, ctx) == 1, ctx, d, EVP_MD_CTX_free);
            break;
        }
        case 5:
            OP_SET_PARAMS(f, EVP_MD_CTX_set_params, ctx);
            break;
        default:
            OP_GET_PARAMS(f, EVP_MD_CTX_get_params, ctx);
            break;
        }
        ERR_clear_error();
    }
    EVP_MD_CTX_free(ctx);
}

/* ---- MACs ---- */

static void mac_ops(fz *f)
{
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(macs[fz_u8(f) % nmacs]);
    MUST(ctx != NULL);
    FOR_OPS(f) {
        OSSL_PARAM params[MAX_PARAMS + 1];
        pval pv[MAX_PARAMS];
        switch (fz_u8(f) % 7) {
        case 0: {
            size_t got;
            uint8_t *k = fz_take_dup(f, fz_u8(f) % 70, &got);
            make_params(f, params, pv, 0);
            (void)EVP_MAC_init(ctx, fz_u8(f) & 1 ? k : NULL, got, params);
            free(k);
            free_params(params, pv);
            break;
        }
        case 1:
            OP_UPDATE(f, EVP_MAC_update, ctx);
            break;
        case 2: {
            size_t cap = fz_u8(f) % 80, n = 0;
            uint8_t *out = buf_of(cap);
            if (EVP_MAC_final(ctx, fz_u8(f) % 8 ? out : NULL, &n, cap) == 1)
                MUST(n <= 64);
            free(out);
            break;
        }
        case 3: {
            EVP_MAC_CTX *d = EVP_MAC_CTX_dup(ctx);
            OP_KEEP_COPY(f, d != NULL, ctx, d, EVP_MAC_CTX_free);
            break;
        }
        case 4:
        case 5:
            OP_SET_PARAMS(f, EVP_MAC_CTX_set_params, ctx);
            break;
        default:
            OP_GET_PARAMS(f, EVP_MAC_CTX_get_params, ctx);
            (void)EVP_MAC_CTX_get_mac_size(ctx);
            (void)EVP_MAC_CTX_get_block_size(ctx);
            break;
        }
        ERR_clear_error();
    }
    EVP_MAC_CTX_free(ctx);
}

/* ---- KDFs ---- */

static void kdf_ops(fz *f)
{
    EVP_KDF_CTX *ctx = EVP_KDF_CTX_new(kdfs[fz_u8(f) % nkdfs]);
    MUST(ctx != NULL);
    /* PBKDF2's default count (2048) would make each derive slow: start from a small one */
    unsigned iter = fz_u8(f) % 32 + 1;
    OSSL_PARAM it[] = {OSSL_PARAM_construct_uint("iter", &iter), OSSL_PARAM_construct_end()};
    (void)EVP_KDF_CTX_set_params(ctx, it);
    FOR_OPS(f) {
        OSSL_PARAM params[MAX_PARAMS + 1];
        pval pv[MAX_PARAMS];
        switch (fz_u8(f) % 6) {
        case 0:
        case 1:
            OP_SET_PARAMS(f, EVP_KDF_CTX_set_params, ctx);
            break;
        case 2: {
            size_t n = fz_u8(f) % 130;
            uint8_t *out = buf_of(n);
            make_params(f, params, pv, 0);
            (void)EVP_KDF_derive(ctx, out, n, params);
            free(out);
            free_params(params, pv);
            break;
        }
        case 3: {
            EVP_KDF_CTX *d = EVP_KDF_CTX_dup(ctx);
            OP_KEEP_COPY(f, d != NULL, ctx, d, EVP_KDF_CTX_free);
            break;
        }
        case 4:
            EVP_KDF_CTX_reset(ctx);
            (void)EVP_KDF_CTX_set_params(ctx, it);
            break;
        default:
            OP_GET_PARAMS(f, EVP_KDF_CTX_get_params, ctx);
            (void)EVP_KDF_CTX_get_kdf_size(ctx);
            break;
        }
        ERR_clear_error();
    }
    EVP_KDF_CTX_free(ctx);
}

/* ---- DRBGs ---- */

static void rand_ops(fz *f)
{
    EVP_RAND_CTX *ctx = EVP_RAND_CTX_new(rands[fz_u8(f) % nrands], NULL);
    MUST(ctx != NULL);
    FOR_OPS(f) {
        OSSL_PARAM params[MAX_PARAMS + 1];
        pval pv[MAX_PARAMS];
        uint8_t tmp[128];
        size_t len = fz_u8(f) % sizeof tmp;
        fz_fill(f, tmp, len);
        uint8_t *extra = fz_dup(tmp, len);
        unsigned strength = fz_u16(f) % 300;
        int pr = fz_u8(f) & 1;
        switch (fz_u8(f) % 8) {
        case 0:
            make_params(f, params, pv, 0);
            (void)EVP_RAND_instantiate(ctx, strength, pr, NZ(extra, len), len, params);
            free_params(params, pv);
            break;
        case 1:
        case 2: {
            size_t n = fz_u16(f) % 400;
            uint8_t *out = buf_of(n);
            (void)EVP_RAND_generate(ctx, out, n, strength, pr, NZ(extra, len), len);
            free(out);
            break;
        }
        case 3:
            (void)EVP_RAND_reseed(ctx, pr, NZ(extra, len), len, NULL, 0);
            break;
        case 4:
            (void)EVP_RAND_uninstantiate(ctx);
            (void)EVP_RAND_verify_zeroization(ctx);
            break;
        case 5:
            OP_SET_PARAMS(f, EVP_RAND_CTX_set_params, ctx);
            break;
        case 6:
            (void)EVP_RAND_enable_locking(ctx);
            break;
        default:
            OP_GET_PARAMS(f, EVP_RAND_CTX_get_params, ctx);
            (void)EVP_RAND_get_state(ctx);
            (void)EVP_RAND_get_strength(ctx);
            break;
        }
        free(extra);
        ERR_clear_error();
    }
    EVP_RAND_CTX_free(ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = {data, size};
    switch (fz_u8(&f) % 8) {
    case 0:
    case 1:
    case 2:
        cipher_ops(&f);
        break;
    case 3:
        digest_ops(&f);
        break;
    case 4:
    case 5:
        mac_ops(&f);
        break;
    case 6:
        kdf_ops(&f);
        break;
    default:
        rand_ops(&f);
        break;
    }
    ERR_clear_error();
    return 0;
}
