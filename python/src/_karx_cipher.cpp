// karx._karx: block ciphers in a mode (streaming, under karx.Cipher) and CMAC.
#include "_karx_internal.h"

namespace karxpy {
namespace {

using namespace nb::literals;

// Checks an IV against what the mode wants (want 0: none); what names cipher and mode.
void check_iv(const std::string &what, size_t want, const OptBuf &v)
{
    if (want == 0 && v.present && v.n != 0)
        raise_status(KARX_ERR_IV_LENGTH,
                     what + " takes no IV, got " + std::to_string(v.n) + " bytes");
    if (want != 0 && !v.present)
        raise_status(KARX_ERR_IV_LENGTH,
                     what + " needs a " + std::to_string(want) + "-byte IV, got None");
    if (want != 0 && v.n != want)
        raise_status(KARX_ERR_IV_LENGTH, what + " IV must be " + std::to_string(want) +
                                             " bytes, got " + std::to_string(v.n));
}

struct CipherStream {
    karx_cipher_ctx ctx;
    Lock lock;
    karx_cipher_alg alg;
    karx_mode mode;
    bool encrypt;
    bool done = false;

    CipherStream(const std::string &cipher, const std::string &mode_name, nb::handle key,
                 nb::handle iv, bool enc, bool padding)
    {
        std::memset(&ctx, 0, sizeof ctx);
        alg = cipher_alg(cipher);
        mode = static_cast<karx_mode>(find_alg(KARX_KIND_MODE, mode_name, "mode").id);
        encrypt = enc;
        Buf k(key, "key");
        OptBuf v(iv, "iv");
        check_key_len(alg, k.n);
        size_t want = karx_mode_iv_bytes(alg, mode);
        std::string what = std::string(karx_cipher_name(alg)) + "-" + karx_mode_name(mode);
        check_iv(what, want, v);
        check(karx_cipher_init(&ctx, alg, mode, enc ? KARX_ENCRYPT : KARX_DECRYPT,
                               padding ? KARX_PAD_PKCS7 : KARX_PAD_NONE, k.p, k.n,
                               want ? v.p : nullptr, want),
              what);
    }
    ~CipherStream() { karx_cipher_ctx_wipe(&ctx); }

    void not_done(const char *call)
    {
        if (done)
            raise_status(KARX_ERR_STATE,
                         std::string(call) + " after finalize(): the context is finished");
    }

    // The modes whose updates the library splits over a pool (par_stream.c): the others are a
    // chain and run serially, so they get no pool.
    bool splits() const
    {
        switch (mode) {
        case KARX_MODE_ECB:
        case KARX_MODE_CTR:
            return true;
        case KARX_MODE_CBC:
        case KARX_MODE_CFB:
        case KARX_MODE_CFB8:
        case KARX_MODE_CFB64:
            return !encrypt;
        default:
            return false;
        }
    }

    nb::bytes update(nb::handle data, nb::handle threads)
    {
        unsigned nt = threads_arg(threads);
        Buf in(data, "update()");
        PoolLease lease(nt, splits() ? in.n : 0);
        karx_pool *pool = lease.get();
        OutBytes out(in.n + KARX_MAX_BLOCK_BYTES);
        size_t n = 0;
        karx_status st = KARX_OK;
        bool was_done = false;
        locked(lock, in.n, [&] {
            if (done) {
                was_done = true;
                return;
            }
            st = karx_cipher_update_pool(pool, &ctx, out.data(), in.n + KARX_MAX_BLOCK_BYTES, &n,
                                         in.p, in.n);
        });
        if (was_done)
            not_done("update()");
        if (st == KARX_ERR_COUNTER_OVERFLOW)
            raise_status(st, "CTR counter would wrap: the keystream for this IV is used up");
        check(st, "update");
        return out.finish(n);
    }

