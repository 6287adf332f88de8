/* karx cavp for the six LSH variants (docs/VALIDATION.md, "Hash, HMAC, PBKDF2, KBKDF").
 * SMT / LMT: records "Len = BITS", "Msg = HEX" answered with "MD = HEX". Len need not be a
 * multiple of 8 (KISA's LSH takes a bit length: a partial last byte uses its high bits); Msg
 * holds ceil(Len/8) bytes, and "Msg = 00" stands for the empty message when Len is 0.
 * MCT: one "Seed = HEX" record (digest length) answered with 100 records "COUNT", "MD": the
 * SHAVS Monte Carlo loop with a window of N = floor(block bits / digest bits) + 1 digests.
 * Any other field, or an MD already in the request, is refused. */
#include <stdlib.h>
#include <string.h>

#include "cavp.h"

static const char *const msg_fields[] = {"COUNT", "Len", "Msg", NULL};
static const char *const mct_fields[] = {"COUNT", "Seed", NULL};
static const char *const answers[] = {"MD", NULL};

/* A "[L = n]" header, when present, must name the variant's digest length in bytes. */
static int check_l(cavp_ctx *c, const cavp_record *r, size_t digest)
{
    const char *l = cavp_section_value(c, "L");
    if (l == NULL)
        return 1;
    unsigned long long v;
    if (!cavp_number(l, &v) || v != digest)
        return cavp_fail(c, r->first_line, "L: header [L = %s] is not this hash's %zu bytes", l,
                         digest);
    return 1;
}

static int answer_msg(cavp_ctx *c, const cavp_record *r)
{
    karx_lsh_alg alg = (karx_lsh_alg)cavp_job_of(c)->lsh;
    size_t digest = karx_lsh_digest_bytes(alg);
    unsigned long long bits;
    uint8_t *msg, md[KARX_LSH_MAX_DIGEST_BYTES];
    size_t len = 0;
    /* Len: bits of a Msg that fits in a request (so no sum below can wrap) */
    if (!cavp_only(c, r, msg_fields, answers) || !check_l(c, r, digest) ||
        !cavp_dec(c, r, "Len", 0, 8ull * CAVP_MAX_REQUEST_BYTES, &bits))
        return 0;
    if (!cavp_hex(c, r, "Msg", (size_t)-1, &msg, &len))
        return 0;
    /* Len 0 may come with "Msg = 00" (a placeholder byte) or an empty Msg */
    if (bits / 8 + (bits % 8 != 0) != len && !(bits == 0 && len == 1)) {
        free(msg);
        return cavp_fail(c, cavp_get(r, "Len")->line, "Len: %llu bits do not match Msg's %zu bytes",
                         bits, len);
    }
    karx_lsh_ctx h;
    karx_status st = karx_lsh_init(&h, alg);
    if (st == KARX_OK)
        st = karx_lsh_update_bits(&h, msg, (size_t)bits);
    if (st == KARX_OK)
        st = karx_lsh_final(&h, md, sizeof md);
    free(msg);
    if (st != KARX_OK)
        return cavp_fail(c, r->first_line, "Msg: %s", karx_strerror(st));
    cavp_put_record(c, r);
    cavp_put_hex(c, "MD", md, digest);
    return 1;
}

static int answer_mct(cavp_ctx *c, const cavp_record *r)
{
    karx_lsh_alg alg = (karx_lsh_alg)cavp_job_of(c)->lsh;
    size_t digest = karx_lsh_digest_bytes(alg);
    size_t n = karx_lsh_block_bytes(alg) * 8 / (digest * 8) + 1; /* the window, 5 .. 10 */
    uint8_t *seed;
    size_t len = 0;
    if (!cavp_only(c, r, mct_fields, answers) || !check_l(c, r, digest) ||
        !cavp_hex(c, r, "Seed", digest, &seed, &len))
        return 0;
    /* the window is a ring of n digests, oldest first from `head` */
    uint8_t *ring = malloc(n * digest);
    if (ring == NULL) {
        free(seed);
        return cavp_fail(c, r->first_line, "Seed: out of memory");
    }
    cavp_put_record(c, r);
    int ok = 1;
    for (unsigned j = 0; ok && j < 100; j++) {
        for (size_t i = 0; i < n; i++)
            memcpy(ring + i * digest, seed, digest);
        size_t head = 0;
        for (unsigned i = 0; ok && i < 1000; i++) {
            karx_lsh_ctx h;
            ok = karx_lsh_init(&h, alg) == KARX_OK;
            for (size_t k = 0; ok && k < n; k++)
                ok = karx_lsh_update(&h, ring + (head + k) % n * digest, digest) == KARX_OK;
            /* the new digest replaces the oldest, which becomes the newest */
            ok = ok && karx_lsh_final(&h, ring + head * digest, digest) == KARX_OK;
            head = (head + 1) % n;
        }
        memcpy(seed, ring + (head + n - 1) % n * digest, digest);
        cavp_put_blank(c);
        cavp_put_dec(c, "COUNT", j);
        cavp_put_hex(c, "MD", seed, digest);
    }
    free(ring);
    free(seed);
    return ok ? 1 : cavp_fail(c, r->first_line, "Seed: LSH failed");
}

cavp_proc cavp_hash_proc(const cavp_job *job)
{
    if (job->family != CAVP_FAM_HASH || karx_lsh_digest_bytes((karx_lsh_alg)job->lsh) == 0)
        return NULL;
    if (job->test == CAVP_SMT || job->test == CAVP_LMT)
        return answer_msg;
    return job->test == CAVP_MCT ? answer_mct : NULL;
}
