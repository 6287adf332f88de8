// karx._karx: XTS bindings.
#include "_karx_internal.h"

namespace karxpy {

void bind_xts(nb::module_ &m)
{
    (void)m;
}

} // namespace karxpy
