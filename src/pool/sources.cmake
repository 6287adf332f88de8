# The caller-owned thread pool (include/karx/pool.h): pool.c is the only file in the library that
# starts threads, and only when the caller asks for a pool. par_*.c are the bulk calls on a pool
# (the *_pool functions of cipher.h, xts.h, lsh.h, drbg.h), over the single-threaded calls.
list(APPEND KARX_SOURCES src/pool/pool.c src/pool/par_cipher.c src/pool/par_stream.c
  src/pool/par_xts.c src/pool/par_lsh.c src/pool/par_drbg.c)
# The record-job _pool calls (hmac_jobs.c, ctr_jobs.c, ccm_jobs.c): a batch cut into runs of jobs.
list(APPEND KARX_SOURCES src/pool/par_jobs.c)
