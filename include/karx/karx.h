/* karx: umbrella header. */
#ifndef KARX_H
#define KARX_H

#include "common.h"
#include "cpu.h"
#include "lsh.h"

#endif
