/* karx: statuses, version, export macros and small helpers shared by every family. */
#ifndef KARX_COMMON_H
#define KARX_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KARX_VERSION_MAJOR 0
#define KARX_VERSION_MINOR 1
#define KARX_VERSION_PATCH 0
#define KARX_VERSION_STRING "0.1.0"
/* Comparable number: 0xMMmmpp. */
#define KARX_VERSION_NUMBER \
    ((KARX_VERSION_MAJOR << 16) | (KARX_VERSION_MINOR << 8) | KARX_VERSION_PATCH)

/* KARX_API marks the exported calls. The library's own build defines KARX_BUILDING (the DLL
 * exports); a user of the DLL imports; a user of the static library defines KARX_STATIC_DEFINE
 * (the CMake target karx::karx_static does so itself; on Windows, pkg-config users of the static
 * library add it). Elsewhere the attribute keeps them visible in a -fvisibility=hidden build. */
#if defined(KARX_STATIC_DEFINE)
#define KARX_API
#elif defined(_WIN32) && defined(KARX_BUILDING)
#define KARX_API __declspec(dllexport)
#elif defined(_WIN32)
#define KARX_API __declspec(dllimport)
#else
#define KARX_API __attribute__((visibility("default")))
#endif

/* Every fallible call returns one of these; KARX_OK is zero, errors are negative. */
typedef enum karx_status {
    KARX_OK = 0,
    KARX_ERR_ARGUMENT = -1,         /* NULL pointer or otherwise invalid argument */
    KARX_ERR_KEY_LENGTH = -2,
    KARX_ERR_IV_LENGTH = -3,
    KARX_ERR_OUTPUT_LENGTH = -4,    /* output buffer too small or digest length unsupported */
    KARX_ERR_DATA_LENGTH = -5,      /* input length not allowed (overflow, not a whole block) */
    KARX_ERR_PADDING = -6,
    KARX_ERR_STATE = -7,            /* call not allowed in the object's state (e.g. update after final) */
    KARX_ERR_COUNTER_OVERFLOW = -8,
    KARX_ERR_RESEED_REQUIRED = -9,
    KARX_ERR_UNSUPPORTED = -10,     /* algorithm, variant or back end not available */
    KARX_ERR_NO_DEVICE = -11,
    KARX_ERR_DEVICE = -12,
    KARX_ERR_NO_MEMORY = -13,
    KARX_ERR_AUTHENTICATION = -14,  /* tag mismatch */
    KARX_ERR_UNKNOWN_ALGORITHM = -15,
    KARX_ERR_ENTROPY = -16,         /* the OS entropy source failed (getrandom and /dev/urandom) */
    KARX_ERR_SELFTEST = -17,        /* a self-test failed; in the approved mode: the error state */
    KARX_ERR_NOT_APPROVED = -18     /* the approved mode refuses an algorithm not on its list */
} karx_status;

/* A short English sentence for a status; never NULL. */
KARX_API const char *karx_strerror(karx_status status);

/* The library's version string ("0.1.0"); compare with KARX_VERSION_STRING for header/library skew. */
KARX_API const char *karx_version(void);
KARX_API unsigned karx_version_number(void);

/* Zeroes len bytes in a way the compiler may not remove. NULL with len 0 is allowed. */
KARX_API void karx_memzero(void *p, size_t len);

/* Constant-time comparison: 0 when equal, -1 otherwise (lengths are public). */
KARX_API int karx_memcmp_ct(const void *a, const void *b, size_t len);

#ifdef __cplusplus
}
#endif
#endif
