// karx._karx: the nanobind module under the karx Python package (python/src/karx/). This file
// defines the module, its errors and back ends, and the algorithm registry (karx.algorithms,
// karx.kernels, karx.selftest); each family's bindings are in their own _karx_*.cpp file.
#include <nanobind/stl/optional.h>

#include <climits>
#include <optional>

#include "_karx_internal.h"

namespace karxpy {
namespace {

using namespace nb::literals;

// ---------------------------------------------------------------- kinds

const struct {
    const char *name;
    karx_alg_kind kind;
} KINDS[] = {{"cipher", KARX_KIND_CIPHER},
             {"mode", KARX_KIND_MODE},
             {"hash", KARX_KIND_HASH},
             {"mac", KARX_KIND_MAC}};

const char *kind_name(karx_alg_kind kind)
{
    for (const auto &k : KINDS)
        if (k.kind == kind)
            return k.name;
    return "algorithm";
}

// None: any kind; else one of the KINDS names.
karx_alg_kind kind_arg(nb::handle kind)
{
    if (kind.is_none())
        return KARX_KIND_ANY;
    if (!PyUnicode_Check(kind.ptr()))
        raise_type("kind: expected str or None, got " + tp_name_of(kind));
    std::string s = nb::cast<std::string>(kind);
    for (const auto &k : KINDS)
        if (s == k.name)
            return k.kind;
    raise_status(KARX_ERR_ARGUMENT,
                 "kind must be 'cipher', 'mode', 'hash', 'mac' or None, got '" + s + "'");
}

// ---------------------------------------------------------------- the registry

// One algorithm as the tuple karx.Algorithm is made from (python/src/karx/_registry.py).
nb::tuple alg_tuple(const karx_alg_info &a)
{
    return nb::make_tuple(a.name, a.std_name, kind_name(a.kind), a.id, a.block_bytes,
                          a.key_bytes, a.output_bytes, a.segment_bytes, a.has_iv != 0,
                          a.kernel ? a.kernel : "");
}

nb::list algorithms(nb::handle kind)
{
    karx_alg_kind want = kind_arg(kind);
    nb::list l;
    karx_alg_info a;
    for (size_t i = 0; karx_alg_get(i, &a) == KARX_OK; i++)
        if (want == KARX_KIND_ANY || a.kind == want)
            l.append(alg_tuple(a));
    return l;
}

// Every mode (karx_mode_get) as the tuple karx.Mode is made from: its names, shape, id, the
// cipher blocks it runs on, key parts, approval, and the short names of the ciphers it takes.
nb::list modes()
{
    static const char *const SHAPES[] = {"", "block", "aead", "xts"};
    nb::list l;
    karx_mode_info m;
    karx_alg_info c;
    for (size_t i = 0; karx_mode_get(i, &m) == KARX_OK; i++) {
        nb::list ciphers;
        for (size_t j = 0; karx_alg_get(j, &c) == KARX_OK; j++)
            if (c.kind == KARX_KIND_CIPHER && karx_mode_key_bytes(&m, c.id) != 0)
                ciphers.append(c.name);
        l.append(nb::make_tuple(m.name, m.std_name, SHAPES[m.shape], m.id, m.min_block,
                                m.max_block, m.key_parts, m.approved != 0, nb::tuple(ciphers)));
    }
    return l;
}

nb::tuple find(const std::string &name, nb::handle kind)
{
    karx_alg_kind k = kind_arg(kind);
    return alg_tuple(find_alg(k, name, kind_name(k)));
}

// The cipher or hash whose kernels run name: a MAC runs on its primitive's.
karx_alg_info kernel_owner(const std::string &name)
{
    karx_alg_info a = find_alg(KARX_KIND_ANY, name, "algorithm");
    if (a.kind == KARX_KIND_MAC) {
        karx_alg_kind prim = KARX_MAC_FAMILY(a.id) == KARX_MAC_HMAC ? KARX_KIND_HASH : KARX_KIND_CIPHER;
        check(karx_alg_by_id(prim, KARX_MAC_PRIM(a.id), &a), name);
    }
    if (a.kind != KARX_KIND_CIPHER && a.kind != KARX_KIND_HASH)
        raise_status(KARX_ERR_ARGUMENT, "'" + name + "' is a " + kind_name(a.kind) +
                                            ": it runs on its cipher's kernels, name the cipher");
    return a;
}

nb::list kernels(const std::string &name)
{
    karx_alg_info a = kernel_owner(name);
    nb::list l;
    size_t n = karx_alg_kernel_count(a.kind, a.id);
    for (size_t i = 0; i < n; i++) {
        karx_kernel_info k;
        check(karx_alg_kernel(a.kind, a.id, i, &k), name);
        const char *backend = karx_backend_name(k.backend);
        l.append(nb::make_tuple(k.name, backend ? backend : "", k.cpu_features, k.priority,
                                k.lanes, k.usable != 0, k.active != 0));
    }
    return l;
}

// Every self-test of the library (name None: every kernel, construction and the entropy
// start-up test, karx_selftest; in the approved mode a pass leaves the error state), or the
// kernels of one algorithm.
void selftest(const std::optional<std::string> &name)
{
    karx_status st;
    if (!name) {
        {
            nb::gil_scoped_release rel;
            st = karx_selftest();
        }
        check(st, "self-test");
        return;
    }
    const std::string &nm = *name;
    karx_alg_info a = kernel_owner(nm);
    size_t n = karx_alg_kernel_count(a.kind, a.id);
    for (size_t i = 0; i < n; i++) {
        karx_kernel_info k;
        check(karx_alg_kernel(a.kind, a.id, i, &k), nm);
        if (!k.usable)
            continue;
        {
            nb::gil_scoped_release rel;
            st = karx_alg_kernel_selftest(a.kind, a.id, i);
        }
        check(st, std::string("self-test of ") + a.name + " kernel " + k.name);
    }
}

// ---------------------------------------------------------------- back ends

void set_backend(const std::string &name)
{
    karx_backend b;
    if (name.find('\0') != std::string::npos || karx_backend_from_name(name.c_str(), &b) != KARX_OK)
        raise_status(KARX_ERR_UNKNOWN_ALGORITHM, "unknown back end '" + name + "'");
    karx_status st = karx_set_backend(b);
    if (st == KARX_ERR_UNSUPPORTED)
        raise_status(st, "back end '" + name + "' is not supported on this CPU");
    check(st, "set_backend");
}

} // namespace

void bind_registry(nb::module_ &m)
{
    m.def("_register_errors", &register_errors, "mapping"_a);
    m.def("_raise_status",
          [](int st, const std::string &msg) { raise_status(static_cast<karx_status>(st), msg); },
          "status"_a, "message"_a, "Raises the exception registered for a status (for tests).");
    m.def("strerror",
          [](nb::handle status) {
              long long v = int_arg(status, "status");
              int st = v < INT_MIN || v > INT_MAX ? INT_MIN : static_cast<int>(v); // unknown
              return std::string(karx_strerror(static_cast<karx_status>(st)));
          },
          "status"_a, "The C library's sentence for a status (any int; 'unknown status' if none).");
    m.def("_pool_cache", &pool_cache,
          "[(threads, users)] of the threads= pools now cached (for tests).");
    m.def("version", [] { return std::string(karx_version()); });
    m.def("backend", [] { return std::string(karx_backend_name(karx_get_backend())); },
          "The SIMD back end in use (portable, sse2, ssse3, avx2, avx512, neon).");
    m.def("set_backend", &set_backend, "name"_a);
    m.def("_algorithms", &algorithms, "kind"_a.none() = nb::none());
    m.def("_find", &find, "name"_a, "kind"_a.none() = nb::none());
    m.def("_modes", &modes);
    m.def("_kernels", &kernels, "name"_a);
    m.def("selftest", &selftest, "name"_a.none() = nb::none(),
          "Every self-test: each usable kernel, each construction, the entropy start-up test "
          "(or the kernels of one algorithm); raises SelfTestError on a wrong answer.");
    m.def(
        "set_approved_mode", [](bool on) { check(karx_set_approved_mode(on ? 1 : 0), "set_approved_mode"); },
        "on"_a, "Turns the KCMVP approved mode on or off (docs/VALIDATION.md).");
    m.def("approved_mode", [] { return karx_approved_mode() != 0; });
    m.def("in_error_state", [] { return karx_in_error_state() != 0; });
    m.def("last_service_approved", [] { return karx_last_service_approved() != 0; },
          "This thread's service indicator: True when the approved mode is on and the last "
          "service was an approved algorithm.");
}

} // namespace karxpy

NB_MODULE(_karx, m)
{
    m.doc() = "karx C library binding (use the karx package, not this module)";
    karxpy::bind_registry(m);
    karxpy::bind_hash(m);
    karxpy::bind_cipher(m);
    karxpy::bind_aead(m);
    karxpy::bind_drbg(m);
    karxpy::bind_gpu(m);
    karxpy::bind_xts(m);
    karxpy::bind_gmac(m);
    karxpy::bind_kbkdf(m);
    karxpy::bind_jobs(m);
}
