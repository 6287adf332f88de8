// karx._karx: XTS (IEEE 1619, SP 800-38E) as karx.XTS: one scheduled key pair, then one-shot
// encrypt / decrypt of one data unit or of consecutive sectors (unit i under tweak + i).
// The scheduled key is only read after construction (the C API allows concurrent use), so one
// object may be shared between threads without a lock, as the AEAD classes are.
#include "_karx_internal.h"

namespace karxpy {
namespace {

using namespace nb::literals;

// The tweak: 16 bytes, or an int in [0, 2**128) written little-endian (a data unit number, as
// dm-crypt's plain64 IV).
struct Tweak {
    uint8_t t[KARX_XTS_TWEAK_BYTES];

    explicit Tweak(nb::handle h)
    {
        if (PyBool_Check(h.ptr()))
            raise_type("tweak: expected 16 bytes or an int, got bool");
        if (PyLong_Check(h.ptr())) {
            from_int(h);
            return;
        }
        Buf b(h, "tweak");
        if (b.n != KARX_XTS_TWEAK_BYTES)
            raise_status(KARX_ERR_IV_LENGTH,
                         "XTS tweak must be 16 bytes, got " + std::to_string(b.n));
        std::memcpy(t, b.p, sizeof t);
    }
    Tweak(const Tweak &) = delete;
    ~Tweak() { karx_memzero(t, sizeof t); }

    void from_int(nb::handle h)
    {
        nb::object v = nb::borrow(h);
        if (PyObject_RichCompareBool(v.ptr(), nb::int_(0).ptr(), Py_LT) == 1 ||
            nb::cast<size_t>(v.attr("bit_length")()) > 8 * KARX_XTS_TWEAK_BYTES)
            raise_status(KARX_ERR_IV_LENGTH,
                         "XTS tweak as an int must be in [0, 2**128), got " +
                             arg_str(v));
        nb::bytes b = nb::cast<nb::bytes>(v.attr("to_bytes")(KARX_XTS_TWEAK_BYTES, "little"));
        std::memcpy(t, b.c_str(), sizeof t);
    }
};

// sector_size: None (one data unit) or an int >= 16; returns 0 for None.
size_t sector_arg(nb::handle h)
{
    if (h.is_none())
        return 0;
    if (!PyIndex_Check(h.ptr()) || PyBool_Check(h.ptr()))
        raise_type("sector_size: expected int or None, got " + tp_name_of(h));
    long long v = int_arg(h, "sector_size");
    if (v > 0 && static_cast<unsigned long long>(v) >= SIZE_MAX)
        return SIZE_MAX; // longer than any input: the whole input is one unit
    if (v < 16)
        raise_status(KARX_ERR_ARGUMENT,
                     "XTS sector_size must be at least 16 bytes, got " + arg_str(h));
    return static_cast<size_t>(v);
}

struct Xts {
    karx_xts_key key;
    karx_cipher_alg alg;
    size_t key_len; // both halves

    Xts(const std::string &cipher, nb::handle k_)
    {
        std::memset(&key, 0, sizeof key);
        alg = cipher_alg(cipher);
        std::string name = karx_cipher_name(alg);
        karx_mode_info xts; // the mode's facts, from the registry
        check(karx_mode_find("xts", &xts), "XTS");
        size_t want = karx_mode_key_bytes(&xts, alg);
        if (want == 0)
            raise_status(KARX_ERR_UNSUPPORTED,
                         "XTS needs a " + std::to_string(8 * xts.min_block) +
                             "-bit-block cipher, not " + name + " (" +
                             std::to_string(8 * karx_cipher_block_bytes(alg)) + "-bit block)");
        Buf k(k_, "key");
        if (k.n != want)
            raise_status(KARX_ERR_KEY_LENGTH,
                         name + " XTS key must be " + std::to_string(want) +
                             " bytes (a data key and a tweak key, " +
                             std::to_string(want / xts.key_parts) + " bytes each), got " +
                             std::to_string(k.n));
        karx_status st = karx_xts_set_key(&key, alg, k.p, k.n);
        if (st == KARX_ERR_ARGUMENT)
            raise_status(st, "XTS key halves (data key, tweak key) are equal: such a key pair "
                             "is refused");
        check(st, name + " XTS key");
        key_len = k.n;
    }
    Xts(const Xts &) = delete;
    ~Xts() { karx_xts_key_wipe(&key); }

