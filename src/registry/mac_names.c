/* Names of the composed MACs ("cmac-lea128", "hmac-lsh512-256", "gmac-lea128"), for the calls
 * that return a name as a const char *: built once from the descriptors, so adding a cipher or
 * hash adds its MAC names with no list to edit. */
#include <pthread.h>
#include <stdio.h>

#include "registry.h"

#define MAX_PRIMS 32 /* more ciphers or hashes than this get no composed name (NULL) */

/* Row 0: CMAC over karx_i_ciphers[i]; row 1: HMAC over karx_i_hashes[i]; row 2: GMAC over the
 * ciphers with a 16-byte block. */
static char names[3][MAX_PRIMS][KARX_ALG_NAME_MAX];
static uint32_t ids[3][MAX_PRIMS];
static size_t counts[3];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void build(void)
{
    for (size_t i = 0; i < karx_i_cipher_count && i < MAX_PRIMS; i++) {
        snprintf(names[0][i], KARX_ALG_NAME_MAX, "cmac-%s", karx_i_ciphers[i]->name);
        ids[0][i] = (uint32_t)karx_i_ciphers[i]->id;
        counts[0]++;
    }
    for (size_t i = 0; i < karx_i_hash_count && i < MAX_PRIMS; i++) {
        snprintf(names[1][i], KARX_ALG_NAME_MAX, "hmac-%s", karx_i_hashes[i]->name);
        ids[1][i] = (uint32_t)karx_i_hashes[i]->id;
        counts[1]++;
    }
    for (size_t i = 0; i < karx_i_cipher_count && i < MAX_PRIMS; i++) {
        if (karx_i_ciphers[i]->block_bytes != 16)
            continue;
        snprintf(names[2][counts[2]], KARX_ALG_NAME_MAX, "gmac-%s", karx_i_ciphers[i]->name);
        ids[2][counts[2]++] = (uint32_t)karx_i_ciphers[i]->id;
    }
}

static const char *lookup(int row, uint32_t id)
{
    pthread_once(&once, build);
    for (size_t i = 0; i < counts[row]; i++)
        if (ids[row][i] == id)
            return names[row][i];
    return NULL;
}

const char *karx_i_cmac_name(uint32_t alg) { return lookup(0, alg); }
const char *karx_i_hmac_name(uint32_t alg) { return lookup(1, alg); }
const char *karx_i_gmac_name(uint32_t alg) { return lookup(2, alg); }
