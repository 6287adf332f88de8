/* The modes' registry entries. Every mode runs on every cipher whose block is at least
 * min_block bytes; nothing here is per cipher. */
#include "../registry/registry.h"

const karx_i_mode karx_i_modes[] = {
    {KARX_MODE_ECB, "ecb", "ECB", NULL, 0, 8, 0, 1},
    {KARX_MODE_CBC, "cbc", "CBC", NULL, 0, 8, 1, 1},
    {KARX_MODE_CTR, "ctr", "CTR", NULL, 0, 8, 1, 1},
    {KARX_MODE_CFB, "cfb", "CFB", "cfb128", 0, 8, 1, 1},
    {KARX_MODE_CFB8, "cfb8", "CFB-8", NULL, 1, 8, 1, 1},
    {KARX_MODE_CFB64, "cfb64", "CFB-64", NULL, 8, 8, 1, 1},
    {KARX_MODE_OFB, "ofb", "OFB", NULL, 0, 8, 1, 1},
};
const size_t karx_i_mode_count = sizeof karx_i_modes / sizeof karx_i_modes[0];

/* XTS: facts only (its calls are xts.h's); compact builds have no XTS and no mode list
 * (src/registry/modes.c) to read it. */
#if !defined(KARX_COMPACT)
static const karx_i_xts xts_desc = {
    .name = "xts", .std_name = "XTS", .block_bytes = 16, .key_parts = 2, .tweak_bytes = 16,
    .unit_min = 16, .approved = 0};
const karx_i_xts *const karx_i_xts_modes[] = {&xts_desc};
const size_t karx_i_xts_count = 1;
#endif
