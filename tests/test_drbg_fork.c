/* Fork safety of the three DRBGs (CTR, Hash, HMAC: one table, drbg_api.h) and the OS entropy
 * source's failure status.
 *  - fork(): parent and two children generate from one OS-seeded state; all three outputs must
 *    differ (generate_os reseeds in each child), and the parent's stream must be the one it
 *    would have produced without the fork;
 *  - a caller-seeded state in a child: generate (and the CTR_DRBG GPU path's begin) refuse with
 *    KARX_ERR_RESEED_REQUIRED until reseeded; generate_pr and reseed_os work;
 *  - a fork that skips the pthread_atfork handlers (raw fork syscall) is caught by the
 *    MADV_WIPEONFORK layer where the kernel has it (counted as skipped otherwise);
 *  - with getrandom and /dev/urandom both failing (the internal fault switch), karx_os_random and
 *    the _os calls return KARX_ERR_ENTROPY with its own message, wipe what they must, and change
 *    no state; with only getrandom failing, /dev/urandom still serves. */
#if !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1 /* fork, pipe, syscall under -std=c11 */
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "drbg/drbg_internal.h"
#include "drbg_api.h"
#include "karx/drbg.h"
#include "test_util.h"

#define OUT 32

typedef struct child_report {
    int st[4];          /* statuses the child saw */
    uint8_t out[2][OUT]; /* what it generated */
} child_report;

typedef void (*child_fn)(void *d, child_report *r);

static const t_drbg *api; /* the DRBG under test, and its algorithm (read by the children) */
static int cur_alg;

/* All n bytes at p through fd, written (wr = 1) or read, over short transfers; -1 on an error
 * or an early end. */
static int move_all(int fd, void *p, size_t n, int wr)
{
    uint8_t *b = p;
    while (n > 0) {
        ssize_t k = wr ? write(fd, b, n) : read(fd, b, n);
        if (k <= 0) return -1;
        b += k;
        n -= (size_t)k;
    }
    return 0;
}

/* Runs fn(d) in a child made by fork() (raw = 0) or the bare fork syscall, which runs no
 * pthread_atfork handler (raw = 1); returns 0 and the child's report, or -1. */
static int in_child(void *d, child_fn fn, int raw, child_report *r)
{
    int fds[2];
    memset(r, 0xff, sizeof *r); /* statuses -1 until the child reports (and no uninitialized read) */
    if (pipe(fds) != 0) return -1;
    fflush(NULL);
    pid_t pid;
#if defined(SYS_fork)
    pid = raw ? (pid_t)syscall(SYS_fork) : fork();
#else
    if (raw) return -1;
    pid = fork();
#endif
    if (pid < 0) return -1;
    if (pid == 0) {
        child_report mine;
        memset(&mine, 0, sizeof mine);
        close(fds[0]);
        fn(d, &mine);
        _exit(move_all(fds[1], &mine, sizeof mine, 1) == 0 ? 0 : 1);
    }
    close(fds[1]);
    int ok = move_all(fds[0], r, sizeof *r, 0);
    close(fds[0]);
    int status = 0;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        ok = -1;
    return ok;
}

static void child_generate_os(void *d, child_report *r)
{
    r->st[0] = api->gen_os(d, r->out[0], OUT, NULL, 0);
}

/* ---- OS-seeded: parent and two children all differ ---- */

static void os_seeded_fork(int alg, unsigned flags)
{
    t_drbg_state d, twin;
    uint8_t mine[OUT], twin_out[OUT];
    child_report a, b;
    CHECK(api->inst_os(&d, alg, flags, NULL, 0) == KARX_OK, "%s instantiate_os", api->name);
    twin = d; /* what the parent's state would do with no fork at all */
    CHECK(in_child(&d, child_generate_os, 0, &a) == 0, "child 1 ran");
    CHECK(in_child(&d, child_generate_os, 0, &b) == 0, "child 2 ran");
    CHECK(a.st[0] == KARX_OK && b.st[0] == KARX_OK, "children generate_os: %d %d", a.st[0], b.st[0]);
    CHECK(api->gen_os(&d, mine, OUT, NULL, 0) == KARX_OK, "parent generate_os");
    CHECK(memcmp(a.out[0], mine, OUT) != 0, "%s alg %d flags %u: child 1 = parent", api->name, alg,
          flags);
    CHECK(memcmp(b.out[0], mine, OUT) != 0, "%s alg %d flags %u: child 2 = parent", api->name, alg,
          flags);
    CHECK(memcmp(a.out[0], b.out[0], OUT) != 0, "%s alg %d flags %u: child 1 = child 2", api->name,
          alg, flags);
    if (!(flags & KARX_DRBG_PR)) { /* with PR every call reseeds: no fixed stream to compare */
        CHECK(api->gen_os(&twin, twin_out, OUT, NULL, 0) == KARX_OK, "twin");
        CHECK(memcmp(twin_out, mine, OUT) == 0, "%s alg %d: the parent's stream changed", api->name,
              alg);
    }
    api->uninst(&d);
    api->uninst(&twin);
}

