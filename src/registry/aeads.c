/* The AEAD modes' list (karx/aead.h), apart from registry.c: the modes' descriptors reach the
 * mode code, which calls registry.c's lookups, so one file holding both lists would be a call
 * circle (scripts/check-cycles.py). Compact builds carry no src/aead and no list. */
#include "registry.h"

#if !defined(KARX_COMPACT)
extern const karx_i_aead karx_i_gcm_aead_desc, karx_i_ccm_aead_desc;
/* in id order */
const karx_i_aead *const karx_i_aeads[] = {&karx_i_gcm_aead_desc, &karx_i_ccm_aead_desc};
const size_t karx_i_aead_count = sizeof karx_i_aeads / sizeof karx_i_aeads[0];
#else
const karx_i_aead *const karx_i_aeads[] = {NULL};
const size_t karx_i_aead_count = 0;
#endif

KARX_I_DESC_BY_ID(karx_i_aead, karx_i_aead_desc, karx_i_aeads, karx_i_aead_count)
KARX_I_DESC_BY_NAME(karx_i_aead, karx_i_aead_by_name, karx_i_aeads, karx_i_aead_count)
