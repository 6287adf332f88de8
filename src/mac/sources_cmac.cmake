# CMAC (NIST SP 800-38B) over every block cipher; one portable file (the chain runs on the
# cipher's single-block kernel).
list(APPEND KARX_SOURCES src/mac/cmac.c)
