// karx._karx: KBKDF bindings (karx.kbkdf over karx_kbkdf, include/karx/kbkdf.h).
#include "_karx_internal.h"

#include <karx/kbkdf.h>

#include <algorithm>

namespace karxpy {

namespace {

// A non-negative int argument (TypeError for anything but an int); -1 when it is negative (past
// long long it is clamped, and refused by the caller's range check).
long long count_arg(nb::handle h, const char *what)
{
    long long v = int_arg(h, what);
    return v < 0 ? -1 : v;
}

// The most bytes p can derive (the counter numbers n <= 2^r - 1 blocks, [L] fits its width);
// 0 where p's numbers are themselves invalid (the C call then says why).
unsigned long long max_length(const karx_kbkdf_params &p, size_t h)
{
    if (p.counter_bits % 8 != 0 || p.counter_bits > 32 || p.l_bytes > KARX_KBKDF_MAX_L_BYTES)
        return 0;
    unsigned long long blocks = p.counter_bits == 0 ? 0xffffffffULL : (1ULL << p.counter_bits) - 1;
    unsigned long long most = blocks * h;
    if (p.l_bytes != 0 && p.l_bytes < 8)
        most = std::min(most, ((1ULL << (8 * p.l_bytes)) - 1) / 8);
    return most;
}

nb::bytes kbkdf(const std::string &prf_name, nb::handle key, nb::handle length,
                const std::string &mode, nb::handle label, nb::handle context, nb::handle iv,
                nb::handle counter_bits, nb::handle l_bytes)
{
    karx_kbkdf_params p{};
    karx_alg_info prf = find_alg(KARX_KIND_MAC, prf_name, "MAC");
    p.prf = prf.id;
    const size_t h = karx_kbkdf_prf_bytes(prf.id);
    if (h == 0)
        raise_status(KARX_ERR_UNSUPPORTED, "'" + prf_name + "' is not a KBKDF PRF (use a cmac-* "
                                           "or hmac-* name)");
    if (mode.find('\0') != std::string::npos ||
        karx_kbkdf_mode_from_name(mode.c_str(), &p.mode) != KARX_OK)
        raise_status(KARX_ERR_UNKNOWN_ALGORITHM,
                     "unknown KBKDF mode '" + mode + "' (expected counter, feedback or pipeline)");
    long long r = count_arg(counter_bits, "counter_bits");
    long long lb = l_bytes.is_none() ? 0 : count_arg(l_bytes, "l_bytes");
    p.counter_bits = r < 0 || r > 64 ? 1 : static_cast<unsigned>(r); // 1: refused below
    p.l_bytes = lb < 0 || lb > 8 ? 9 : static_cast<unsigned>(lb);
    if (p.counter_bits % 8 != 0 || p.counter_bits > 32 ||
        (p.counter_bits == 0 && p.mode == KARX_KBKDF_COUNTER))
        raise_status(KARX_ERR_ARGUMENT, std::string("counter_bits must be ") +
                                            (p.mode == KARX_KBKDF_COUNTER ? "8, 16, 24 or 32"
                                                                         : "0, 8, 16, 24 or 32") +
                                            " in " + karx_kbkdf_mode_name(p.mode) + " mode, got " +
                                            arg_str(counter_bits));
    if (p.l_bytes > KARX_KBKDF_MAX_L_BYTES)
        raise_status(KARX_ERR_ARGUMENT, "l_bytes must be None (the fewest bytes, TTAK) or 1 .. 4, "
                                        "got " + arg_str(l_bytes));
    long long n = count_arg(length, "length");
    const unsigned long long most = max_length(p, h);
    if (n < 1 || static_cast<unsigned long long>(n) > most)
        raise_status(KARX_ERR_OUTPUT_LENGTH, "length must be 1 .. " + std::to_string(most) +
                                                 " for this PRF, counter and [L], got " +
                                                 arg_str(length));
    Buf k(key, "key"), la(label, "label"), co(context, "context"), v(iv, "iv");
    p.label = la.p, p.label_len = la.n;
    p.context = co.p, p.context_len = co.n;
    p.iv = v.p, p.iv_len = v.n;
    OutBytes out(static_cast<size_t>(n));
    karx_status st = KARX_OK;
    maybe_nogil(static_cast<size_t>(n) + k.n + la.n + co.n,
                [&] { st = karx_kbkdf(&p, k.p, k.n, out.data(), static_cast<size_t>(n)); });
    if (st == KARX_ERR_KEY_LENGTH)
        raise_status(st, std::string(prf.name) + " key must be " + std::to_string(prf.key_bytes) +
                             " bytes, got " + std::to_string(k.n));
    if (st == KARX_ERR_IV_LENGTH)
        raise_status(st, "iv: only feedback mode takes an IV, got " + std::to_string(v.n) +
                             " bytes in " + karx_kbkdf_mode_name(p.mode) + " mode");
    check(st, "kbkdf");
    return out.finish(static_cast<size_t>(n));
}

} // namespace

void bind_kbkdf(nb::module_ &m)
{
    using namespace nb::literals;
    m.def("kbkdf", &kbkdf, "prf"_a, "key"_a, "length"_a, nb::kw_only(), "mode"_a = "counter",
          "label"_a = nb::bytes("", 0), "context"_a = nb::bytes("", 0), "iv"_a = nb::bytes("", 0),
          "counter_bits"_a = 32, "l_bytes"_a = nb::none(),
          "KBKDF (NIST SP 800-108 / TTAK.KO-12.0272): length bytes from key with a CMAC or HMAC "
          "PRF (\"cmac-lea128\", \"hmac-lsh256-256\", ...) in counter, feedback or pipeline mode. "
          "Each PRF input is [K(i-1) or A(i)] || [i] || label || 0x00 || context || [L]; "
          "l_bytes None writes [L] in the fewest bytes (TTAK), 1 .. 4 in that many.");
}

} // namespace karxpy
