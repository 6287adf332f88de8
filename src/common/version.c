#include "karx/common.h"

const char *karx_version(void) { return KARX_VERSION_STRING; }
unsigned karx_version_number(void) { return KARX_VERSION_NUMBER; }
