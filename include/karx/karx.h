/* karx: umbrella header. */
#ifndef KARX_H
#define KARX_H

#include "cham.h"
#include "cipher.h"
#include "common.h"
#include "cpu.h"
#include "hight.h"
#include "lea.h"
#include "lsh.h"

#endif
