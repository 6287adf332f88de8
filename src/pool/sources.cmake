# The caller-owned thread pool (include/karx/pool.h): pool.c is the only file in the library that
# starts threads, and only when the caller asks for a pool.
list(APPEND KARX_SOURCES src/pool/pool.c)
