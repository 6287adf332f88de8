# CTR_DRBG (SP 800-90A / TTAK.KO-12.0189) over every block cipher; one portable file (bulk output
# is karx_ctr_xor, so it runs on the back end's CTR kernels).
list(APPEND KARX_SOURCES src/drbg/ctr_drbg.c)
