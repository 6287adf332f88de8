/* Where the LSH tables live: ordinary read-only data on the CPU, constant memory on the GPU. */
#ifndef KARX_LSH_CONFIG_H
#define KARX_LSH_CONFIG_H

#ifdef __CUDACC__
#define KARX_LSH_CONST static __device__ __constant__ const
#else
#define KARX_LSH_CONST static const
#endif

#endif
