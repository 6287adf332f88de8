# CCM (SP 800-38C) over the 128-bit-block ciphers, built on the public mode calls.
list(APPEND KARX_SOURCES src/aead/ccm.c)
