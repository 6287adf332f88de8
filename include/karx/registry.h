/* karx: the algorithm registry. Every cipher, mode, hash and MAC karx implements is described
 * once, as data; these calls list them, look them up by name or id, and say which kernel
 * (implementation) each one runs on this CPU now.
 *
 * Names are matched case-insensitively with '-', '_', '/' and ' ' ignored, so the CLI's
 * "lea128", the KCMVP/OpenSSL style "LEA-128" and "lea_128" are one name; "CHAM-128/256" and
 * "cham128-256" likewise. Every algorithm has a short name (the CLI's) and a standard name.
 *
 * Ids are the enum values of the family's header: karx_cipher_alg (cipher.h), karx_mode
 * (cipher.h), karx_lsh_alg (lsh.h), and for MACs KARX_MAC_ID(family, primitive id). */
#ifndef KARX_REGISTRY_H
#define KARX_REGISTRY_H

#include "common.h"
#include "cpu.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum karx_alg_kind {
    KARX_KIND_ANY = 0, /* only as a filter for karx_alg_find */
    KARX_KIND_CIPHER = 1,
    KARX_KIND_MODE = 2,
    KARX_KIND_HASH = 3,
    KARX_KIND_MAC = 4,
    KARX_KIND_PART = 5 /* a building block with kernels of its own, no algorithm by itself */
} karx_alg_kind;

/* Parts (KARX_KIND_PART), numbered from 0 with no gaps: karx_alg_by_id answers
 * KARX_ERR_UNKNOWN_ALGORITHM past the last (new ones may come). karx_alg_count and karx_alg_get
 * do not list them; karx_alg_find finds them by name with KARX_KIND_PART only. */
#define KARX_PART_GHASH 0    /* "ghash": GHASH of GCM and GMAC */
#define KARX_PART_GCM_PASS 1 /* "gcm-pass": CTR and GHASH over a GCM payload (two passes over
                                cache-sized chunks, or one stitched pass) */

/* MAC families; a MAC's id packs its family with the id of the cipher or hash under it. */
#define KARX_MAC_CMAC 1 /* over a karx_cipher_alg */
#define KARX_MAC_HMAC 2 /* over a karx_lsh_alg */
#define KARX_MAC_GMAC 3 /* over a karx_cipher_alg with a 128-bit block (gmac.h) */
#define KARX_MAC_ID(family, prim) (((family) << 8) | (prim))
#define KARX_MAC_FAMILY(id) ((id) >> 8)
#define KARX_MAC_PRIM(id) ((id) & 0xff)

#define KARX_ALG_NAME_MAX 32 /* bytes of a name, with its terminating NUL */

/* What one algorithm is; filled in by the calls below (names are copied in, so a MAC's
 * composed name needs no storage of its own). Sizes that do not apply are 0. */
typedef struct karx_alg_info {
    karx_alg_kind kind;
    int id;
    char name[KARX_ALG_NAME_MAX];     /* short name, as the CLI prints it: "lea128", "cmac-hight" */
    char std_name[KARX_ALG_NAME_MAX]; /* standard name: "LEA-128", "LSH-512-256", "CMAC-HIGHT" */
    size_t block_bytes;   /* cipher or hash block; a MAC's primitive's block; 0 for modes */
    size_t key_bytes;     /* cipher key; a CMAC's cipher key; 0 where any length goes (HMAC) */
    size_t output_bytes;  /* digest or full tag; 0 for ciphers and modes */
    size_t segment_bytes; /* modes: bytes per CFB segment (1 for cfb8, 8 for cfb64), else 0 */
    int has_iv;           /* modes: 1 when the mode takes a one-block IV or counter (not ECB) */
    const char *kernel;   /* the kernel calls use now (see below); "" for modes */
} karx_alg_info;

/* Number of registered algorithms; indexes 0 .. count-1 are valid for karx_alg_get. */
KARX_API size_t karx_alg_count(void);

/* The index-th algorithm: ciphers first, then modes, hashes and MACs (CMACs, HMACs, GMACs),
 * each in id order.
 * KARX_ERR_ARGUMENT for a NULL info or an index past the end. */
KARX_API karx_status karx_alg_get(size_t index, karx_alg_info *info);

/* Looks a name up among the algorithms of kind (KARX_KIND_ANY: all). KARX_ERR_ARGUMENT for
 * NULL, KARX_ERR_UNKNOWN_ALGORITHM when no algorithm of that kind has the name. */
KARX_API karx_status karx_alg_find(karx_alg_kind kind, const char *name, karx_alg_info *info);

