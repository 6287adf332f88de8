// karx._karx: GCM and CCM as one class, _Aead, under karx.LEAGCM / ARIAGCM / ... and karx.AEAD;
// and _AeadStream, the streaming encryptor / decryptor behind AEADEncryptionContext and
// AEADDecryptionContext. The two modes differ only in what a table row holds (the key schedule,
// seal and open, which tag and nonce lengths are allowed); encrypt and decrypt are written once.
// Ciphers: any registered cipher with a 128-bit block (from the registry, so a new one needs no
// change here).
#include <strings.h>

#include <vector>

#include "_karx_internal.h"

namespace karxpy {
namespace {

using namespace nb::literals;

// A GCM key holds the cipher key first, so CCM (which runs on the bare cipher key) uses that part.
using AeadKey = karx_gcm_key;

// (key, nonce, nonce_len, out, tag, tag_len, in, len, aad, aad_len), as karx_gcm_seal / open
using SealFn = karx_status (*)(const AeadKey *, const uint8_t *, size_t, uint8_t *, uint8_t *,
                               size_t, const uint8_t *, size_t, const uint8_t *, size_t);
using OpenFn = karx_status (*)(const AeadKey *, const uint8_t *, size_t, uint8_t *,
                               const uint8_t *, size_t, const uint8_t *, size_t, const uint8_t *,
                               size_t);

struct AeadMode {
    const char *name;   // "GCM", as messages print it
    const char *tags;   // the allowed tag lengths, for the message
    bool (*tag_ok)(size_t tag_len);
    void (*nonce_ok)(size_t nonce_len, size_t payload); // raises when either is not allowed
    karx_status (*set_key)(AeadKey *, karx_cipher_alg, const uint8_t *, size_t);
    void (*wipe)(AeadKey *);
    SealFn seal;
    OpenFn open;
};

void gcm_nonce_ok(size_t nonce_len, size_t payload)
{
    if (nonce_len == 0)
        raise_status(KARX_ERR_IV_LENGTH, "GCM nonce must be at least 1 byte (12 recommended), got 0");
    if (payload > karx_gcm_max_payload_bytes())
        raise_status(KARX_ERR_DATA_LENGTH, "GCM data must be at most 2**36 - 32 bytes, got " +
                                               std::to_string(payload));
}

void ccm_nonce_ok(size_t nonce_len, size_t payload)
{
    if (nonce_len < KARX_CCM_NONCE_MIN_BYTES || nonce_len > KARX_CCM_NONCE_MAX_BYTES)
        raise_status(KARX_ERR_IV_LENGTH,
                     "CCM nonce must be 7 to 13 bytes, got " + std::to_string(nonce_len));
    size_t max = karx_ccm_max_payload_bytes(nonce_len);
    if (payload > max)
        raise_status(KARX_ERR_DATA_LENGTH, "CCM with a " + std::to_string(nonce_len) +
                                               "-byte nonce takes at most " + std::to_string(max) +
                                               " bytes, got " + std::to_string(payload));
}

const AeadMode MODES[] = {
    {"GCM", "4, 8, 12, 13, 14, 15 or 16",
     [](size_t t) { return karx_gcm_tag_len_ok(t) != 0; }, gcm_nonce_ok, karx_gcm_set_key,
     karx_gcm_key_wipe, karx_gcm_seal, karx_gcm_open},
    {"CCM", "4, 6, 8, 10, 12, 14 or 16",
     [](size_t t) {
         return t >= KARX_CCM_TAG_MIN_BYTES && t <= KARX_CCM_TAG_MAX_BYTES && t % 2 == 0;
     },
     ccm_nonce_ok,
     [](AeadKey *k, karx_cipher_alg alg, const uint8_t *key, size_t n) {
         return karx_cipher_set_key(&k->cipher, alg, key, n);
     },
     [](AeadKey *k) { karx_cipher_key_wipe(&k->cipher); },
     [](const AeadKey *k, const uint8_t *nn, size_t nl, uint8_t *out, uint8_t *tag, size_t tl,
        const uint8_t *in, size_t len, const uint8_t *ad, size_t al) {
         return karx_ccm_seal(&k->cipher, nn, nl, out, tag, tl, in, len, ad, al);
     },
     [](const AeadKey *k, const uint8_t *nn, size_t nl, uint8_t *out, const uint8_t *tag,
        size_t tl, const uint8_t *in, size_t len, const uint8_t *ad, size_t al) {
         return karx_ccm_open(&k->cipher, nn, nl, out, tag, tl, in, len, ad, al);
     }},
};

const AeadMode &aead_mode(const std::string &name)
{
    for (const AeadMode &m : MODES)
        if (strcasecmp(name.c_str(), m.name) == 0)
            return m;
    raise_status(KARX_ERR_UNKNOWN_ALGORITHM, "unknown AEAD mode '" + name + "'");
}

// The registered 128-bit-block cipher that family names with a key of key_len bytes ("LEA" and
// 16 bytes: LEA-128; "CHAM-128" and 32 bytes: CHAM-128/256), if there is one.
bool family_cipher(const std::string &family, size_t key_len, karx_alg_info *a)
{
    return lookup(KARX_KIND_CIPHER, family + "-" + std::to_string(8 * key_len), a) &&
           a->key_bytes == key_len && a->block_bytes == KARX_GCM_BLOCK_BYTES;
}

// The key lengths family has, in bytes, from the registry (LEA: 16, 24, 32).
std::vector<size_t> family_key_sizes(const std::string &family)
{
    std::vector<size_t> sizes;
    karx_alg_info a, same;
    for (size_t i = 0; karx_alg_get(i, &a) == KARX_OK; i++)
        if (a.kind == KARX_KIND_CIPHER && family_cipher(family, a.key_bytes, &same) &&
            same.id == a.id)
            sizes.push_back(a.key_bytes);
    return sizes;
}

// "16, 24 or 32"
std::string one_of(const std::vector<size_t> &v)
{
    std::string s;
    for (size_t i = 0; i < v.size(); i++)
        s += (i == 0 ? "" : i + 1 == v.size() ? " or " : ", ") + std::to_string(v[i]);
    return s;
}

// The cipher called name if its block is 128 bits (GCM and CCM need that), else Unsupported.
karx_cipher_alg exact_cipher(const std::string &name, const char *mode_name)
{
    karx_alg_info a = find_alg(KARX_KIND_CIPHER, name, "cipher");
    if (a.block_bytes != KARX_GCM_BLOCK_BYTES)
        raise_status(KARX_ERR_UNSUPPORTED, std::string(mode_name) +
                                               " needs a 128-bit-block cipher; " + a.name +
                                               " has " + std::to_string(8 * a.block_bytes) +
                                               "-bit blocks");
    return cipher_id(a);
}

karx_cipher_alg aead_cipher(const std::string &family, size_t key_len)
{
    karx_alg_info a;
    if (family_cipher(family, key_len, &a))
        return cipher_id(a);
    std::vector<size_t> sizes = family_key_sizes(family);
    if (sizes.empty())
        raise_status(KARX_ERR_UNKNOWN_ALGORITHM, "unknown AEAD cipher family '" + family + "'");
    raise_status(KARX_ERR_KEY_LENGTH, family + " key must be " + one_of(sizes) + " bytes, got " +
                                          std::to_string(key_len));
}

struct Aead {
    AeadKey key;
    const AeadMode *mode;
    karx_cipher_alg alg;
    size_t tag_len;

