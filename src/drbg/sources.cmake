# CTR_DRBG (SP 800-90A / TTAK.KO-12.0189) over every block cipher: the DRBG (bulk output is
# counter blocks through karx_ecb_encrypt, so it runs on the back end's ECB kernels), the OS
# entropy source and the fork guard.
list(APPEND KARX_SOURCES src/drbg/ctr_drbg.c src/drbg/os_entropy.c src/drbg/fork_guard.c)
