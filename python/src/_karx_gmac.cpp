// karx._karx: GMAC (karx/gmac.h) as an hmac-like object: GMAC(cipher, key, iv, data, tag_len)
// with update / digest / hexdigest / verify / copy. digest() and verify() finish a copy of the
// context, so the object stays usable, as hmac's does.
#include "_karx_internal.h"

namespace karxpy {
namespace {

using namespace nb::literals;

struct Gmac {
    karx_gmac_ctx ctx;
    Lock lock;
    karx_cipher_alg alg;
    size_t tag_len;

    Gmac(const std::string &cipher, nb::handle key, nb::handle iv, nb::handle data,
         nb::handle tag_length)
    {
        std::memset(&ctx, 0, sizeof ctx);
        alg = cipher_id(find_prim(KARX_KIND_CIPHER, KARX_MAC_GMAC, cipher, "cipher"));
        const std::string name = karx_cipher_name(alg);
        if (karx_cipher_block_bytes(alg) != KARX_GCM_BLOCK_BYTES)
            raise_status(KARX_ERR_UNSUPPORTED, "GMAC needs a 128-bit-block cipher; " + name +
                                                   " has " +
                                                   std::to_string(8 * karx_cipher_block_bytes(alg)) +
                                                   "-bit blocks");
        int t = tag_len_arg(tag_length, "tag_len");
        if (t < 0 || !karx_gcm_tag_len_ok(static_cast<size_t>(t)))
            raise_status(KARX_ERR_ARGUMENT, "GMAC tag_len must be 4, 8, 12, 13, 14, 15 or 16, got " +
                                                arg_str(tag_length));
        tag_len = static_cast<size_t>(t);
        Buf k(key, "key"), v(iv, "iv"), d(data, "data");
        check_key_len(alg, k.n);
        if (v.n == 0)
            raise_status(KARX_ERR_IV_LENGTH, "GMAC iv must be at least 1 byte (12 recommended), got 0");
        karx_status st = karx_gmac_init(&ctx, alg, k.p, k.n, v.p, v.n);
        if (st == KARX_OK) // not shared with any other thread yet: no lock
            maybe_nogil(d.n, [&] { st = karx_gmac_update(&ctx, d.p, d.n); });
        if (st != KARX_OK)
            karx_gmac_ctx_wipe(&ctx); // a throwing constructor runs no destructor
        check(st, "GMAC-" + name);
    }
    Gmac(const Gmac &o) : lock(), alg(o.alg), tag_len(o.tag_len) { ctx = o.ctx; }
    ~Gmac() { karx_gmac_ctx_wipe(&ctx); }

    void update(nb::handle data)
    {
        Buf b(data, "update()");
        karx_status st = KARX_OK;
        locked(lock, b.n, [&] { st = karx_gmac_update(&ctx, b.p, b.n); });
        check(st, "update");
    }

    // A snapshot of the context, to finish without ending this object.
    karx_gmac_ctx snapshot()
    {
        std::lock_guard<std::mutex> g(lock.m);
        return ctx;
    }

    size_t digest_into(uint8_t *out)
    {
        karx_gmac_ctx c = snapshot();
        karx_status st = karx_gmac_final(&c, out, tag_len); // wipes the copy
        karx_gmac_ctx_wipe(&c);
        check(st, "digest");
        return tag_len;
    }
    nb::bytes digest() { return digest_bytes<KARX_GMAC_TAG_BYTES>(*this); }
    nb::str hexdigest() { return digest_hex<KARX_GMAC_TAG_BYTES>(*this); }

    // Constant-time check of a whole tag_len-byte tag; InvalidTag on any mismatch (a tag of
    // another length too: accepting a shorter one would weaken the check).
    void verify(nb::handle tag)
    {
        Buf t(tag, "tag");
        if (t.n != tag_len)
            raise_status(KARX_ERR_AUTHENTICATION, "GMAC tag does not verify (expected " +
                                                      std::to_string(tag_len) + " bytes, got " +
                                                      std::to_string(t.n) + ")");
        karx_gmac_ctx c = snapshot();
        karx_status st = karx_gmac_final_verify(&c, t.p, t.n);
        karx_gmac_ctx_wipe(&c);
        if (st == KARX_ERR_AUTHENTICATION)
            raise_status(st, "GMAC tag does not verify");
        check(st, "verify");
    }

    Gmac copy()
    {
        std::lock_guard<std::mutex> g(lock.m);
        return Gmac(*this);
    }

    std::string name() const { return std::string("gmac-") + karx_cipher_name(alg); }
};

} // namespace

void bind_gmac(nb::module_ &m)
{
    nb::class_<Gmac>(m, "GMAC",
                     "GMAC (NIST SP 800-38D: GCM over AAD only) like hmac: GMAC(cipher, key, iv, "
                     "data=b'', tag_len=16).")
        .def(nb::init<const std::string &, nb::handle, nb::handle, nb::handle, nb::handle>(),
             "cipher"_a, "key"_a, "iv"_a, "data"_a = nb::bytes("", 0), "tag_len"_a = 16)
        .def("update", &Gmac::update, "data"_a, "Feed more bytes.")
        .def("digest", &Gmac::digest, "The tag of the data so far (the object stays usable).")
        .def("hexdigest", &Gmac::hexdigest)
        .def("verify", &Gmac::verify, "tag"_a,
             "Constant-time check of a tag_len-byte tag: returns None or raises InvalidTag.")
        .def("copy", &Gmac::copy, "An independent copy of the current state.")
        .def("__copy__", &Gmac::copy)
        .def_prop_ro("name", &Gmac::name)
        .def_prop_ro("digest_size", [](const Gmac &g) { return g.tag_len; })
        .def_prop_ro("block_size", [](const Gmac &) { return size_t(KARX_GCM_BLOCK_BYTES); });
}

} // namespace karxpy