    // family: a cipher family ("LEA": the key length picks LEA-128/192/256), or with exact a
    // cipher name as the registry spells it ("aria128", "ARIA-128").
    Aead(const std::string &mode_name, const std::string &family, nb::handle k_,
         nb::handle tag_length, bool exact)
    {
        std::memset(&key, 0, sizeof key);
        mode = &aead_mode(mode_name);
        Buf k(k_, "key");
        alg = exact ? exact_cipher(family, mode->name) : aead_cipher(family, k.n);
        if (exact)
            check_key_len(alg, k.n);
        int t = tag_len_arg(tag_length, "tag_length");
        if (t < 0 || !mode->tag_ok(static_cast<size_t>(t)))
            raise_status(KARX_ERR_ARGUMENT, std::string(mode->name) + " tag_length must be " +
                                                mode->tags + ", got " + arg_str(tag_length));
        tag_len = static_cast<size_t>(t);
        check(mode->set_key(&key, alg, k.p, k.n), std::string(mode->name) + " key");
    }
    Aead(const Aead &) = delete;
    ~Aead() { mode->wipe(&key); }

    std::string what(const char *call) const { return std::string(mode->name) + " " + call; }

    // threads=: GCM splits over a pool (karx_gcm_seal_pool / open_pool); CCM is a chain and
    // runs on this thread whatever threads says.
    bool gcm() const { return mode == &MODES[0]; }