    nb::bytes finalize()
    {
        OutBytes out(KARX_MAX_BLOCK_BYTES);
        size_t n = 0;
        karx_status st = KARX_OK;
        bool was_done = false;
        {
            std::lock_guard<std::mutex> g(lock.m);
            if (done) {
                was_done = true;
            } else {
                st = karx_cipher_final(&ctx, out.data(), KARX_MAX_BLOCK_BYTES, &n);
                done = true;
                karx_cipher_ctx_wipe(&ctx);
            }
        }
        if (was_done)
            not_done("finalize()");
        if (st == KARX_ERR_DATA_LENGTH) {
            size_t b = karx_cipher_block_bytes(alg);
            raise_status(st, std::string(karx_mode_name(mode)) +
                                 (encrypt ? " input" : " ciphertext") +
                                 " must be a non-empty whole number of " + std::to_string(b) +
                                 "-byte blocks" + (encrypt ? " without padding" : ""));
        }
        if (st == KARX_ERR_PADDING)
            raise_status(st, "bad PKCS#7 padding (wrong key, IV or corrupted ciphertext)");
        check(st, "finalize");
        return out.finish(n);
    }
};

// ---------------------------------------------------------------- CMAC

// The cipher under a CMAC: "lea128", "LEA-128" or "cmac-lea128".
karx_cipher_alg cmac_alg(const std::string &name)
{
    return cipher_id(find_prim(KARX_KIND_CIPHER, KARX_MAC_CMAC, name, "cipher"));
}

// Rejects a tag length outside 4 .. the block size; arg and unit word the message.
// given: the value as the caller wrote it.
size_t cmac_tag_ok(karx_cipher_alg alg, long t, const char *arg, const char *unit,
                   const std::string &given)
{
    size_t b = karx_cmac_tag_bytes(alg);
    if (t < 4 || static_cast<size_t>(t) > b)
        raise_status(KARX_ERR_OUTPUT_LENGTH, "CMAC-" + std::string(karx_cipher_name(alg)) + " " +
                                                 arg + " must be 4 to " + std::to_string(b) +
                                                 unit + ", got " + given);
    return static_cast<size_t>(t);
}

nb::bytes cmac(const std::string &name, nb::handle key, nb::handle data, nb::handle tag_length)
{
    karx_cipher_alg alg = cmac_alg(name);
    Buf k(key, "key"), in(data, "data");
    check_key_len(alg, k.n);
    size_t t = tag_length.is_none() ? karx_cmac_tag_bytes(alg)
                                    : cmac_tag_ok(alg, tag_len_arg(tag_length, "tag_length"),
                                                  "tag_length", "", arg_str(tag_length));
    uint8_t tag[KARX_CMAC_MAX_TAG_BYTES];
    karx_status st = KARX_OK;
    maybe_nogil(in.n, [&] { st = karx_cmac(alg, k.p, k.n, tag, t, in.p, in.n); });
    check(st, "cmac");
    return nb::bytes(reinterpret_cast<const char *>(tag), t);
}

void cmac_verify(const std::string &name, nb::handle key, nb::handle data, nb::handle tag)
{
    karx_cipher_alg alg = cmac_alg(name);
    Buf k(key, "key"), in(data, "data"), tg(tag, "tag");
    check_key_len(alg, k.n);
    cmac_tag_ok(alg, static_cast<long>(tg.n), "tag", " bytes", std::to_string(tg.n));
    karx_status st = KARX_OK;
    maybe_nogil(in.n, [&] { st = karx_cmac_verify(alg, k.p, k.n, tg.p, tg.n, in.p, in.n); });
    if (st == KARX_ERR_AUTHENTICATION)
        raise_status(st, "CMAC tag does not verify");
    check(st, "cmac_verify");
}

// A CMAC object like cryptography's CMAC: update any number of times, copy, then finalize()
// (the tag) or verify(tag) once; after either, every call raises InvalidState. tag_length (4 to
// the block size, default the block) truncates the tag as cmac() does.
struct Cmac {
    karx_cmac_ctx ctx;
    Lock lock;
    karx_cipher_alg alg;
    size_t tag_len;
    bool done = false;

    Cmac(const std::string &name, nb::handle key, nb::handle tag_length)
    {
        std::memset(&ctx, 0, sizeof ctx);
        alg = cmac_alg(name);
        Buf k(key, "key");
        check_key_len(alg, k.n);
        tag_len = tag_length.is_none()
                      ? karx_cmac_tag_bytes(alg)
                      : cmac_tag_ok(alg, tag_len_arg(tag_length, "tag_length"), "tag_length", "",
                                    arg_str(tag_length));
        karx_status st = karx_cmac_init(&ctx, alg, k.p, k.n);
        if (st != KARX_OK)
            karx_cmac_ctx_wipe(&ctx); // a throwing constructor runs no destructor
        check(st, label());
    }
    Cmac(const Cmac &o) : ctx(o.ctx), lock(), alg(o.alg), tag_len(o.tag_len), done(o.done) {}
    ~Cmac() { karx_cmac_ctx_wipe(&ctx); }

    std::string label() const { return std::string("CMAC-") + karx_cipher_name(alg); }
    std::string finalized(const char *call) const
    {
        return label() + " " + call + ": the object is already finalized";
    }

