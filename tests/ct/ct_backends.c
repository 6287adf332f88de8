/* Prints the back ends this process can run, one name a line. scripts/ct-check.sh runs it under
 * valgrind to learn which kernels memcheck can execute (valgrind 3.19 hides AVX-512 in the
 * CPUID it emulates, so karx reports avx512 unsupported there), and natively for comparison. */
#include "ct.h"

int main(void)
{
    for (int b = 0; karx_backend_name((karx_backend)b) != NULL; b++)
        if (karx_backend_supported((karx_backend)b))
            printf("%s\n", karx_backend_name((karx_backend)b));
    return 0;
}