    nb::bytes encrypt(nb::handle nonce, nb::handle data, nb::handle aad, nb::handle threads)
    {
        unsigned nt = threads_arg(threads);
        Buf nn(nonce, "nonce"), in(data, "data");
        OptBuf ad(aad, "associated_data");
        mode->nonce_ok(nn.n, in.n);
        PoolLease lease(nt, gcm() ? in.n : 0);
        karx_pool *pool = lease.get();
        OutBytes out(in.n + tag_len);
        karx_status st = KARX_OK;
        maybe_nogil(in.n + ad.n, [&] {
            st = pool != nullptr && gcm()
                     ? karx_gcm_seal_pool(pool, &key, nn.p, nn.n, out.data(), out.data() + in.n,
                                          tag_len, in.p, in.n, ad.p, ad.n)
                     : mode->seal(&key, nn.p, nn.n, out.data(), out.data() + in.n, tag_len, in.p,
                                  in.n, ad.p, ad.n);
        });
        check(st, what("encrypt"));
        return out.finish(in.n + tag_len);
    }

    nb::bytes decrypt(nb::handle nonce, nb::handle data, nb::handle aad, nb::handle threads)
    {
        unsigned nt = threads_arg(threads);
        Buf nn(nonce, "nonce"), in(data, "data");
        OptBuf ad(aad, "associated_data");
        if (in.n < tag_len) {
            mode->nonce_ok(nn.n, 0);
            raise_status(KARX_ERR_AUTHENTICATION,
                         what("data") + " shorter than the " + std::to_string(tag_len) +
                             "-byte tag (" + std::to_string(in.n) + " bytes)");
        }
        size_t n = in.n - tag_len;
        mode->nonce_ok(nn.n, n);
        PoolLease lease(nt, gcm() ? n : 0);
        karx_pool *pool = lease.get();
        OutBytes out(n);
        karx_status st = KARX_OK;
        maybe_nogil(in.n + ad.n, [&] {
            st = pool != nullptr && gcm()
                     ? karx_gcm_open_pool(pool, &key, nn.p, nn.n, out.data(), in.p + n, tag_len,
                                          in.p, n, ad.p, ad.n)
                     : mode->open(&key, nn.p, nn.n, out.data(), in.p + n, tag_len, in.p, n, ad.p,
                                  ad.n);
        });
        if (st != KARX_OK) {
            out.wipe();
            if (st == KARX_ERR_AUTHENTICATION)
                raise_status(st, what("tag") + " does not verify: no plaintext released");
            check(st, what("decrypt"));
        }
        return out.finish(n);
    }
};

// ---------------------------------------------------------------- streaming

// A failure found with the GIL released, raised once it is held again.
struct Fail {
    karx_status st = KARX_OK;
    std::string msg;
    void set(karx_status s, std::string m)
    {
        st = s;
        msg = std::move(m);
    }
    void raise_if() const
    {
        if (st != KARX_OK)
            raise_status(st, msg);
    }
};

// One streaming encryption or decryption (karx_gcm_ctx / karx_ccm_ctx). AAD first, then data,
// then finalize (encryption: the tag; decryption: the tag check). CCM needs the payload length
// up front (it is in CCM's first MAC block), and the AAD length before the first AAD byte is
// absorbed: with aad_length declared the AAD streams straight into the context; without, it is
// held here until the first update() or finalize() and absorbed then. For GCM, length= and
// aad_length= are optional and, when given, checked the same way. Every call takes the object's
// lock (one stream may be shared between threads).
struct AeadStream {
    enum Phase { AAD, DATA, DONE };

