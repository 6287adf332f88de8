# MACs and the KDF, portable C: CMAC (NIST SP 800-38B) over every block cipher (the chain runs on
# the cipher's single-block kernel); HMAC-LSH and PBKDF2-HMAC-LSH over the LSH by-id calls and
# kernel tables.
list(APPEND KARX_SOURCES src/mac/cmac.c src/mac/hmac.c src/mac/pbkdf2.c)
