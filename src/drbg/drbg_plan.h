/* Many CTR_DRBG generate calls planned at once, for the thread pool (src/pool/par_drbg.c) and the
 * GPU (src/gpu/gpu_cipher.cu). A generate call's output is E_Key(V+1), E_Key(V+2), ...; the
 * state chain (additional-input update, V advance, closing update) costs a few block
 * encryptions per call and runs here, recording each call's Key and first counter; the pool's
 * threads or the GPU then produce every call's keystream at once (block by block, key per call). The
 * result equals the same calls of karx_ctr_drbg_generate bit for bit. Plain C, so the CPU tests
 * check the plan with an emulated kernel. */
#ifndef KARX_DRBG_PLAN_H
#define KARX_DRBG_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "karx/drbg.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Calls needed for len bytes of one DRBG (each at most KARX_CTR_DRBG_MAX_REQUEST_BYTES). */
size_t karx_i_drbg_plan_calls(size_t len);

/* Checks that all the calls may run now (ready, no prediction resistance, within the reseed
 * interval, valid additional input): on failure nothing is changed. */
karx_status karx_i_drbg_plan_check(const karx_ctr_drbg *d, size_t len, const uint8_t *add,
                                  size_t add_len);

/* Runs the state chain of karx_i_drbg_plan_calls(len) generate calls (the first len bytes split
 * into full requests, the same additional input for each), writing call r's key to keys[r]
 * and its first counter block (V+1, big-endian, blocklen bytes) to ctrs + r * blocklen. Call
 * karx_i_drbg_plan_check first. */
void karx_i_drbg_plan(karx_ctr_drbg *d, size_t len, const uint8_t *add, size_t add_len,
                          karx_cipher_key *keys, uint8_t *ctrs);

#ifdef __cplusplus
}
#endif

#endif
