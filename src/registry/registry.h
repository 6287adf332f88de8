/* Internal: the descriptors every algorithm family exports, and the one kernel-selection
 * function. Each cipher's folder defines its karx_i_cipher descriptors, src/lsh its
 * karx_i_hash ones; registry.c holds the one list of them, and everything else (the mode
 * layer, CMAC, HMAC, name parsing, `karx info`, the benchmarks, the GPU dispatch, the
 * self-tests) is derived from that list. */
#ifndef KARX_I_REGISTRY_H
#define KARX_I_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#include "karx/cipher.h"
#include "karx/lsh.h"
#include "karx/registry.h"
#include "../cpu/backends.h"

/* One implementation of a primitive: a kernel table and what running it takes. */
typedef struct karx_i_impl {
    const char *name;      /* "portable", "avx2", "avx2-gfni", ... */
    karx_backend backend;  /* the back end it belongs to */
    unsigned features;     /* KARX_CPU_* bits it needs */
    int priority;          /* the highest usable one wins */
    const void *table;     /* the kernel kind's table: karx_block_kernels, karx_lsh256_kernels,
                              karx_lsh512_kernels, karx_i_ghash_kernels, karx_i_gcm_pass */
} karx_i_impl;

/* CPU bits that choose among kernels a CPU can run rather than say what it can run: the tests
 * run an impl that needs one of them wherever the rest of its needs are met. */
#define KARX_I_TUNING_FEATURES KARX_CPU_AVX512_FULL

/* Priorities: the back end's preference (backends.h), times four, plus one for an optional
 * extension within it (GFNI, VBMI2), so the extension wins where the CPU has it and the back
 * end is allowed. */
#define KARX_I_PRIO(backend, extra) (KARX_I_BACKEND_PREF(backend) * 4 + (extra))

/* An entry of an impl list: KARX_I_IMPL("avx2", KARX_BACKEND_AVX2, KARX_CPU_AVX2, 0, &t). */
#define KARX_I_IMPL(name, backend, features, extra, table) \
    { (name), (backend), (features), KARX_I_PRIO(backend, extra), (table) }

/* The entries most impl lists share, for kernel tables named p##_portable, p##_sse2, ...:
 * the x86 ladder (with or without SSSE3) is empty in builds without x86 kernels, the NEON entry
 * in builds without NEON ones, so a list needs no #if for them. Each expands to entries with
 * their trailing commas; a list's own entries (GFNI, VBMI2 forms) go between, inside
 * KARX_I_IF_X86 or an #if. */