    void update(nb::handle data)
    {
        Buf b(data, "data");
        karx_status st = KARX_OK;
        bool was_done = false;
        locked(lock, b.n, [&] {
            was_done = done;
            if (!done)
                st = karx_cmac_update(&ctx, b.p, b.n);
        });
        if (was_done)
            raise_status(KARX_ERR_STATE, finalized("update"));
        check(st, label() + " update");
    }

    Cmac *copy()
    {
        std::lock_guard<std::mutex> g(lock.m);
        if (done)
            raise_status(KARX_ERR_STATE, finalized("copy"));
        return new Cmac(*this);
    }

    nb::bytes finalize()
    {
        uint8_t tag[KARX_CMAC_MAX_TAG_BYTES];
        std::lock_guard<std::mutex> g(lock.m);
        if (done)
            raise_status(KARX_ERR_STATE, finalized("finalize"));
        check(karx_cmac_final(&ctx, tag, tag_len), label() + " finalize"); // wipes ctx
        done = true;
        nb::bytes out(reinterpret_cast<const char *>(tag), tag_len);
        karx_memzero(tag, sizeof tag);
        return out;
    }

    // Constant-time check of a whole tag_len-byte tag; InvalidTag on any mismatch, a tag of
    // another length too (accepting a shorter one would weaken the check). Finalizes either way.
    void verify(nb::handle tag)
    {
        Buf t(tag, "tag");
        std::lock_guard<std::mutex> g(lock.m);
        if (done)
            raise_status(KARX_ERR_STATE, finalized("verify"));
        done = true;
        if (t.n != tag_len) {
            karx_cmac_ctx_wipe(&ctx);
            raise_status(KARX_ERR_AUTHENTICATION, label() + " tag does not verify (expected " +
                                                      std::to_string(tag_len) + " bytes, got " +
                                                      std::to_string(t.n) + ")");
        }
        karx_status st = karx_cmac_final_verify(&ctx, t.p, t.n); // wipes ctx
        karx_cmac_ctx_wipe(&ctx);
        if (st == KARX_ERR_AUTHENTICATION)
            raise_status(st, label() + " tag does not verify");
        check(st, label() + " verify");
    }
};

} // namespace

void bind_cipher(nb::module_ &m)
{
    nb::class_<CipherStream>(m, "_CipherStream")
        .def(nb::init<const std::string &, const std::string &, nb::handle, nb::handle, bool, bool>(),
             "cipher"_a, "mode"_a, "key"_a, "iv"_a.none(), "encrypt"_a, "padding"_a)
        .def("update", &CipherStream::update, "data"_a, "threads"_a = 1)
        .def("finalize", &CipherStream::finalize)
        .def_prop_ro("finalized", [](CipherStream &c) {
            std::lock_guard<std::mutex> g(c.lock.m);
            return c.done;
        });
    m.def("cmac", &cmac, "name"_a, "key"_a, "data"_a, "tag_length"_a.none() = nb::none(),
          "CMAC over a block cipher ('lea128', 'LEA-128' or 'cmac-lea128', ...).");
    nb::class_<Cmac>(m, "CMAC",
                     "CMAC (NIST SP 800-38B) over a block cipher, like cryptography's CMAC: "
                     "CMAC(cipher, key, tag_length=None).")
        .def(nb::init<const std::string &, nb::handle, nb::handle>(), "cipher"_a, "key"_a,
             "tag_length"_a.none() = nb::none())
        .def("update", &Cmac::update, "data"_a, "Feed more bytes.")
        .def("copy", &Cmac::copy, nb::rv_policy::take_ownership,
             "An independent copy of the current state.")
        .def("finalize", &Cmac::finalize, "The tag; the object is finished.")
        .def("verify", &Cmac::verify, "tag"_a,
             "Constant-time check of a tag_length-byte tag: returns None or raises InvalidTag; "
             "the object is finished.")
        .def_prop_ro("name", [](const Cmac &c) { return std::string(karx_cmac_name(c.alg)); })
        .def_prop_ro("tag_length", [](const Cmac &c) { return c.tag_len; })
        .def_prop_ro("block_size",
                     [](const Cmac &c) { return karx_cipher_block_bytes(c.alg); });
    m.def("cmac_verify", &cmac_verify, "name"_a, "key"_a, "data"_a, "tag"_a,
          "Constant-time CMAC check: returns None or raises InvalidTag.");
}

} // namespace karxpy
