// karx._karx: KBKDF bindings.
#include "_karx_internal.h"

namespace karxpy {

void bind_kbkdf(nb::module_ &m)
{
    (void)m;
}

} // namespace karxpy
