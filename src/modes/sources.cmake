# Modes of operation, written once over the block-kernel tables (block_kernels.h).
list(APPEND KARX_SOURCES
  src/modes/cipher.c src/modes/ecb.c src/modes/cbc.c src/modes/ctr.c src/modes/cfb.c
  src/modes/ofb.c src/modes/stream.c src/modes/mode_desc.c
  src/modes/xts.c src/modes/xts_blocks.c src/modes/xts_stream.c)
# Many CBC encryptions / CBC-MAC chains under one key in the lanes of the ECB kernel (issue 18).
list(APPEND KARX_SOURCES src/modes/cbc_many.c)
# Record jobs (issue 26): CTR over many messages, each under its own key, in the lane kernels.
list(APPEND KARX_SOURCES src/modes/ctr_jobs.c)
