#include "karx/common.h"

const char *karx_strerror(karx_status status)
{
    switch (status) {
    case KARX_OK: return "success";
    case KARX_ERR_ARGUMENT: return "invalid argument (NULL pointer or bad value)";
    case KARX_ERR_KEY_LENGTH: return "invalid key length";
    case KARX_ERR_IV_LENGTH: return "invalid IV or nonce length";
    case KARX_ERR_OUTPUT_LENGTH: return "output buffer too small or output length unsupported";
    case KARX_ERR_DATA_LENGTH: return "invalid input length";
    case KARX_ERR_PADDING: return "invalid padding";
    case KARX_ERR_STATE: return "call not allowed in the current state";
    case KARX_ERR_COUNTER_OVERFLOW: return "counter would wrap";
    case KARX_ERR_RESEED_REQUIRED: return "DRBG must be reseeded";
    case KARX_ERR_UNSUPPORTED: return "not supported by this build or CPU";
    case KARX_ERR_NO_DEVICE: return "no GPU device available";
    case KARX_ERR_DEVICE: return "GPU device error";
    case KARX_ERR_NO_MEMORY: return "out of memory";
    case KARX_ERR_AUTHENTICATION: return "authentication failed (tag mismatch)";
    case KARX_ERR_UNKNOWN_ALGORITHM: return "unknown algorithm name";
    case KARX_ERR_ENTROPY: return "OS entropy source failed";
    case KARX_ERR_SELFTEST: return "self-test failed (approved mode: error state)";
    case KARX_ERR_NOT_APPROVED: return "algorithm not approved (approved mode)";
    }
    return "unknown status";
}