/* The algorithm with this id; KARX_ERR_UNKNOWN_ALGORITHM if there is none. */
KARX_API karx_status karx_alg_by_id(karx_alg_kind kind, int id, karx_alg_info *info);

/* ---- every mode, whatever its calls ----
 * A mode name leads to one of three sets of calls: a block mode of cipher.h (ECB ... OFB, the
 * karx_alg_info listing above), an AEAD of aead.h (GCM, CCM) or XTS (xts.h). These calls list
 * all of them with what a front end needs to take a mode name without knowing the modes: which
 * calls (shape and id), which ciphers it runs on, how long its key is. */
typedef enum karx_mode_shape {
    KARX_SHAPE_BLOCK = 1, /* cipher.h: id is a karx_mode */
    KARX_SHAPE_AEAD = 2,  /* aead.h: id is a karx_aead_alg */
    KARX_SHAPE_XTS = 3    /* xts.h: id is 0 */
} karx_mode_shape;

typedef struct karx_mode_info {
    karx_mode_shape shape;
    int id;
    char name[KARX_ALG_NAME_MAX];     /* short name, as the CLI takes it: "cbc", "gcm", "xts" */
    char std_name[KARX_ALG_NAME_MAX]; /* "CBC", "GCM", "XTS" */
    size_t min_block;  /* the cipher blocks it runs on, in bytes: min_block .. max_block */
    size_t max_block;  /* (0: no upper limit) */
    size_t key_parts;  /* cipher keys its key is made of: 1, or 2 for XTS (data key || tweak key) */
    int approved;      /* on KCMVP's approved list (a call also needs its cipher's approval) */
} karx_mode_info;

/* Number of modes; indexes 0 .. count-1 are valid for karx_mode_get: the block modes in id
 * order, then the AEADs in id order, then XTS (compact builds: the block modes only). */
KARX_API size_t karx_mode_count(void);
/* KARX_ERR_ARGUMENT for a NULL info or an index past the end. */
KARX_API karx_status karx_mode_get(size_t index, karx_mode_info *info);
/* A mode by name (matched as karx_alg_find matches names; "cfb128" is CFB):
 * KARX_ERR_ARGUMENT for NULL, KARX_ERR_UNKNOWN_ALGORITHM when no mode has it. */
KARX_API karx_status karx_mode_find(const char *name, karx_mode_info *info);
/* The key length mode takes with a cipher (cipher: a karx_cipher_alg id): key_parts times the
 * cipher's key, or 0 when the mode does not run on that cipher (or either is unknown). */
KARX_API size_t karx_mode_key_bytes(const karx_mode_info *mode, int cipher);

/* One kernel (implementation) of a cipher, hash or part. A MAC runs on its primitive's kernels
 * (a GMAC also on GHASH's) and a mode on its cipher's, so they have none of their own. */
typedef struct karx_kernel_info {
    const char *name;      /* "portable", "sse2", "avx2", "avx2-gfni", "avx512-vbmi2", "neon" */
    karx_backend backend;  /* the back end it belongs to (karx_set_backend limits the choice) */
    unsigned cpu_features; /* KARX_CPU_* bits it needs */
    int priority;          /* among the usable ones the highest is chosen */
    unsigned lanes;        /* blocks or messages it processes side by side */
    int usable;            /* this CPU has the features (and the build has the code) */
    int active;            /* the one calls use now, at the active back end */
} karx_kernel_info;

/* Number of kernels of a cipher, hash or part (0 for an unknown one, a mode or a MAC). */
KARX_API size_t karx_alg_kernel_count(karx_alg_kind kind, int id);

/* The index-th kernel, in the order of the registry (portable first). */
KARX_API karx_status karx_alg_kernel(karx_alg_kind kind, int id, size_t index,
                                     karx_kernel_info *info);

/* Runs the known-answer test of one kernel (encrypt, decrypt and CTR of a cipher over more
 * blocks than it has lanes; a hash over several lengths, one message and many; GHASH and the
 * GCM pass over a GCM test vector, then over more blocks than they take at once). KARX_OK when it
 * passes; KARX_ERR_UNSUPPORTED when this CPU cannot run the kernel; KARX_ERR_SELFTEST when it
 * gives a wrong answer. */
KARX_API karx_status karx_alg_kernel_selftest(karx_alg_kind kind, int id, size_t index);

/* Runs karx_alg_kernel_selftest over every usable kernel of every cipher, hash and part; the
 * first failure's status, or KARX_OK. */
KARX_API karx_status karx_selftest_kernels(void);

#ifdef __cplusplus
}
#endif
#endif
