# The DRBGs of SP 800-90A: CTR_DRBG (SP 800-90A / TTAK.KO-12.0189) over every block cipher (bulk
# output is counter blocks through karx_ecb_encrypt, so it runs on the back end's ECB kernels);
# Hash_DRBG and HMAC_DRBG over every LSH variant (their public calls written once in lsh_drbg.c
# and lsh_drbg_calls.h);
# what all three share (drbg_common.c), their names, any of them by type (drbg_any.c), the OS
# entropy source, the fork guard, and the plan of many CTR_DRBG calls whose keystream runs at
# once (drbg_plan.c: the pool's and the GPU's batch DRBG).
list(APPEND KARX_SOURCES src/drbg/ctr_drbg.c src/drbg/hash_drbg.c src/drbg/hmac_drbg.c
  src/drbg/lsh_drbg.c src/drbg/drbg_common.c src/drbg/drbg_names.c src/drbg/drbg_any.c
  src/drbg/os_entropy.c
  src/drbg/fork_guard.c src/drbg/drbg_plan.c)
