/* karx: umbrella header. */
#ifndef KARX_H
#define KARX_H

#include "aead.h"
#include "aria.h"
#include "ccm.h"
#include "cham.h"
#include "cipher.h"
#include "cmac.h"
#include "common.h"
#include "cpu.h"
#include "drbg.h"
#include "gcm.h"
#include "gmac.h"
#include "gpu.h"
#include "hight.h"
#include "hmac.h"
#include "kbkdf.h"
#include "lea.h"
#include "lsh.h"
#include "pool.h"
#include "registry.h"
#include "selftest.h"
#include "xts.h"

#endif