/* ---- caller-seeded: refused until the caller reseeds ---- */

static uint8_t fresh[48]; /* the caller's "fresh" entropy in the child */

static void child_caller_seeded(void *d, child_report *r)
{
    size_t el = api->entropy_len(cur_alg);
    memset(r->out[0], 0xa5, OUT);
    r->st[0] = api->gen(d, r->out[0], OUT, NULL, 0);
    r->st[1] = KARX_ERR_RESEED_REQUIRED;
    if (api->type == KARX_DRBG_CTR) { /* the GPU path */
        uint8_t a[KARX_CTR_DRBG_MAX_SEED_BYTES];
        karx_ctr_drbg probe = *(karx_ctr_drbg *)d;
        r->st[1] = karx_i_ctr_drbg_generate_begin(&probe, OUT, NULL, 0, a);
        karx_memzero(&probe, sizeof probe);
        karx_memzero(a, sizeof a);
    }
    r->st[2] = api->reseed(d, fresh, el, NULL, 0);
    r->st[3] = api->gen(d, r->out[1], OUT, NULL, 0);
}

static void child_caller_seeded_pr(void *d, child_report *r)
{
    r->st[0] = api->gen_pr(d, r->out[0], OUT, fresh, api->entropy_len(cur_alg), NULL, 0);
    r->st[1] = api->gen(d, r->out[1], OUT, NULL, 0); /* reseeded by generate_pr */
}

static void child_reseed_os(void *d, child_report *r)
{
    r->st[0] = api->gen(d, r->out[0], OUT, NULL, 0);
    r->st[1] = api->reseed_os(d, NULL, 0);
    r->st[2] = api->gen(d, r->out[1], OUT, NULL, 0);
}

static void caller_seeded_fork(int alg)
{
    uint8_t e[48], nonce[16], mine[OUT];
    memset(e, 0x11, sizeof e);
    memset(nonce, 0x22, sizeof nonce);
    t_drbg_state d;
    child_report r;
    cur_alg = alg;
    for (size_t i = 0; i < sizeof fresh; i++) fresh[i] = (uint8_t)(0x80 + i);
    CHECK(api->inst(&d, alg, 0, e, api->entropy_len(alg), nonce, sizeof nonce, NULL, 0) == KARX_OK,
          "%s inst", api->name);
    CHECK(in_child(&d, child_caller_seeded, 0, &r) == 0, "child ran");
    CHECK(r.st[0] == KARX_ERR_RESEED_REQUIRED, "%s child generate after fork: %d", api->name, r.st[0]);
    CHECK(r.out[0][0] == 0xa5 && r.out[0][OUT - 1] == 0xa5, "refused generate wrote output");
    CHECK(r.st[1] == KARX_ERR_RESEED_REQUIRED, "child GPU-path begin after fork: %d", r.st[1]);
    CHECK(r.st[2] == KARX_OK && r.st[3] == KARX_OK, "%s child reseed + generate: %d %d", api->name,
          r.st[2], r.st[3]);
    CHECK(api->gen(&d, mine, OUT, NULL, 0) == KARX_OK, "parent unaffected");
    CHECK(memcmp(mine, r.out[1], OUT) != 0, "%s child's reseeded output = parent's", api->name);

    CHECK(in_child(&d, child_caller_seeded_pr, 0, &r) == 0, "pr child ran");
    CHECK(r.st[0] == KARX_OK && r.st[1] == KARX_OK, "%s child generate_pr, then generate: %d %d",
          api->name, r.st[0], r.st[1]);
    CHECK(in_child(&d, child_reseed_os, 0, &r) == 0, "reseed_os child ran");
    CHECK(r.st[0] == KARX_ERR_RESEED_REQUIRED && r.st[1] == KARX_OK && r.st[2] == KARX_OK,
          "%s child reseed_os: %d %d %d", api->name, r.st[0], r.st[1], r.st[2]);
    api->uninst(&d);
}

/* ---- a fork without the atfork handlers ---- */

static unsigned long skipped;

static volatile uint8_t *probe_page;

static void child_reads_probe(void *d, child_report *r)
{
    (void)d;
    r->st[0] = probe_page[0];
}

/* Does this platform really zero a MADV_WIPEONFORK page in a raw-fork child? (qemu-user accepts
 * the advice and ignores it.) The library's second layer rests on exactly this. */
static int platform_wipes_on_fork(void)
{
#if defined(MADV_WIPEONFORK)
    long ps = sysconf(_SC_PAGESIZE);
    size_t n = ps > 0 ? (size_t)ps : 4096;
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return 0;
    int ok = 0;
    child_report r;
    if (madvise(p, n, MADV_WIPEONFORK) == 0) {
        probe_page = p;
        probe_page[0] = 1;
        ok = in_child(NULL, child_reads_probe, 1, &r) == 0 && r.st[0] == 0;
    }
    munmap(p, n);
    return ok;
#else
    return 0;
#endif
}

