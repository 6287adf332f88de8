/* libFuzzer target: the batch forms of LSH (include/karx/lsh.h) against one karx_lsh call per
 * message, for a fuzz-chosen variant, back end (so lane count), message count (0 included) and
 * message lengths (0 included): _many (equal lengths), _many_ptrs (each message in its own
 * allocation, NULL for some empty ones) and _many_offsets (one buffer, offsets from any start),
 * both the per-family and the by-id forms, with exact-size output buffers; and their refusals
 * (too small an output, an unknown digest length, NULL with a length, decreasing offsets). */
#include "fuzz_util.h"

enum { MAX_N = 40 };

typedef karx_status (*many_fn)(uint8_t *, size_t, const void *, size_t, size_t);
typedef karx_status (*ptrs_fn)(uint8_t *, size_t, const uint8_t *const *, const size_t *, size_t);
typedef karx_status (*offs_fn)(uint8_t *, size_t, const void *, const size_t *, size_t);

typedef struct batch {
    karx_lsh_alg alg;
    size_t d, n, lens[MAX_N], offs[MAX_N + 1], total;
    uint8_t *buf;  /* all messages back to back, from offs[0] on */
    uint8_t *want; /* n single-call digests */
} batch;

/* Message lengths, mostly short, some across several blocks. */
static void make_lengths(fz *f, batch *b)
{
    b->offs[0] = fz_u8(f) % 8;
    for (size_t i = 0; i < b->n; i++) {
        uint8_t c = fz_u8(f);
        b->lens[i] = (c & 0x80) ? (size_t)(c & 0x7f) * 5 : c % 40;
        b->offs[i + 1] = b->offs[i] + b->lens[i];
    }
    b->total = b->offs[b->n];
}

static void check_ptrs(batch *b, ptrs_fn fn, uint8_t nulls)
{
    const uint8_t *msgs[MAX_N];
    uint8_t *own[MAX_N], *out = malloc(b->n * b->d + 1);
    MUST(out != NULL);
    for (size_t i = 0; i < b->n; i++) {
        own[i] = fz_dup(b->buf + b->offs[i], b->lens[i]); /* exact size: ASan sees overreads */
        msgs[i] = (b->lens[i] == 0 && ((nulls >> (i % 8)) & 1)) ? NULL : own[i];
    }
    MUST(fn(out, b->d, msgs, b->lens, b->n) == KARX_OK);
    MUST(memcmp(out, b->want, b->n * b->d) == 0);
    MUST(karx_lsh_many_ptrs(b->alg, out, b->n * b->d, msgs, b->lens, b->n) == KARX_OK);
    MUST(memcmp(out, b->want, b->n * b->d) == 0);
    if (b->n > 0) {
        MUST(karx_lsh_many_ptrs(b->alg, out, b->n * b->d - 1, msgs, b->lens, b->n) ==
             KARX_ERR_OUTPUT_LENGTH);
        MUST(fn(out, 30, msgs, b->lens, b->n) == KARX_ERR_OUTPUT_LENGTH);
        size_t i = nulls % b->n;
        if (b->lens[i] != 0) {
            msgs[i] = NULL;
            MUST(fn(out, b->d, msgs, b->lens, b->n) == KARX_ERR_ARGUMENT);
        }
    }
    for (size_t i = 0; i < b->n; i++)
        free(own[i]);
    free(out);
}

static void check_offsets(batch *b, offs_fn fn, uint8_t pick)
{
    uint8_t *out = malloc(b->n * b->d + 1);
    MUST(out != NULL);
    MUST(fn(out, b->d, b->buf, b->offs, b->n) == KARX_OK);
    MUST(memcmp(out, b->want, b->n * b->d) == 0);
    size_t i = b->n ? pick % b->n : 0;
    if (b->n > 0 && b->lens[i] > 0 && b->offs[i] > 0) { /* offsets[i] > offsets[i+1] */
        size_t save = b->offs[i + 1];
        b->offs[i + 1] = b->offs[i] - 1;
        MUST(fn(out, b->d, b->buf, b->offs, b->n) == KARX_ERR_DATA_LENGTH);
        b->offs[i + 1] = save;
    }
    free(out);
}

/* Equal lengths: the first msg_len bytes of each message slot (msg_len = the shortest). */
static void check_equal(batch *b, many_fn fn)
{
    size_t L = b->n ? b->total : 0;
    for (size_t i = 0; i < b->n; i++)
        L = b->lens[i] < L ? b->lens[i] : L;
    uint8_t *in = malloc(b->n * L + 1), *out = malloc(b->n * b->d + 1), one[64];
    MUST(in != NULL && out != NULL);
    for (size_t i = 0; i < b->n; i++)
        memcpy(in + i * L, b->buf + b->offs[i], L);
    MUST(fn(out, b->d, in, L, b->n) == KARX_OK);
    MUST(karx_lsh_many(b->alg, out, b->n * b->d, in, L, b->n) == KARX_OK);
    for (size_t i = 0; i < b->n; i++) {
        MUST(karx_lsh(b->alg, one, sizeof one, in + i * L, L) == KARX_OK);
        MUST(memcmp(out + i * b->d, one, b->d) == 0);
    }
    if (b->n > 0)
        MUST(fn(out, 30, in, L, b->n) == KARX_ERR_OUTPUT_LENGTH);
    free(in);
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = {data, size};
    batch b;
    b.alg = (karx_lsh_alg)(1 + fz_u8(&f) % 6);
    b.d = karx_lsh_digest_bytes(b.alg);
    b.n = fz_u8(&f) % (MAX_N + 1);
    uint8_t nulls = fz_u8(&f), pick = fz_u8(&f);
    fz_backend(&f);
    make_lengths(&f, &b);
    size_t plen;
    const uint8_t *pool = fz_rest(&f, &plen);
    b.buf = malloc(b.total + 1);
    b.want = malloc(b.n * b.d + 1);
    MUST(b.buf != NULL && b.want != NULL);
    for (size_t i = b.offs[0]; i < b.total; i++) /* the input's bytes, repeated as needed */
        b.buf[i] = plen ? pool[i % plen] : (uint8_t)i;
    for (size_t i = 0; i < b.n; i++)
        MUST(karx_lsh(b.alg, b.want + i * b.d, b.d, b.buf + b.offs[i], b.lens[i]) == KARX_OK);
    int is256 = b.alg <= KARX_LSH256_256;
    check_ptrs(&b, is256 ? karx_lsh256_many_ptrs : karx_lsh512_many_ptrs, nulls);
    check_offsets(&b, is256 ? karx_lsh256_many_offsets : karx_lsh512_many_offsets, pick);
    check_equal(&b, is256 ? karx_lsh256_many : karx_lsh512_many);
    free(b.buf);
    free(b.want);
    return 0;
}
