/* The batch calls at their edges, on every back end, against one portable call per message:
 * batches and messages that end right before an unmapped page (the in-kernel padding reads
 * whole chunks, and must never read past the input in a release build, where ASan's exact-size
 * copies in test_lsh_backends do not run), lengths one block +-1 with n around the lane count,
 * n = 1, empty messages, and unaligned input and output. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS under -std=c11 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/karx.h"
#include "test_util.h"

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
#define HAVE_GUARD_PAGES 1
#endif

enum { EDGE_LENS = 10, MAXN = 2 * 8 + 3 };

/* Each variant with its block size. */
static const struct {
    karx_lsh_alg alg;
    size_t block;
} variants[] = {{KARX_LSH256_224, 128}, {KARX_LSH256_256, 128}, {KARX_LSH512_224, 256},
                {KARX_LSH512_256, 256}, {KARX_LSH512_384, 256}, {KARX_LSH512_512, 256}};

/* The expected digests: message i at msgs[i], lens[i] bytes, one portable call each. */
static void expected(karx_lsh_alg alg, uint8_t *want, const uint8_t *const *msgs,
                     const size_t *lens, size_t n)
{
    const size_t d = karx_lsh_digest_bytes(alg);
    karx_backend keep = karx_get_backend();
    karx_set_backend(KARX_BACKEND_PORTABLE);
    for (size_t i = 0; i < n; i++)
        karx_lsh(alg, want + i * d, d, msgs[i], lens[i]);
    karx_set_backend(keep);
}

/* The same for n messages of len bytes in a row from in. */
static void expected_equal(karx_lsh_alg alg, uint8_t *want, const uint8_t *in, size_t len,
                           size_t n)
{
    const uint8_t *msgs[MAXN];
    size_t lens[MAXN];
    for (size_t i = 0; i < n; i++) {
        msgs[i] = in + i * len;
        lens[i] = len;
    }
    expected(alg, want, msgs, lens, n);
}

/* The lengths that matter for a block of `block` bytes: empty, tails, one block +-1, two. */
static size_t edge_len(size_t block, int i)
{
    static const long rel[] = {-1, 0, 1};
    switch (i) {
    case 0: return 0;
    case 1: return 1;
    case 2: return block / 2;
    case 3: case 4: case 5: return (size_t)((long)block + rel[i - 3]);
    case 6: case 7: case 8: return (size_t)((long)(2 * block) + rel[i - 6]);
    default: return 3 * block - 7;
    }
}

/* n = 1, lanes - 1, lanes, lanes + 1, 2 lanes + 3 (at most MAXN). */
static size_t edge_n(unsigned lanes, int i)
{
    size_t n[] = {1, lanes > 1 ? lanes - 1 : 2, lanes, lanes + 1, 2 * (size_t)lanes + 3};
    return n[i] > MAXN ? MAXN : n[i];
}

/* Equal lengths at unaligned input and output addresses. */
static void unaligned(karx_lsh_alg alg, size_t block, const char *be, unsigned lanes)
{
    const size_t d = karx_lsh_digest_bytes(alg);
    uint8_t *in = malloc(MAXN * 3 * block + 8);
    uint8_t want[MAXN * 64], got[MAXN * 64 + 8];
    for (int li = 0; li < EDGE_LENS; li++)
        for (int ni = 0; ni < 5; ni++) {
            size_t len = edge_len(block, li), n = edge_n(lanes, ni), off = 1 + (size_t)(li % 7);
            t_fill(in + off, n * len);
            expected_equal(alg, want, in + off, len, n);
            memset(got, 0xAA, sizeof got);
            CHECK(karx_lsh_many(alg, got + 3, n * d, in + off, len, n) == KARX_OK, "many");
            CHECK(memcmp(want, got + 3, n * d) == 0, "%s [%s] unaligned n=%zu len=%zu",
                  karx_lsh_alg_name(alg), be, n, len);
            CHECK(got[2] == 0xAA && got[3 + n * d] == 0xAA, "many wrote outside its output");
        }
    free(in);
}

#ifdef HAVE_GUARD_PAGES
/* `pages` readable pages with an unmapped one after each: messages placed so that they end
 * right where a readable page ends. */
typedef struct {
    uint8_t *base;
    size_t page, span;
} guarded;

static int guarded_new(guarded *g, size_t pages)
{
    g->page = (size_t)sysconf(_SC_PAGESIZE);
    g->span = 2 * pages * g->page;
    void *p = mmap(NULL, g->span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return 0;
    g->base = p;
    for (size_t i = 0; i < pages; i++)
        if (mprotect(g->base + (2 * i + 1) * g->page, g->page, PROT_NONE) != 0)
            return 0;
    return 1;
}

/* The end of readable page i (the first byte of the guard page after it). */
static uint8_t *guarded_end(const guarded *g, size_t i) { return g->base + (2 * i + 1) * g->page; }

/* A whole equal-length batch that ends at a guard page, then each message of a pointer /
 * offset batch ending at its own guard page. */
static void page_ends(karx_lsh_alg alg, size_t block, const char *be, unsigned lanes,
                      guarded *g)
{
    const size_t d = karx_lsh_digest_bytes(alg);
    uint8_t want[MAXN * 64], got[MAXN * 64];
    const uint8_t *ptrs[MAXN];
    size_t lens[MAXN];
    for (int li = 0; li < EDGE_LENS; li++)
        for (int ni = 0; ni < 5; ni++) {
            size_t len = edge_len(block, li), n = edge_n(lanes, ni);
            if (n * len > g->page)
                continue;
            uint8_t *in = guarded_end(g, 0) - n * len;
            t_fill(in, n * len);
            expected_equal(alg, want, in, len, n);
            CHECK(karx_lsh_many(alg, got, n * d, in, len, n) == KARX_OK, "many");
            CHECK(memcmp(want, got, n * d) == 0, "%s [%s] batch at a page end n=%zu len=%zu",
                  karx_lsh_alg_name(alg), be, n, len);

            for (size_t i = 0; i < n; i++) { /* lengths vary: len, then shorter ones */
                lens[i] = len > i ? len - i : 0;
                uint8_t *m = guarded_end(g, i) - lens[i];
                t_fill(m, lens[i]);
                ptrs[i] = m;
            }
            expected(alg, want, ptrs, lens, n);
            CHECK(karx_lsh_many_ptrs(alg, got, n * d, ptrs, lens, n) == KARX_OK, "many_ptrs");
            CHECK(memcmp(want, got, n * d) == 0, "%s [%s] ptrs at page ends n=%zu len=%zu",
                  karx_lsh_alg_name(alg), be, n, len);
        }
}
#endif

int main(void)
{
    t_seed_from_env();
#ifdef HAVE_GUARD_PAGES
    guarded g;
    if (!guarded_new(&g, MAXN)) {
        fprintf(stderr, "test_lsh_many_edges: no guard pages (mmap/mprotect failed)\n");
        return 1;
    }
#endif
    const char *be;
    for (int b = -1; (be = t_next_backend(&b)) != NULL;) {
        for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
            karx_lsh_alg alg = variants[v].alg;
            size_t block = variants[v].block;
            unsigned lanes = block == 128 ? karx_lsh256_lanes() : karx_lsh512_lanes();
            unaligned(alg, block, be, lanes);
#ifdef HAVE_GUARD_PAGES
            page_ends(alg, block, be, lanes, &g);
#endif
        }
        printf("back end %s checked\n", be);
    }
#ifdef HAVE_GUARD_PAGES
    munmap(g.base, g.span);
#endif
    return t_finish("test_lsh_many_edges");
}