    // One data unit, or consecutive sectors; in and out may be the same buffer (exactly).
    void run(bool enc, const Tweak &tw, size_t sector, uint8_t *out, const uint8_t *in, size_t n,
             unsigned threads) const
    {
        if (n < 16)
            raise_status(KARX_ERR_DATA_LENGTH,
                         "XTS data must be at least 16 bytes, got " + std::to_string(n));
        if (sector && n % sector != 0 && n % sector < 16)
            raise_status(KARX_ERR_DATA_LENGTH,
                         "XTS last data unit must be at least 16 bytes, got " +
                             std::to_string(n % sector) + " (" + std::to_string(n) +
                             " bytes in sectors of " + std::to_string(sector) + ")");
        // the work as par_xts.c weighs it: whole sectors (one sector is never split)
        size_t work = n;
        if (sector) {
            size_t units = n / sector + (n % sector != 0);
            work = units < 2 ? 0 : units > SIZE_MAX / sector ? SIZE_MAX : units * sector;
        }
        PoolLease lease(threads, work);
        karx_pool *pool = lease.get();
        karx_status st = KARX_OK;
        maybe_nogil(n, [&] {
            if (sector)
                st = enc ? karx_xts_encrypt_sectors_pool(pool, &key, tw.t, sector, out, in, n)
                         : karx_xts_decrypt_sectors_pool(pool, &key, tw.t, sector, out, in, n);
            else
                st = enc ? karx_xts_encrypt_pool(pool, &key, tw.t, out, in, n)
                         : karx_xts_decrypt_pool(pool, &key, tw.t, out, in, n);
        });
        if (st == KARX_ERR_COUNTER_OVERFLOW)
            raise_status(st, "XTS sector numbers would wrap past 2**128 - 1 from this tweak");
        check(st, enc ? "XTS encrypt" : "XTS decrypt");
    }

    nb::bytes crypt(bool enc, nb::handle tweak, nb::handle data, nb::handle sector_size,
                    nb::handle threads) const
    {
        unsigned nt = threads_arg(threads);
        Tweak tw(tweak);
        size_t sector = sector_arg(sector_size);
        Buf in(data, "data");
        OutBytes out(in.n);
        try {
            run(enc, tw, sector, out.data(), in.p, in.n, nt);
        } catch (...) {
            out.wipe();
            throw;
        }
        return out.finish(in.n);
    }

    void crypt_into(bool enc, nb::handle tweak, nb::handle data, nb::handle out_,
                    nb::handle sector_size, nb::handle threads) const
    {
        unsigned nt = threads_arg(threads);
        Tweak tw(tweak);
        size_t sector = sector_arg(sector_size);
        Buf in(data, "data");
        OutView out(out_);
        if (out.size() != in.n)
            raise_status(KARX_ERR_OUTPUT_LENGTH, "XTS out must be " + std::to_string(in.n) +
                                                     " bytes (as data), got " +
                                                     std::to_string(out.size()));
        const uint8_t *o = out.data();
        if (o != in.p && o < in.p + in.n && in.p < o + in.n)
            raise_status(KARX_ERR_ARGUMENT,
                         "XTS out overlaps data: it must be the same buffer or a separate one");
        run(enc, tw, sector, out.data(), in.p, in.n, nt);
    }
};

} // namespace

void bind_xts(nb::module_ &m)
{
    nb::class_<Xts>(m, "XTS",
                    "XTS (IEEE 1619, SP 800-38E) over a 128-bit-block cipher: "
                    "XTS(cipher, key) with key = data key || tweak key.")
        .def(nb::init<const std::string &, nb::handle>(), "cipher"_a, "key"_a)
        .def(
            "encrypt",
            [](const Xts &x, nb::handle t, nb::handle d, nb::handle s, nb::handle th) {
                return x.crypt(true, t, d, s, th);
            },
            "tweak"_a, "data"_a, "sector_size"_a.none() = nb::none(), "threads"_a = 1)
        .def(
            "decrypt",
            [](const Xts &x, nb::handle t, nb::handle d, nb::handle s, nb::handle th) {
                return x.crypt(false, t, d, s, th);
            },
            "tweak"_a, "data"_a, "sector_size"_a.none() = nb::none(), "threads"_a = 1)
        .def(
            "encrypt_into",
            [](const Xts &x, nb::handle t, nb::handle d, nb::handle o, nb::handle s, nb::handle th) {
                x.crypt_into(true, t, d, o, s, th);
            },
            "tweak"_a, "data"_a, "out"_a, "sector_size"_a.none() = nb::none(), "threads"_a = 1)
        .def(
            "decrypt_into",
            [](const Xts &x, nb::handle t, nb::handle d, nb::handle o, nb::handle s, nb::handle th) {
                x.crypt_into(false, t, d, o, s, th);
            },
            "tweak"_a, "data"_a, "out"_a, "sector_size"_a.none() = nb::none(), "threads"_a = 1)
        .def_prop_ro("cipher", [](const Xts &x) { return std::string(karx_cipher_name(x.alg)); })
        .def_prop_ro("key_size", [](const Xts &x) { return x.key_len; })
        .def("__repr__", [](const Xts &x) {
            return "<karx.XTS " + std::string(karx_cipher_name(x.alg)) + ">";
        });
}

} // namespace karxpy
