/* Names of the composed MACs ("cmac-lea128", "hmac-lsh512-256"), for the calls that return a
 * name as a const char *: built once from the descriptors, so adding a cipher or hash adds its
 * MAC names with no list to edit. */
#include <pthread.h>
#include <stdio.h>

#include "registry.h"

#define MAX_PRIMS 32 /* more ciphers or hashes than this get no composed name (NULL) */

static char cmac_names[MAX_PRIMS][KARX_ALG_NAME_MAX];
static char hmac_names[MAX_PRIMS][KARX_ALG_NAME_MAX];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void build(void)
{
    for (size_t i = 0; i < karx_i_cipher_count && i < MAX_PRIMS; i++)
        snprintf(cmac_names[i], KARX_ALG_NAME_MAX, "cmac-%s", karx_i_ciphers[i]->name);
    for (size_t i = 0; i < karx_i_hash_count && i < MAX_PRIMS; i++)
        snprintf(hmac_names[i], KARX_ALG_NAME_MAX, "hmac-%s", karx_i_hashes[i]->name);
}

const char *karx_i_cmac_name(uint32_t alg)
{
    pthread_once(&once, build);
    for (size_t i = 0; i < karx_i_cipher_count && i < MAX_PRIMS; i++)
        if ((uint32_t)karx_i_ciphers[i]->id == alg)
            return cmac_names[i];
    return NULL;
}

const char *karx_i_hmac_name(uint32_t alg)
{
    pthread_once(&once, build);
    for (size_t i = 0; i < karx_i_hash_count && i < MAX_PRIMS; i++)
        if ((uint32_t)karx_i_hashes[i]->id == alg)
            return hmac_names[i];
    return NULL;
}
