/* The host side of CTR_DRBG on the GPU. A generate call's output is E_Key(V+1), E_Key(V+2), ...;
 * the state chain (additional-input update, V advance, closing update) costs a few block
 * encryptions per call and runs here on the CPU, recording each call's Key and first counter;
 * the GPU then produces every call's keystream at once (thread per block, key per call). The
 * result equals the same calls of karx_ctr_drbg_generate bit for bit. Plain C, so the CPU tests
 * check the plan with an emulated kernel. */
#ifndef KARX_GPU_DRBG_PLAN_H
#define KARX_GPU_DRBG_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "karx/drbg.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Calls needed for len bytes of one DRBG (each at most KARX_CTR_DRBG_MAX_REQUEST_BYTES). */
size_t karx_i_gpu_drbg_calls(size_t len);

/* Checks that all the calls may run now (ready, no prediction resistance, within the reseed
 * interval, valid additional input): on failure nothing is changed. */
karx_status karx_i_gpu_drbg_check(const karx_ctr_drbg *d, size_t len, const uint8_t *add,
                                  size_t add_len);

/* Runs the state chain of karx_i_gpu_drbg_calls(len) generate calls (the first len bytes split
 * into full requests, the same additional input for each), writing call r's key to keys[r]
 * and its first counter block (V+1, big-endian, blocklen bytes) to ctrs + r * blocklen. Call
 * karx_i_gpu_drbg_check first. */
void karx_i_gpu_drbg_plan(karx_ctr_drbg *d, size_t len, const uint8_t *add, size_t add_len,
                          karx_cipher_key *keys, uint8_t *ctrs);

#ifdef __cplusplus
}
#endif

#endif
