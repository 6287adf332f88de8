/* What a KCMVP request file is, from its name: "LEA128(CBC)KAT.req", "HIGHT(OFB)MMT.req",
 * "LEA128(CFB8)MMT.req", "LSH-256_256(SMT).req", "HMAC_LSH-256_256(KAT).req",
 * "CTR_DRBG(LEA-128(use DF)(no PR))_KAT.req", "HASH_DRBG(LSH-256_256(no PR))_KAT.req", ...
 * The name is cut into words at '(' ')' and, outside a primitive's own spelling, at '_'; each
 * word is a test type, a mode or construction, a DRBG option, or a primitive the registry knows
 * (names compared as the registry does: no case, '-' '_' '/' ' ' ignored). */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "cavp.h"

static const struct { const char *word; cavp_test test; } tests[] = {
    {"KAT", CAVP_KAT}, {"MMT", CAVP_MMT}, {"MCT", CAVP_MCT}, {"SMT", CAVP_SMT},
    {"LMT", CAVP_LMT}, {"GEN", CAVP_GEN}, {"VER", CAVP_VER}, {"AE", CAVP_GEN},
    {"AD", CAVP_VER},  {"ENC", CAVP_GEN}, {"DEC", CAVP_VER}, {"VERIFY", CAVP_VER},
    {"GE", CAVP_GEN},  {"DV", CAVP_VER}}; /* CCM: generation-encryption, decryption-verification */

static const struct { const char *word; cavp_family family; } families[] = {
    {"GCM", CAVP_FAM_GCM},       {"CCM", CAVP_FAM_CCM},         {"CMAC", CAVP_FAM_CMAC},
    {"GMAC", CAVP_FAM_GMAC},     {"HMAC", CAVP_FAM_HMAC},       {"PBKDF2", CAVP_FAM_PBKDF2},
    {"PBKDF", CAVP_FAM_PBKDF2},  {"KBKDF", CAVP_FAM_KBKDF},     {"KDF", CAVP_FAM_KBKDF},
    {"CTR_DRBG", CAVP_FAM_CTR_DRBG}, {"HASH_DRBG", CAVP_FAM_HASH_DRBG},
    {"HMAC_DRBG", CAVP_FAM_HMAC_DRBG}};

/* A primitive's name: a cipher or an LSH variant. LEA-192 is "LEA196" in some KCMVP files. */
static int primitive(const char *w, cavp_job *job)
{
    karx_alg_info info;
    if (strcasecmp(w, "LEA196") == 0)
        w = "LEA192";
    if (karx_alg_find(KARX_KIND_CIPHER, w, &info) == KARX_OK) {
        job->cipher = info.id;
        return 1;
    }
    if (karx_alg_find(KARX_KIND_HASH, w, &info) == KARX_OK) {
        job->lsh = info.id;
        return 1;
    }
    return 0;
}

static int word(const char *w, cavp_job *job)
{
    karx_mode m;
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++)
        if (strcasecmp(w, tests[i].word) == 0) {
            job->test = tests[i].test;
            return 1;
        }
    /* in a KDF's name, HMAC / CMAC name its PRF and CTR / FB / DP its mode (job->mode holds a
     * karx_kbkdf_mode): "KBKDF_HMAC_LSH-256_256(CTR)", "PBKDF2_HMAC_LSH-512_512" */
    int kdf = job->family == CAVP_FAM_PBKDF2 || job->family == CAVP_FAM_KBKDF;
    if (kdf && (strcasecmp(w, "HMAC") == 0 || strcasecmp(w, "CMAC") == 0))
        return 1;
    karx_kbkdf_mode km;
    if (job->family == CAVP_FAM_KBKDF && karx_kbkdf_mode_from_name(w, &km) == KARX_OK) {
        job->mode = (int)km;
        return 1;
    }
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
        if (strcasecmp(w, families[i].word) == 0) {
            job->family = families[i].family;
            return 1;
        }
    if (strcasecmp(w, "use DF") == 0 || strcasecmp(w, "no DF") == 0) {
        job->use_df = tolower((unsigned char)w[0]) == 'u';
        return 1;
    }
    if (strcasecmp(w, "use PR") == 0 || strcasecmp(w, "no PR") == 0) {
        job->pred_res = tolower((unsigned char)w[0]) == 'u';
        return 1;
    }
    if (karx_mode_from_name(w, &m) == KARX_OK) {
        job->family = CAVP_FAM_BLOCK;
        job->mode = (int)m;
        return 1;
    }
    return primitive(w, job);
}

/* w is a word that may hold '_'-joined parts ("HMAC_LSH-256_256", "KAT" after "_"): try it
 * whole, then split at each '_' from the left ("HMAC" + "LSH-256_256"). */
static int words(char *w, cavp_job *job)
{
    if (*w == 0 || word(w, job))
        return 1;
    for (char *u = strchr(w, '_'); u != NULL; u = strchr(u + 1, '_')) {
        *u = 0;
        int ok = word(w, job) && words(u + 1, job);
        *u = '_';
        if (ok)
            return 1;
    }
    return 0;
}

int cavp_job_from_name(const char *file_name, cavp_job *job)
{
    const char *base = strrchr(file_name, '/');
    base = base ? base + 1 : file_name;
    char name[256];
    size_t n = strlen(base);
    if (n >= sizeof name)
        return 0;
    memcpy(name, base, n + 1);
    char *dot = strrchr(name, '.');
    if (dot != NULL && (strcasecmp(dot, ".req") == 0 || strcasecmp(dot, ".txt") == 0))
        *dot = 0;
    memset(job, 0, sizeof *job);
    job->use_df = job->pred_res = -1;
    /* cut at parentheses; each piece (trimmed of '_' and ' ') is a word or '_'-joined words */
    for (char *p = name; *p;) {
        size_t len = strcspn(p, "()");
        char save = p[len];
        p[len] = 0;
        char *w = p;
        while (*w == '_' || *w == ' ')
            w++;
        size_t wl = strlen(w);
        while (wl > 0 && (w[wl - 1] == '_' || w[wl - 1] == ' '))
            w[--wl] = 0;
        if (!words(w, job))
            return 0;
        p[len] = save;
        p += len + (save != 0);
    }
    if (job->family == CAVP_FAM_NONE && job->lsh != 0)
        job->family = CAVP_FAM_HASH;
    /* HMAC, PBKDF2 and KBKDF files have one test type: a name without one means KAT */
    if (job->test == CAVP_TEST_NONE &&
        (job->family == CAVP_FAM_HMAC || job->family == CAVP_FAM_PBKDF2 ||
         job->family == CAVP_FAM_KBKDF))
        job->test = CAVP_KAT;
    return job->family != CAVP_FAM_NONE && job->test != CAVP_TEST_NONE;
}
