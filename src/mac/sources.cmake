# MACs and the KDF, portable C: CMAC (NIST SP 800-38B) over every block cipher (the chain runs on
# the cipher's single-block kernel); HMAC-LSH and PBKDF2-HMAC-LSH over the LSH by-id calls and
# kernel tables.
list(APPEND KARX_SOURCES src/mac/cmac.c src/mac/hmac.c src/mac/pbkdf2.c)
# Many messages under one key (issue 18): CMAC over the multi-message CBC chain, HMAC-LSH over
# the LSH multi-buffer kernel.
list(APPEND KARX_SOURCES src/mac/cmac_many.c src/mac/hmac_many.c)
# Record jobs (issue 26): HMAC-LSH of many messages, each under its own key, in the lanes of the
# LSH multi-buffer kernels.
list(APPEND KARX_SOURCES src/mac/hmac_jobs.c)