    Lock lock;
    bool is_gcm = false, enc = false, started = false, tag_known = false;
    Phase phase = AAD;
    karx_gcm_ctx g;
    karx_ccm_ctx c;
    karx_cipher_key ckey; // CCM before the context starts (AAD length not declared)
    uint8_t nonce[KARX_CCM_NONCE_MAX_BYTES] = {};
    size_t nonce_len = 0;
    std::vector<uint8_t> aad_buf;
    bool has_len = false, has_aad_len = false;
    uint64_t len = 0, aad_len = 0, data_n = 0, aad_n = 0;
    uint8_t tag[KARX_GCM_TAG_MAX_BYTES] = {};
    size_t tag_len = 0;
    std::string name; // "LEA-128-GCM"

    AeadStream(const Aead &a, bool encrypt, nb::handle nonce_, nb::handle tag_,
               nb::handle length, nb::handle aad_length)
    {
        std::memset(&g, 0, sizeof g);
        std::memset(&c, 0, sizeof c);
        std::memset(&ckey, 0, sizeof ckey);
        is_gcm = a.gcm();
        enc = encrypt;
        tag_len = a.tag_len;
        karx_alg_info info;
        name = (karx_alg_by_id(KARX_KIND_CIPHER, a.alg, &info) == KARX_OK
                    ? std::string(info.std_name)
                    : std::string(karx_cipher_name(a.alg))) +
               "-" + a.mode->name;
        Buf nn(nonce_, "nonce");
        if (!length.is_none()) {
            has_len = true;
            len = size_arg(length, "length");
        }
        if (!aad_length.is_none()) {
            has_aad_len = true;
            aad_len = size_arg(aad_length, "aad_length");
        }
        if (!is_gcm && !has_len)
            raise_status(KARX_ERR_ARGUMENT,
                         name + " streaming needs the message length up front (CCM puts it in "
                                "its first block): pass length=, the total bytes update() will "
                                "be given");
        a.mode->nonce_ok(nn.n, static_cast<size_t>(len));
        if (!tag_.is_none()) {
            if (enc)
                raise_status(KARX_ERR_ARGUMENT, "an encryptor takes no tag");
            Buf t(tag_, "tag");
            want_tag_len(t.n);
            std::memcpy(tag, t.p, t.n);
            tag_known = true;
        }
        int dir = enc ? KARX_ENCRYPT : KARX_DECRYPT;
        karx_status st;
        if (is_gcm) {
            st = karx_gcm_init_key(&g, &a.key, dir, nn.p, nn.n);
            started = st == KARX_OK;
        } else if (has_aad_len) {
            st = karx_ccm_init_key(&c, &a.key.cipher, dir, nn.p, nn.n, aad_len, len, tag_len);
            started = st == KARX_OK;
        } else { // a trial start checks the arguments now; the real one comes with the data
            st = karx_ccm_init_key(&c, &a.key.cipher, dir, nn.p, nn.n, 0, len, tag_len);
            karx_ccm_ctx_wipe(&c);
            ckey = a.key.cipher;
            std::memcpy(nonce, nn.p, nn.n);
            nonce_len = nn.n;
        }
        if (st != KARX_OK) {
            wipe();
            check(st, name + " stream");
        }
    }
    AeadStream(const AeadStream &) = delete;
    AeadStream &operator=(const AeadStream &) = delete;
    ~AeadStream() { wipe(); }

    void wipe()
    {
        karx_gcm_ctx_wipe(&g);
        karx_ccm_ctx_wipe(&c);
        karx_cipher_key_wipe(&ckey);
        if (!aad_buf.empty())
            karx_memzero(aad_buf.data(), aad_buf.size());
        aad_buf.clear();
    }

    void want_tag_len(size_t n) const
    {
        if (n != tag_len)
            raise_status(KARX_ERR_ARGUMENT, name + " tag must be " + std::to_string(tag_len) +
                                                " bytes (the tag_length), got " +
                                                std::to_string(n));
    }

    // The checks every call makes first (under the lock).
    bool usable(Fail &f, const char *call) const
    {
        if (phase == DONE) {
            f.set(KARX_ERR_STATE, name + " " + call + ": the context is already finalized");
            return false;
        }
        return true;
    }

