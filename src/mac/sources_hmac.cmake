# HMAC-LSH and PBKDF2-HMAC-LSH (portable C over the LSH by-id calls and kernel tables).
list(APPEND KARX_SOURCES src/mac/hmac.c src/mac/pbkdf2.c)