#define KARX_I_IMPL_PORTABLE(p) KARX_I_IMPL("portable", KARX_BACKEND_PORTABLE, 0, 0, &p##_portable),
#ifdef KARX_HAVE_X86_SIMD
#define KARX_I_IMPLS_X86_NO_SSSE3(p)                                                 \
    KARX_I_IMPL("sse2", KARX_BACKEND_SSE2, KARX_I_NEEDS_SSE2, 0, &p##_sse2),           \
    KARX_I_IMPL("avx2", KARX_BACKEND_AVX2, KARX_I_NEEDS_AVX2, 0, &p##_avx2),           \
    KARX_I_IMPL("avx512", KARX_BACKEND_AVX512, KARX_I_NEEDS_AVX512, 0, &p##_avx512),
#define KARX_I_IMPLS_X86(p)                                                          \
    KARX_I_IMPL("sse2", KARX_BACKEND_SSE2, KARX_I_NEEDS_SSE2, 0, &p##_sse2),           \
    KARX_I_IMPL("ssse3", KARX_BACKEND_SSSE3, KARX_I_NEEDS_SSSE3, 0, &p##_ssse3),       \
    KARX_I_IMPL("avx2", KARX_BACKEND_AVX2, KARX_I_NEEDS_AVX2, 0, &p##_avx2),           \
    KARX_I_IMPL("avx512", KARX_BACKEND_AVX512, KARX_I_NEEDS_AVX512, 0, &p##_avx512),
#define KARX_I_IF_X86(...) __VA_ARGS__
#else
#define KARX_I_IMPLS_X86_NO_SSSE3(p)
#define KARX_I_IMPLS_X86(p)
#define KARX_I_IF_X86(...)
#endif
#ifdef KARX_HAVE_NEON
#define KARX_I_IMPL_NEON(p) KARX_I_IMPL("neon", KARX_BACKEND_NEON, KARX_I_NEEDS_NEON, 0, &p##_neon),
#else
#define KARX_I_IMPL_NEON(p)
#endif
/* The whole list where a primitive has one kernel per back end. */
#define KARX_I_IMPLS_ALL(p) KARX_I_IMPL_PORTABLE(p) KARX_I_IMPLS_X86(p) KARX_I_IMPL_NEON(p)
/* An impl list and its length, as descriptors take them. */
#define KARX_I_LIST(list) list, sizeof list / sizeof list[0]
/* A descriptor's set_key: the family's typed schedule call behind the untyped slot. */
#define KARX_I_SET_KEY(name, call, key_type)                             \
    static karx_status name(void *ks, const uint8_t *k, size_t key_len) \
    {                                                                    \
        return call((key_type *)ks, k, key_len);                         \
    }

/* 1 when this CPU has the impl's features and its back end lies on the fallback chain of the
 * active back end (the table's "below" column, backends.h: x86 avx512 > avx2 > ssse3 > sse2 >
 * portable; Arm neon > portable). */
int karx_i_impl_allowed(const karx_i_impl *impl);
/* 1 when this CPU has the impl's features (whatever the active back end). */
int karx_i_impl_usable(const karx_i_impl *impl);

/* The one kernel-selection function: the allowed impl of highest priority. impls[0] must be
 * the portable one, which is always allowed. */
const karx_i_impl *karx_i_select(const karx_i_impl *impls, size_t n);
#ifndef KARX_COMPACT
karx_backend karx_i_active_backend(void); /* src/cpu/dispatch.c */
/* The same, remembered per active back end in cache (KARX_I_BACKEND_COUNT zeroed pointers): the
 * choice depends on nothing else once the CPU's features are known. Inline: GHASH asks on every
 * call, a few blocks long for a small message. (Not in the compact builds: no pointer-wide
 * atomics on AVR.) */
static inline const karx_i_impl *karx_i_select_cached(const karx_i_impl **cache,
                                                      const karx_i_impl *impls, size_t n)
{
    unsigned b = (unsigned)karx_i_active_backend();
    const karx_i_impl *t =
        b < KARX_I_BACKEND_COUNT ? __atomic_load_n(&cache[b], __ATOMIC_ACQUIRE) : NULL;
    if (t == NULL) {
        t = karx_i_select(impls, n);
        if (b < KARX_I_BACKEND_COUNT)
            __atomic_store_n(&cache[b], t, __ATOMIC_RELEASE);
    }
    return t;
}
#else
/* The MCU builds: one portable kernel, nothing worth remembering. */
static inline const karx_i_impl *karx_i_select_cached(const karx_i_impl **cache,
                                                      const karx_i_impl *impls, size_t n)
{
    (void)cache;
    return karx_i_select(impls, n);
}
#endif
/* Defines fn(void): the table (a const type *) of list's selected impl, remembered per back end
 * in the function's own cache. */
#define KARX_I_TABLE_NOW(type, fn, list)                                            \
    const type *fn(void)                                                            \
    {                                                                               \
        static const karx_i_impl *cache[KARX_I_BACKEND_COUNT];                      \
        return (const type *)karx_i_select_cached(cache, KARX_I_LIST(list))->table; \
    }

/* Families of ciphers that share round code (the GPU instantiates one kernel per family). */
typedef enum karx_i_family {
    KARX_I_FAMILY_NONE = 0, /* no GPU round code: the GPU calls refuse the cipher */
    KARX_I_FAMILY_LEA = 1,
    KARX_I_FAMILY_HIGHT = 2,
    KARX_I_FAMILY_CHAM64 = 3,
    KARX_I_FAMILY_CHAM128 = 4
} karx_i_family;

typedef struct karx_i_cipher {
    karx_cipher_alg id;
    const char *name;     /* short name, "lea128" */
    const char *std_name; /* "LEA-128" */
    size_t block_bytes;
    size_t key_bytes;
    size_t ks_bytes;      /* bytes of the scheduled key (the family's key struct) */
    karx_i_family family;
    unsigned rounds;
    /* Schedules k (key_bytes long) into ks, the family's key struct. */
    karx_status (*set_key)(void *ks, const uint8_t *k, size_t key_len);
    const karx_i_impl *impls; /* impls[0] is the portable kernel */
    size_t nimpls;
    /* Known answer for the self-tests: one block under one key, from the official vectors. */
    const uint8_t *kat_key, *kat_pt, *kat_ct;
    /* Lane kernels (src/lanes/lanes.h: a key per lane, for the record jobs), portable first;
     * NULL and 0 where the cipher has none (the jobs then loop over the one-record calls). */
    const karx_i_impl *lane_impls;
    size_t nlane_impls;
    /* Two flags in one halfword (the MSP430 build's flash has no bytes to spare):
     * approved: on KCMVP's approved list: the approved mode's gate reads this (gate.c);
     * single_by_kernel: 1 when single blocks (the serial modes, CMAC, GCM's H and J0) go through
     * the selected kernel rather than the portable one, which is far slower for this cipher
     * (ARIA's computes its S-boxes bit by bit; its GFNI kernels take one block in ~50 ns). */
    uint8_t approved;
    uint8_t single_by_kernel;
} karx_i_cipher;

typedef struct karx_i_hash {
    karx_lsh_alg id;
    const char *name;     /* "lsh256-256" */
    const char *std_name; /* "LSH-256-256" */
    size_t block_bytes;
    size_t digest_bytes;
    const karx_i_impl *impls; /* karx_lsh256_kernels or karx_lsh512_kernels tables */
    size_t nimpls;
    const uint8_t *kat_digest; /* digest of the self-test message */
    int approved;              /* on KCMVP's approved list (the approved mode's gate) */
} karx_i_hash;

typedef struct karx_i_mode {
    karx_mode id;
    const char *name;     /* "cfb8" */
    const char *std_name; /* "CFB-8" */
    const char *alias;    /* one more accepted name, or NULL ("cfb128" for full-block CFB) */
    size_t segment_bytes; /* CFB segment, 0 = one cipher block (or not CFB) */
    size_t min_block;     /* smallest cipher block the mode works on */
    int has_iv;
    int approved; /* on KCMVP's approved list (a mode call also needs its cipher's) */
} karx_i_mode;

/* An AEAD mode (src/aead/aead_desc.c; the karx/aead.h calls dispatch through it): its facts and
 * its calls in one shape, the context a karx_aead_ctx's union member. Not in compact builds. */
typedef struct karx_i_aead {
    uint32_t id;          /* karx_aead_alg */
    const char *name;     /* "gcm" */
    const char *std_name; /* "GCM" */
    const char *nonce_name; /* "IV" */
    size_t nonce_min, nonce_max, nonce_default, tag_min, tag_max, tag_default;
    int lengths_first;    /* init needs the AAD and payload lengths (CCM) */
    int approved;         /* on KCMVP's approved list (a call also needs its cipher's) */
    size_t block_bytes;   /* the only cipher block it runs on */
    int (*tag_len_ok)(size_t tag_len);
    size_t (*max_payload)(size_t nonce_len); /* 0: a refused nonce length */
    karx_status (*encrypt)(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                           const uint8_t *nonce, size_t nonce_len, uint8_t *out, uint8_t *tag,
                           size_t tag_len, const uint8_t *in, size_t len, const uint8_t *aad,
                           size_t aad_len);
    karx_status (*decrypt)(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                           const uint8_t *nonce, size_t nonce_len, uint8_t *out,
                           const uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len,
                           const uint8_t *aad, size_t aad_len);
    karx_status (*init)(void *ctx, karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                        int encrypt, const uint8_t *nonce, size_t nonce_len, uint64_t aad_len,
                        uint64_t payload_len, size_t tag_len);
    /* a scheduled key (a karx_aead_key's union member) and the calls over it; seal_pool and
     * open_pool NULL where the mode cannot split its work (the raw-key pool one-shots of
     * karx/aead.h schedule a key and run these) */
    karx_status (*set_key)(void *key, karx_cipher_alg alg, const uint8_t *k, size_t key_len);
    void (*key_wipe)(void *key);
    karx_cipher_alg (*key_cipher)(const void *key);
    karx_status (*seal)(const void *key, const uint8_t *nonce, size_t nonce_len, uint8_t *out,
                        uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len,
                        const uint8_t *aad, size_t aad_len);
    karx_status (*open)(const void *key, const uint8_t *nonce, size_t nonce_len, uint8_t *out,
                        const uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len,
                        const uint8_t *aad, size_t aad_len);
    karx_status (*seal_pool)(struct karx_pool *pool, const void *key, const uint8_t *nonce,
                             size_t nonce_len, uint8_t *out, uint8_t *tag, size_t tag_len,
                             const uint8_t *in, size_t len, const uint8_t *aad, size_t aad_len);
    karx_status (*open_pool)(struct karx_pool *pool, const void *key, const uint8_t *nonce,
                             size_t nonce_len, uint8_t *out, const uint8_t *tag, size_t tag_len,
                             const uint8_t *in, size_t len, const uint8_t *aad, size_t aad_len);
    karx_status (*init_key)(void *ctx, const void *key, int encrypt, const uint8_t *nonce,
                            size_t nonce_len, uint64_t aad_len, uint64_t payload_len,
                            size_t tag_len);
    karx_status (*aad)(void *ctx, const uint8_t *aad, size_t aad_len);
    karx_status (*update)(void *ctx, uint8_t *out, const uint8_t *in, size_t len);
    karx_status (*final)(void *ctx, uint8_t *tag, size_t tag_len);
    karx_status (*final_verify)(void *ctx, const uint8_t *tag, size_t tag_len);
} karx_i_aead;

/* XTS (src/modes/mode_desc.c; xts.h's calls read it): facts only, its calls are xts.h's own.
 * Not in compact builds. */
typedef struct karx_i_xts {
    const char *name;     /* "xts" */
    const char *std_name; /* "XTS" */
    size_t block_bytes;   /* the only cipher block it runs on */
    size_t key_parts;     /* cipher keys in its key: data key || tweak key */
    size_t tweak_bytes;
    size_t unit_min;      /* the shortest data unit */
    int approved;         /* on KCMVP's approved list (XTS is not) */
} karx_i_xts;

/* A part: a building block of constructions with kernels of its own, no algorithm by itself
 * (KARX_KIND_PART): GHASH (GCM, GMAC) and the GCM pass (CTR and GHASH over the payload). Its
 * impl list is selected by karx_i_select like a cipher's, and each impl has a known-answer
 * test. */
typedef struct karx_i_part {
    int id;               /* KARX_PART_* (karx/registry.h) */
    const char *name;     /* "ghash" */
    const char *std_name; /* "GHASH" */
    const char *per;      /* what its lanes count, for listings: "blocks per reduction" */
    const karx_i_impl *impls; /* impls[0] is the portable one */
    size_t nimpls;
    unsigned (*lanes)(const void *table);
    const void *kat; /* its known answer (for GHASH and the GCM pass: a karx_i_gcm_kat) */
    /* The known-answer test of one impl (src/selftest/kernel_kat.c runs it); the tests also run it on
     * doctored descriptors to see it fail. */
    karx_status (*kernel_test)(const struct karx_i_part *p, const karx_i_impl *impl);
} karx_i_part;

/* What the registry needs of a hash kernel table beyond its descriptor (src/lsh/lsh_hooks.c):
 * the messages its lane kernel hashes at once, and a digest of one message or of n equal-length
 * messages computed through exactly that table (the per-kernel self-test's path). */
unsigned karx_i_hash_lanes(const karx_i_hash *h, const void *table);
karx_status karx_i_hash_digest_with(const karx_i_hash *h, const void *table, uint8_t *out,
                                    const void *in, size_t len);
karx_status karx_i_hash_many_with(const karx_i_hash *h, const void *table, uint8_t *out,
                                  const void *in, size_t msg_len, size_t n);

/* The one list (registry.c). */
extern const karx_i_cipher *const karx_i_ciphers[];
extern const size_t karx_i_cipher_count;
extern const karx_i_mode karx_i_modes[];
extern const size_t karx_i_mode_count;
extern const karx_i_hash *const karx_i_hashes[];
extern const size_t karx_i_hash_count;
extern const karx_i_part *const karx_i_parts[]; /* indexed by id */
extern const size_t karx_i_part_count;
extern const karx_i_aead *const karx_i_aeads[]; /* empty in compact builds */
extern const size_t karx_i_aead_count;
extern const karx_i_xts *const karx_i_xts_modes[]; /* XTS; not in compact builds */
extern const size_t karx_i_xts_count;

/* The descriptor of an id, or NULL. */
const karx_i_cipher *karx_i_cipher_desc(uint32_t alg);
const karx_i_hash *karx_i_hash_desc(uint32_t alg);
const karx_i_mode *karx_i_mode_desc(uint32_t mode);
const karx_i_part *karx_i_part_desc(uint32_t id);
const karx_i_aead *karx_i_aead_desc(uint32_t id);

/* The approved field of an id's descriptor, for the gate (KARX_I_SERVICE); 0 for an unknown id. */
static inline int karx_i_cipher_approved(uint32_t alg)
{
    const karx_i_cipher *c = karx_i_cipher_desc(alg);
    return c != NULL && c->approved;
}

static inline int karx_i_hash_approved(uint32_t alg)
{
    const karx_i_hash *h = karx_i_hash_desc(alg);
    return h != NULL && h->approved;
}

/* Looks name up among one kind's descriptors; NULL when none has it. */
const karx_i_cipher *karx_i_cipher_by_name(const char *name);
const karx_i_mode *karx_i_mode_by_name(const char *name);
const karx_i_hash *karx_i_hash_by_name(const char *name);
const karx_i_part *karx_i_part_by_name(const char *name);
const karx_i_aead *karx_i_aead_by_name(const char *name);

/* The kernel table calls of this cipher use now / the portable one. */
static inline const void *karx_i_cipher_kernels(const karx_i_cipher *c)
{
    return karx_i_select(c->impls, c->nimpls)->table;
}

/* "cmac-" / "hmac-" / "gmac-" and the primitive's short name (mac_names.c); NULL for an unknown
 * id (or, for GMAC, a cipher whose block is not 16 bytes). */
const char *karx_i_cmac_name(uint32_t cipher_alg);
const char *karx_i_hmac_name(uint32_t lsh_alg);
const char *karx_i_gmac_name(uint32_t cipher_alg);

/* Lower-case with '-', '_', '/' and ' ' dropped, into out (cap bytes); 0 if it does not fit.
 * Two names are the same name when their squashed forms are equal. */
int karx_i_squash(const char *name, char *out, size_t cap);
/* 1 when name is desc_name or std_name once squashed. */
int karx_i_name_is(const char *name, const char *desc_name, const char *std_name);

/* Define the lookups above over a list of descriptor pointers (count of them): by id and by
 * name. Linear scans: the lists are short, and a scan costs less than the block it precedes. */
#define KARX_I_DESC_BY_ID(type, fn, list, count)                                    \
    const type *fn(uint32_t id)                                                     \
    {                                                                               \
        for (size_t i = 0; i < count; i++)                                          \
            if ((uint32_t)list[i]->id == id)                                        \
                return list[i];                                                     \
        return NULL;                                                                \
    }
#define KARX_I_DESC_BY_NAME(type, fn, list, count)                                  \
    const type *fn(const char *name)                                                \
    {                                                                               \
        for (size_t i = 0; i < count; i++)                                          \
            if (karx_i_name_is(name, list[i]->name, list[i]->std_name))             \
                return list[i];                                                     \
        return NULL;                                                                \
    }

#endif