    // Everything the payload phase needs: the declared AAD complete, the CCM context started.
    bool begin_data(Fail &f)
    {
        if (phase == DATA)
            return true;
        if (has_aad_len && aad_n != aad_len) {
            f.set(KARX_ERR_DATA_LENGTH, name + ": aad_length=" + std::to_string(aad_len) +
                                            " was declared but " + std::to_string(aad_n) +
                                            " bytes of associated data were given");
            return false;
        }
        if (!started) {
            int dir = enc ? KARX_ENCRYPT : KARX_DECRYPT;
            karx_status st = karx_ccm_init_key(&c, &ckey, dir, nonce, nonce_len, aad_buf.size(),
                                               len, tag_len);
            if (st == KARX_OK)
                st = karx_ccm_aad(&c, aad_buf.data(), aad_buf.size());
            if (st != KARX_OK) {
                f.set(st, name + " stream: " + karx_strerror(st));
                return false;
            }
            karx_cipher_key_wipe(&ckey);
            if (!aad_buf.empty())
                karx_memzero(aad_buf.data(), aad_buf.size());
            aad_buf.clear();
            started = true;
        }
        phase = DATA;
        return true;
    }

    void aad(nb::handle data)
    {
        Buf b(data, "data");
        Fail f;
        locked(lock, b.n, [&] {
            if (!usable(f, "authenticate_additional_data"))
                return;
            if (phase == DATA)
                return f.set(KARX_ERR_STATE, name + ": associated data must come before "
                                                    "update()");
            if (has_aad_len && b.n > aad_len - aad_n)
                return f.set(KARX_ERR_DATA_LENGTH,
                             name + ": aad_length=" + std::to_string(aad_len) +
                                 " was declared; this call would make it " +
                                 std::to_string(aad_n + b.n));
            karx_status st = KARX_OK;
            if (!started)
                aad_buf.insert(aad_buf.end(), b.p, b.p + b.n);
            else
                st = is_gcm ? karx_gcm_aad(&g, b.p, b.n) : karx_ccm_aad(&c, b.p, b.n);
            if (st != KARX_OK)
                return f.set(st, name + " associated data: " + karx_strerror(st));
            aad_n += b.n;
        });
        f.raise_if();
    }

    nb::bytes update(nb::handle data)
    {
        Buf b(data, "data");
        OutBytes out(b.n);
        Fail f;
        locked(lock, b.n, [&] {
            if (!usable(f, "update"))
                return;
            if (has_len && b.n > len - data_n)
                return f.set(KARX_ERR_DATA_LENGTH,
                             name + ": length=" + std::to_string(len) +
                                 " was declared; this update would make it " +
                                 std::to_string(data_n + b.n));
            if (!begin_data(f))
                return;
            karx_status st = is_gcm ? karx_gcm_update(&g, out.data(), b.p, b.n)
                                    : karx_ccm_update(&c, out.data(), b.p, b.n);
            if (st != KARX_OK)
                return f.set(st, name + " update: " + karx_strerror(st));
            data_n += b.n;
        });
        if (f.st != KARX_OK) {
            out.wipe();
            f.raise_if();
        }
        return out.finish(b.n);
    }

    // Encryption: computes the tag. Decryption: checks tag t (tag_len bytes) or the one given
    // at construction (t == nullptr).
    void finish(const uint8_t *t, const char *call)
    {
        Fail f;
        locked(lock, 0, [&] {
            if (!usable(f, call))
                return;
            if (has_len && data_n != len)
                return f.set(KARX_ERR_DATA_LENGTH, name + ": length=" + std::to_string(len) +
                                                       " was declared but " +
                                                       std::to_string(data_n) +
                                                       " bytes were given to update()");
            if (!begin_data(f))
                return;
            const uint8_t *want = t != nullptr ? t : tag;
            karx_status st = enc ? (is_gcm ? karx_gcm_final(&g, tag, tag_len)
                                           : karx_ccm_final(&c, tag, tag_len))
                                 : (is_gcm ? karx_gcm_final_verify(&g, want, tag_len)
                                           : karx_ccm_final_verify(&c, want, tag_len));
            phase = DONE;
            tag_known = enc && st == KARX_OK;
            wipe();
            if (st == KARX_ERR_AUTHENTICATION)
                return f.set(st, name + " tag does not verify: discard all the plaintext "
                                        "update() returned");
            if (st != KARX_OK)
                f.set(st, name + " " + call + ": " + karx_strerror(st));
        });
        f.raise_if();
    }