static void raw_fork(int alg, unsigned flags)
{
    if (!karx_i_fork_guard_wipes() || !platform_wipes_on_fork()) {
        skipped++;
        printf("raw fork (%s): skipped (MADV_WIPEONFORK not honoured here)\n", api->name);
        return;
    }
    t_drbg_state d;
    uint8_t mine[OUT];
    child_report r;
    CHECK(api->inst_os(&d, alg, flags, NULL, 0) == KARX_OK, "instantiate_os");
    CHECK(in_child(&d, child_generate_os, 1, &r) == 0, "raw child ran");
    CHECK(r.st[0] == KARX_OK, "raw child generate_os: %d", r.st[0]);
    CHECK(api->gen_os(&d, mine, OUT, NULL, 0) == KARX_OK, "parent");
    CHECK(memcmp(mine, r.out[0], OUT) != 0, "%s raw fork: child = parent", api->name);
    api->uninst(&d);
}

/* ---- OS source failure ---- */

static void entropy_failure(int alg, unsigned flags, int alg2)
{
    uint8_t buf[64], out[OUT];
    t_drbg_state d, copy, e;
    CHECK(strcmp(karx_strerror(KARX_ERR_ENTROPY), "OS entropy source failed") == 0,
          "message: %s", karx_strerror(KARX_ERR_ENTROPY));

    karx_i_os_entropy_fault(KARX_I_FAULT_GETRANDOM); /* the /dev/urandom fallback serves */
    memset(buf, 0, sizeof buf);
    CHECK(karx_os_random(buf, sizeof buf) == KARX_OK && !t_all_zero(buf, sizeof buf), "urandom");

    karx_i_os_entropy_fault(KARX_I_FAULT_URANDOM); /* getrandom alone serves */
    CHECK(karx_os_random(buf, sizeof buf) == KARX_OK, "getrandom alone");

    CHECK(api->inst_os(&d, alg, flags, NULL, 0) == KARX_OK, "%s instantiate_os", api->name);
    api->interval(&d, 1);
    CHECK(api->gen_os(&d, out, OUT, NULL, 0) == KARX_OK, "first generate");
    copy = d;

    karx_i_os_entropy_fault(KARX_I_FAULT_GETRANDOM | KARX_I_FAULT_URANDOM);
    memset(buf, 0x5a, sizeof buf);
    CHECK(karx_os_random(buf, sizeof buf) == KARX_ERR_ENTROPY, "os_random status");
    CHECK(t_all_zero(buf, sizeof buf), "os_random wipes on failure");
    CHECK(api->reseed_os(&d, NULL, 0) == KARX_ERR_ENTROPY, "%s reseed_os status", api->name);
    memset(out, 0x5a, sizeof out);
    CHECK(api->gen_os(&d, out, OUT, NULL, 0) == KARX_ERR_ENTROPY,
          "%s generate_os (reseed due) status", api->name);
    CHECK(memcmp(&copy, &d, api->size) == 0, "%s: a failed OS reseed changed the state", api->name);
    memset(&e, 0x77, sizeof e);
    CHECK(api->inst_os(&e, alg2, 0, NULL, 0) == KARX_ERR_ENTROPY, "%s instantiate_os status",
          api->name);
    CHECK(t_all_zero((const uint8_t *)&e, api->size), "%s: failed instantiate_os wipes the state",
          api->name);

    karx_i_os_entropy_fault(0);
    CHECK(api->gen_os(&d, out, OUT, NULL, 0) == KARX_OK, "recovers");
    api->uninst(&d);
    api->uninst(&copy);
}

int main(void)
{
    static const int ctr_algs[] = {KARX_CIPHER_LEA128, KARX_CIPHER_LEA256, KARX_CIPHER_HIGHT,
                                   KARX_CIPHER_CHAM64_128, KARX_CIPHER_CHAM128_256};
    static const int lsh_algs[] = {KARX_LSH256_224, KARX_LSH256_256, KARX_LSH512_256,
                                   KARX_LSH512_512};
    api = T_DRBG_CTR;
    for (size_t i = 0; i < sizeof ctr_algs / sizeof *ctr_algs; i++)
        for (unsigned flags = 0; flags < 4; flags++)
            os_seeded_fork(ctr_algs[i], flags);
    caller_seeded_fork(KARX_CIPHER_LEA128);
    raw_fork(KARX_CIPHER_LEA256, KARX_DRBG_USE_DF);
    entropy_failure(KARX_CIPHER_LEA256, KARX_DRBG_USE_DF, KARX_CIPHER_LEA128);
    for (api = T_DRBG_HASH; api <= T_DRBG_HMAC; api++) {
        for (size_t i = 0; i < sizeof lsh_algs / sizeof *lsh_algs; i++) {
            os_seeded_fork(lsh_algs[i], 0);
            os_seeded_fork(lsh_algs[i], KARX_DRBG_PR);
            caller_seeded_fork(lsh_algs[i]);
        }
        raw_fork(KARX_LSH512_512, 0);
        entropy_failure(KARX_LSH256_256, 0, KARX_LSH512_384);
    }
    printf("test_drbg_fork: %lu skipped\n", skipped);
    return t_finish("test_drbg_fork");
}
