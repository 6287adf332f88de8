# Key derivation over the registry's MACs, portable C: KBKDF (NIST SP 800-108 / TTAK.KO-12.0272)
# in counter, feedback and double-pipeline modes, with an HMAC-LSH or CMAC PRF.
list(APPEND KARX_SOURCES src/kdf/kbkdf.c src/kdf/kbkdf_prf.c)
