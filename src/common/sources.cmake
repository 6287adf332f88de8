# Statuses and their messages, the version, and the wipe that the compiler may not remove.
list(APPEND KARX_SOURCES src/common/status.c src/common/version.c src/common/memzero.c)
