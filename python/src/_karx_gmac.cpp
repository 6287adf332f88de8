// karx._karx: GMAC bindings.
#include "_karx_internal.h"

namespace karxpy {

void bind_gmac(nb::module_ &m)
{
    (void)m;
}

} // namespace karxpy
