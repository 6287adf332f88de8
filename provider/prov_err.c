/* Errors the provider raises: through the core's error upcalls, so OpenSSL attributes them to
 * this provider and prints our reason strings. */
#include <stdio.h>

#include <openssl/err.h>

#include "prov.h"

static OSSL_FUNC_core_new_error_fn *up_new_error;
static OSSL_FUNC_core_set_error_debug_fn *up_set_debug;
static OSSL_FUNC_core_vset_error_fn *up_vset_error;

void karx_prov_err_init(const OSSL_DISPATCH *in)
{
    for (; in->function_id != 0; in++) {
        switch (in->function_id) {
        case OSSL_FUNC_CORE_NEW_ERROR: up_new_error = OSSL_FUNC_core_new_error(in); break;
        case OSSL_FUNC_CORE_SET_ERROR_DEBUG: up_set_debug = OSSL_FUNC_core_set_error_debug(in); break;
        case OSSL_FUNC_CORE_VSET_ERROR: up_vset_error = OSSL_FUNC_core_vset_error(in); break;
        default: break;
        }
    }
}

static const OSSL_ITEM reasons[] = {
    {KARX_PROV_R_BAD_ARGUMENT, "bad argument"},
    {KARX_PROV_R_KEY_LENGTH, "invalid key length"},
    {KARX_PROV_R_IV_LENGTH, "invalid iv length"},
    {KARX_PROV_R_TAG_LENGTH, "invalid tag length"},
    {KARX_PROV_R_TAG_MISMATCH, "tag mismatch (message not authentic)"},
    {KARX_PROV_R_DATA_LENGTH, "invalid data length"},
    {KARX_PROV_R_OUTPUT_TOO_SMALL, "output buffer too small"},
    {KARX_PROV_R_NOT_INITIALIZED, "not initialized (no key or iv set)"},
    {KARX_PROV_R_BAD_PARAM, "invalid parameter"},
    {KARX_PROV_R_COUNTER_OVERFLOW, "counter would wrap"},
    {KARX_PROV_R_RESEED_REQUIRED, "drbg must be reseeded"},
    {KARX_PROV_R_ENTROPY, "no entropy"},
    {KARX_PROV_R_UNSUPPORTED, "unsupported"},
    {KARX_PROV_R_SELFTEST, "self-test failed"},
    {KARX_PROV_R_INTERNAL, "internal error"},
    {KARX_PROV_R_BAD_DECRYPT, "bad decrypt (wrong padding)"},
    {0, NULL}};

const OSSL_ITEM *karx_prov_reason_strings(void)
{
    return reasons;
}

static void verr(const karx_prov_ctx *pc, int reason, const char *fmt, va_list ap)
{
    if (pc != NULL && up_new_error != NULL && up_vset_error != NULL) {
        up_new_error(pc->handle);
        if (up_set_debug != NULL)
            up_set_debug(pc->handle, NULL, 0, NULL);
        up_vset_error(pc->handle, (uint32_t)reason, fmt, ap);
        return;
    }
    char detail[256] = "";
    if (fmt != NULL)
        vsnprintf(detail, sizeof detail, fmt, ap);
    ERR_raise_data(ERR_LIB_PROV, reason, "%s", detail);
}

void karx_prov_err(const karx_prov_ctx *pc, int reason, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr(pc, reason, fmt, ap);
    va_end(ap);
}

int karx_prov_reason(karx_status st)
{
    switch (st) {
    case KARX_ERR_KEY_LENGTH: return KARX_PROV_R_KEY_LENGTH;
    case KARX_ERR_IV_LENGTH: return KARX_PROV_R_IV_LENGTH;
    case KARX_ERR_AUTHENTICATION: return KARX_PROV_R_TAG_MISMATCH;
    case KARX_ERR_DATA_LENGTH: return KARX_PROV_R_DATA_LENGTH;
    case KARX_ERR_OUTPUT_LENGTH: return KARX_PROV_R_OUTPUT_TOO_SMALL;
    case KARX_ERR_STATE: return KARX_PROV_R_NOT_INITIALIZED;
    case KARX_ERR_COUNTER_OVERFLOW: return KARX_PROV_R_COUNTER_OVERFLOW;
    case KARX_ERR_RESEED_REQUIRED: return KARX_PROV_R_RESEED_REQUIRED;
    case KARX_ERR_ENTROPY: return KARX_PROV_R_ENTROPY;
    case KARX_ERR_UNSUPPORTED: return KARX_PROV_R_UNSUPPORTED;
    case KARX_ERR_SELFTEST: return KARX_PROV_R_SELFTEST;
    case KARX_ERR_ARGUMENT: return KARX_PROV_R_BAD_ARGUMENT;
    case KARX_ERR_PADDING: return KARX_PROV_R_BAD_DECRYPT;
    case KARX_ERR_UNKNOWN_ALGORITHM: return KARX_PROV_R_UNSUPPORTED;
    default: return KARX_PROV_R_INTERNAL;
    }
}

void karx_prov_status_err(const karx_prov_ctx *pc, karx_status st, const char *what)
{
    karx_prov_err(pc, karx_prov_reason(st), "%s: %s", what ? what : "karx", karx_strerror(st));
}

int karx_prov_ok(const karx_prov_ctx *pc, karx_status st, const char *what)
{
    if (st == KARX_OK)
        return 1;
    karx_prov_status_err(pc, st, what);
    return 0;
}

int karx_prov_outl_start(const karx_prov_ctx *pc, size_t *outl)
{
    if (outl == NULL) {
        karx_prov_err(pc, KARX_PROV_R_BAD_ARGUMENT, "NULL output length");
        return 0;
    }
    *outl = 0;
    return 1;
}

int karx_prov_out_room(const karx_prov_ctx *pc, const unsigned char *out, size_t outsize,
                       size_t need)
{
    if (out == NULL || outsize >= need)
        return 1;
    karx_prov_err(pc, KARX_PROV_R_OUTPUT_TOO_SMALL, "%zu bytes for %zu", outsize, need);
    return 0;
}
