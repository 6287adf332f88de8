/* The LSH kernel selection follows karx_set_backend at every switch, although the selection is
 * remembered per back end (lsh_dispatch.c): each supported back end, visited forwards, backwards
 * and alternating with portable, must give the kernel table of that back end (every back end
 * has LSH kernels of its own, named as the back end). */
#include <stdio.h>
#include <string.h>

#include "karx/karx.h"
#include "lsh/lsh_internal.h"

static int failures;

static void check(karx_backend b)
{
    if (!karx_backend_supported(b))
        return;
    if (karx_set_backend(b) != KARX_OK) {
        printf("FAIL: karx_set_backend(%s)\n", karx_backend_name(b));
        failures++;
        return;
    }
    const char *want = karx_backend_name(b);
    const char *k256 = karx_i_lsh256_kernels()->name, *k512 = karx_i_lsh512_kernels()->name;
    if (strcmp(k256, want) != 0 || strcmp(k512, want) != 0) {
        printf("FAIL: back end %s runs LSH-256 kernel %s, LSH-512 kernel %s\n", want, k256, k512);
        failures++;
    }
}

int main(void)
{
    int n = 0;
    while (karx_backend_name((karx_backend)n) != NULL)
        n++;
    for (int b = 0; b < n; b++)
        check((karx_backend)b);
    for (int b = n - 1; b >= 0; b--)
        check((karx_backend)b);
    for (int b = n - 1; b >= 0; b--) {
        check(KARX_BACKEND_PORTABLE);
        check((karx_backend)b);
    }
    check(karx_backend_best());
    printf("%s\n", failures ? "lsh_select: FAILED" : "lsh_select: ok");
    return failures != 0;
}