    nb::bytes finalize()
    {
        if (!enc) {
            bool ok;
            {
                std::lock_guard<std::mutex> lk(lock.m);
                ok = tag_known || phase == DONE;
            }
            if (!ok)
                raise_status(KARX_ERR_ARGUMENT,
                             name + " decryptor was made without a tag: call "
                                    "finalize_with_tag(tag) with the tag");
        }
        finish(nullptr, "finalize");
        return nb::bytes("", 0);
    }

    nb::bytes finalize_with_tag(nb::handle tag_)
    {
        Buf t(tag_, "tag");
        if (enc)
            raise_status(KARX_ERR_STATE, name + " finalize_with_tag: an encryptor has no tag to "
                                                "check; call finalize()");
        {
            std::lock_guard<std::mutex> lk(lock.m);
            if (phase != DONE && tag_known)
                raise_status(KARX_ERR_ARGUMENT, name + " decryptor was given its tag already: "
                                                       "call finalize()");
            if (phase != DONE)
                want_tag_len(t.n);
        }
        uint8_t copy[KARX_GCM_TAG_MAX_BYTES] = {};
        std::memcpy(copy, t.p, t.n < sizeof copy ? t.n : sizeof copy);
        finish(copy, "finalize_with_tag");
        return nb::bytes("", 0);
    }

    nb::bytes get_tag()
    {
        std::lock_guard<std::mutex> lk(lock.m);
        if (!enc)
            raise_status(KARX_ERR_STATE, name + ": a decryptor has no tag to give");
        if (phase != DONE || !tag_known)
            raise_status(KARX_ERR_STATE, name + ": the tag is known after finalize()");
        return nb::bytes(reinterpret_cast<const char *>(tag), tag_len);
    }
};

nb::tuple aead_key_sizes(const std::string &family)
{
    nb::list l;
    for (size_t n : family_key_sizes(family))
        l.append(n);
    return nb::tuple(l);
}

} // namespace

void bind_aead(nb::module_ &m)
{
    nb::class_<Aead>(m, "_Aead")
        .def(nb::init<const std::string &, const std::string &, nb::handle, nb::handle, bool>(),
             "mode"_a, "family"_a, "key"_a, "tag_length"_a, "exact"_a = false)
        .def("encrypt", &Aead::encrypt, "nonce"_a, "data"_a,
             "associated_data"_a.none() = nb::none(), "threads"_a = 1)
        .def("decrypt", &Aead::decrypt, "nonce"_a, "data"_a,
             "associated_data"_a.none() = nb::none(), "threads"_a = 1)
        .def_prop_ro("tag_length", [](const Aead &a) { return a.tag_len; })
        .def_prop_ro("cipher", [](const Aead &a) { return std::string(karx_cipher_name(a.alg)); })
        .def_prop_ro("mode", [](const Aead &a) { return std::string(a.mode->name); });
    nb::class_<AeadStream>(m, "_AeadStream")
        .def(nb::init<const Aead &, bool, nb::handle, nb::handle, nb::handle, nb::handle>(),
             "aead"_a, "encrypt"_a, "nonce"_a, "tag"_a.none(), "length"_a.none(),
             "aad_length"_a.none())
        .def("authenticate_additional_data", &AeadStream::aad, "data"_a)
        .def("update", &AeadStream::update, "data"_a)
        .def("finalize", &AeadStream::finalize)
        .def("finalize_with_tag", &AeadStream::finalize_with_tag, "tag"_a)
        .def_prop_ro("tag", &AeadStream::get_tag);
    m.def("_aead_key_sizes", &aead_key_sizes, "family"_a,
          "Key lengths in bytes of a cipher family for GCM and CCM ('LEA': (16, 24, 32)).");
}

} // namespace karxpy
