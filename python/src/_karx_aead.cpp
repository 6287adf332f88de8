// karx._karx: GCM and CCM as one class, _Aead, under karx.LEAGCM / ARIAGCM / ... and karx.AEAD;
// and _AeadStream, the streaming encryptor / decryptor behind AEADEncryptionContext and
// AEADDecryptionContext. The two modes differ only in what a table row holds (the key schedule,
// seal and open, which tag and nonce lengths are allowed); encrypt and decrypt are written once.
// Ciphers: any registered cipher with a 128-bit block (from the registry, so a new one needs no
// change here).
#include <strings.h>

#include <cstdint>
#include <memory>
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
    karx_ccm_key ccm; // CCM: the session key of the record jobs (karx_ccm_seal_jobs)
    const AeadMode *mode;
    karx_cipher_alg alg;
    size_t tag_len;

    // family: a cipher family ("LEA": the key length picks LEA-128/192/256), or with exact a
    // cipher name as the registry spells it ("aria128", "ARIA-128").
    Aead(const std::string &mode_name, const std::string &family, nb::handle k_,
         nb::handle tag_length, bool exact)
    {
        std::memset(&key, 0, sizeof key);
        std::memset(&ccm, 0, sizeof ccm);
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
        if (!gcm())
            check(karx_ccm_set_key(&ccm, alg, k.p, k.n), "CCM key");
    }
    Aead(const Aead &) = delete;
    ~Aead()
    {
        mode->wipe(&key);
        karx_ccm_key_wipe(&ccm);
    }

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

// ---------------------------------------------------------------- record jobs (issue 26)
//
// _aead_seal_many / _aead_open_many: a batch of records, each under its own key and nonce, run
// as one karx_gcm_seal_jobs / karx_ccm_seal_jobs (or open) call, on a pool with threads=. A key
// is a key object (an _Aead of the batch's mode: its scheduled key is used as it is, and its
// tag_length unless tag_length= is given) or raw key bytes with cipher= (a family such as
// "LEA", the key length picking LEA-128/192/256, or a cipher such as "aria256"), scheduled for
// this call. Argument errors raise before any record is processed, naming the record
// ("nonces[3]: ..."); a record that fails authentication is None in the result of an open.

// The nonce and length rules of the one-record calls, naming record i.
void job_nonce_ok(bool gcm, size_t i, size_t nl, size_t payload, const char *data_what)
{
    if (gcm) {
        if (nl == 0)
            raise_status(KARX_ERR_IV_LENGTH, item_name("nonces", i) +
                                                 ": GCM nonce must be at least 1 byte (12 "
                                                 "recommended), got 0");
        if (payload > karx_gcm_max_payload_bytes())
            raise_status(KARX_ERR_DATA_LENGTH, item_name(data_what, i) +
                                                   ": GCM data must be at most 2**36 - 32 bytes, "
                                                   "got " +
                                                   std::to_string(payload));
        return;
    }
    if (nl < KARX_CCM_NONCE_MIN_BYTES || nl > KARX_CCM_NONCE_MAX_BYTES)
        raise_status(KARX_ERR_IV_LENGTH, item_name("nonces", i) +
                                             ": CCM nonce must be 7 to 13 bytes, got " +
                                             std::to_string(nl));
    size_t max = karx_ccm_max_payload_bytes(nl);
    if (payload > max)
        raise_status(KARX_ERR_DATA_LENGTH, item_name(data_what, i) + ": CCM with a " +
                                               std::to_string(nl) + "-byte nonce takes at most " +
                                               std::to_string(max) + " bytes, got " +
                                               std::to_string(payload));
}

// cipher= of a batch: the cipher of a raw key.
struct RawCipher {
    bool given = false, family = false;
    std::string name;
    karx_cipher_alg alg{};
    size_t last_len = SIZE_MAX; // family: the key length alg was found for (none yet)
    const AeadMode *mode;

    RawCipher(nb::handle h, const AeadMode &m) : mode(&m)
    {
        if (h.is_none())
            return;
        if (!PyUnicode_Check(h.ptr()))
            raise_type("cipher: expected str or None, got " + tp_name_of(h));
        given = true;
        name = nb::cast<std::string>(h);
        family = !family_key_sizes(name).empty();
        if (!family)
            alg = exact_cipher(name, m.name); // UnknownAlgorithm, Unsupported
    }

    karx_cipher_alg for_key(size_t i, size_t key_len)
    {
        if (!given)
            raise_status(KARX_ERR_ARGUMENT,
                         item_name("keys", i) +
                             ": raw key bytes need cipher= (a family such as 'LEA' or a "
                             "cipher name as karx.algorithms('cipher') lists it); or pass a "
                             "key object (karx.LEA" +
                             mode->name + "(key), karx.AEAD(cipher, '" + mode->name + "', key))");
        if (!family) {
            size_t want = karx_cipher_key_bytes(alg);
            if (key_len != want)
                raise_status(KARX_ERR_KEY_LENGTH, item_name("keys", i) + ": " +
                                                      karx_cipher_name(alg) + " key must be " +
                                                      std::to_string(want) + " bytes, got " +
                                                      std::to_string(key_len));
            return alg;
        }
        if (last_len != key_len) {
            karx_alg_info a;
            if (!family_cipher(name, key_len, &a))
                raise_status(KARX_ERR_KEY_LENGTH,
                             item_name("keys", i) + ": " + name + " key must be " +
                                 one_of(family_key_sizes(name)) + " bytes, got " +
                                 std::to_string(key_len));
            alg = cipher_id(a);
            last_len = key_len;
        }
        return alg;
    }
};

// Keys scheduled for one call (raw key bytes), wiped when it ends.
struct RawKeys {
    std::vector<AeadKey> g;
    std::vector<karx_ccm_key> c;
    ~RawKeys()
    {
        for (AeadKey &k : g)
            karx_gcm_key_wipe(&k);
        for (karx_ccm_key &k : c)
            karx_ccm_key_wipe(&k);
    }
};

// The arguments of a batch, checked, with views of every buffer.
struct AeadBatch {
    const AeadMode *mode;
    bool gcm;
    Items keys, nonces, data, aads;
    size_t n;
    Views kb, nb_, db, ab;
    std::vector<const Aead *> obj;     // the key object, or nullptr for raw bytes
    std::vector<karx_cipher_alg> alg;  // raw keys: their cipher
    std::vector<size_t> raw_index;     // raw keys: their slot in raw
    std::vector<size_t> tl;            // each record's tag length
    RawKeys raw;
    size_t n_raw = 0, work = 0;

    AeadBatch(const std::string &mode_name, nb::handle keys_h, nb::handle nonces_h,
              nb::handle data_h, const char *data_what, nb::handle aads_h, nb::handle cipher_h,
              nb::handle tag_length)
        : mode(&aead_mode(mode_name)), gcm(mode == &MODES[0]), keys(keys_h, "keys"),
          nonces(nonces_h, "nonces"), data(data_h, data_what),
          aads(aads_h, "associated_data", true), n(keys.n), kb(n), nb_(n), db(n), ab(n)
    {
        same_count(n, "keys", nonces.n, "nonces");
        same_count(n, "keys", data.n, data_what);
        if (aads.present)
            same_count(n, "keys", aads.n, "associated_data items");
        int forced = -1;
        if (!tag_length.is_none()) {
            forced = tag_len_arg(tag_length, "tag_length");
            if (forced < 0 || !mode->tag_ok(static_cast<size_t>(forced)))
                raise_status(KARX_ERR_ARGUMENT, std::string(mode->name) + " tag_length must be " +
                                                    mode->tags + ", got " + arg_str(tag_length));
        }
        RawCipher rc(cipher_h, *mode);
        obj.assign(n, nullptr);
        alg.assign(n, karx_cipher_alg{});
        raw_index.assign(n, 0);
        tl.assign(n, 0);
        for (size_t i = 0; i < n; i++) {
            nb::handle k = keys[i];
            if (nb::isinstance<Aead>(k)) {
                if (!nb::inst_ready(k))
                    raise_status(KARX_ERR_STATE, item_name("keys", i) +
                                                     ": a key object that was never initialised");
                const Aead *a = nb::inst_ptr<Aead>(k);
                if (a->mode != mode)
                    raise_status(KARX_ERR_ARGUMENT,
                                 item_name("keys", i) + ": a " + a->mode->name +
                                     " key object in a " + mode->name + " batch");
                obj[i] = a;
            } else {
                kb.set(i, k, "keys");
                alg[i] = rc.for_key(i, kb.n[i]);
                raw_index[i] = n_raw++;
            }
            tl[i] = forced >= 0 ? static_cast<size_t>(forced) : obj[i] ? obj[i]->tag_len : 16;
            nb_.set(i, nonces[i], "nonces");
            db.set(i, data[i], data_what);
            if (aads.present && !aads[i].is_none())
                ab.set(i, aads[i], "associated_data");
            work += db.n[i] + ab.n[i] + JOB_COST;
        }
    }

    // Schedules the raw keys (with the GIL released: a GCM key takes H and its powers).
    karx_status schedule()
    {
        if (n_raw == 0)
            return KARX_OK;
        if (gcm)
            raw.g.resize(n_raw);
        else
            raw.c.resize(n_raw);
        for (size_t i = 0; i < n; i++) {
            if (obj[i] != nullptr)
                continue;
            karx_status st =
                gcm ? karx_gcm_set_key(&raw.g[raw_index[i]], alg[i], kb.p[i], kb.n[i])
                    : karx_ccm_set_key(&raw.c[raw_index[i]], alg[i], kb.p[i], kb.n[i]);
            if (st != KARX_OK)
                return st;
        }
        return KARX_OK;
    }
    const AeadKey *gkey(size_t i) const
    {
        return obj[i] != nullptr ? &obj[i]->key : &raw.g[raw_index[i]];
    }
    const karx_ccm_key *ckey(size_t i) const
    {
        return obj[i] != nullptr ? &obj[i]->ccm : &raw.c[raw_index[i]];
    }

    // Runs the jobs for the records with go[i] (in, out, tag, len per record) on this thread or
    // the pool; each record's status lands in status[i].
    void run(bool seal, unsigned threads, const std::vector<const uint8_t *> &in,
             const std::vector<uint8_t *> &out, const std::vector<uint8_t *> &tag,
             const std::vector<size_t> &len, const std::vector<char> &go,
             std::vector<karx_status> &status)
    {
        PoolLease lease(threads, work, JOB_POOL_MIN_WORK);
        karx_pool *pool = lease.get();
        karx_status kst = KARX_OK;
        maybe_nogil(work, [&] {
            kst = schedule();
            if (kst != KARX_OK)
                return;
            // One Job (karx_gcm_job, karx_ccm_job) per record with go[i], all run by run_fn.
            auto run_jobs = [&](auto job, auto key_of, auto nonce, auto nonce_len, auto run_fn) {
                using Job = decltype(job);
                std::vector<Job> jobs;
                std::vector<size_t> at;
                jobs.reserve(n);
                for (size_t i = 0; i < n; i++) {
                    if (!go[i])
                        continue;
                    Job j{};
                    j.key = key_of(i);
                    j.*nonce = nb_.p[i];
                    j.*nonce_len = nb_.n[i];
                    j.aad = ab.p[i];
                    j.aad_len = ab.n[i];
                    j.in = in[i];
                    j.out = out[i];
                    j.len = len[i];
                    j.tag = tag[i];
                    j.tag_len = tl[i];
                    jobs.push_back(j);
                    at.push_back(i);
                }
                run_fn(pool, jobs.data(), jobs.size());
                for (size_t k = 0; k < jobs.size(); k++)
                    status[at[k]] = jobs[k].status;
            };
            if (gcm)
                run_jobs(karx_gcm_job{}, [&](size_t i) { return gkey(i); }, &karx_gcm_job::iv,
                         &karx_gcm_job::iv_len,
                         seal ? karx_gcm_seal_jobs_pool : karx_gcm_open_jobs_pool);
            else
                run_jobs(karx_ccm_job{}, [&](size_t i) { return ckey(i); }, &karx_ccm_job::nonce,
                         &karx_ccm_job::nonce_len,
                         seal ? karx_ccm_seal_jobs_pool : karx_ccm_open_jobs_pool);
        });
        check(kst, std::string(mode->name) + " key");
    }
};

nb::list aead_seal_many(const std::string &mode_name, nb::handle keys, nb::handle nonces,
                        nb::handle messages, nb::handle aads, nb::handle cipher,
                        nb::handle tag_length, nb::handle threads)
{
    unsigned nt = threads_arg(threads);
    AeadBatch b(mode_name, keys, nonces, messages, "messages", aads, cipher, tag_length);
    size_t n = b.n;
    std::vector<const uint8_t *> in(n);
    std::vector<uint8_t *> out(n), tag(n);
    std::vector<size_t> len(n);
    std::vector<char> go(n, 1);
    std::vector<karx_status> status(n, KARX_OK);
    Outs outs(n);
    for (size_t i = 0; i < n; i++) {
        job_nonce_ok(b.gcm, i, b.nb_.n[i], b.db.n[i], "messages");
        len[i] = b.db.n[i];
        in[i] = b.db.p[i];
        out[i] = outs.make(i, len[i] + b.tl[i]);
        tag[i] = out[i] + len[i];
    }
    b.run(true, nt, in, out, tag, len, go, status);
    for (size_t i = 0; i < n; i++)
        if (status[i] != KARX_OK)
            check(status[i], item_name("messages", i) + ": " + b.mode->name + " seal");
    return outs.take();
}

nb::list aead_open_many(const std::string &mode_name, nb::handle keys, nb::handle nonces,
                        nb::handle records, nb::handle aads, nb::handle cipher,
                        nb::handle tag_length, nb::handle threads)
{
    unsigned nt = threads_arg(threads);
    AeadBatch b(mode_name, keys, nonces, records, "records", aads, cipher, tag_length);
    size_t n = b.n;
    std::vector<const uint8_t *> in(n);
    std::vector<uint8_t *> out(n), tag(n);
    std::vector<size_t> len(n);
    std::vector<char> go(n, 1);
    std::vector<karx_status> status(n, KARX_OK);
    Outs outs(n);
    for (size_t i = 0; i < n; i++) {
        size_t rn = b.db.n[i], t = b.tl[i];
        if (rn < t) { // shorter than its tag: does not verify, as the one-record decrypt
            job_nonce_ok(b.gcm, i, b.nb_.n[i], 0, "records");
            go[i] = 0;
            status[i] = KARX_ERR_AUTHENTICATION;
            continue;
        }
        job_nonce_ok(b.gcm, i, b.nb_.n[i], rn - t, "records");
        len[i] = rn - t;
        in[i] = b.db.p[i];
        tag[i] = const_cast<uint8_t *>(b.db.p[i] + len[i]); // read only: open checks it
        out[i] = outs.make(i, len[i]);
    }
    b.run(false, nt, in, out, tag, len, go, status);
    for (size_t i = 0; i < n; i++) {
        if (status[i] == KARX_OK)
            continue;
        if (status[i] != KARX_ERR_AUTHENTICATION) {
            outs.wipe();
            check(status[i], item_name("records", i) + ": " + b.mode->name + " open");
        }
        if (outs.v[i] != nullptr) {
            karx_memzero(PyBytes_AS_STRING(outs.v[i]), len[i]);
            Py_CLEAR(outs.v[i]);
        }
    }
    return outs.take();
}

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
    m.def("_aead_seal_many", &aead_seal_many, "mode"_a, "keys"_a, "nonces"_a, "messages"_a,
          "associated_data"_a.none(), "cipher"_a.none(), "tag_length"_a.none(), "threads"_a,
          "Record jobs: seal n records, each under its own key and nonce (karx.gcm_seal_many).");
    m.def("_aead_open_many", &aead_open_many, "mode"_a, "keys"_a, "nonces"_a, "records"_a,
          "associated_data"_a.none(), "cipher"_a.none(), "tag_length"_a.none(), "threads"_a,
          "Record jobs: open n records; None where a record does not verify.");
    m.def("_aead_key_sizes", &aead_key_sizes, "family"_a,
          "Key lengths in bytes of a cipher family for GCM and CCM ('LEA': (16, 24, 32)).");
}

} // namespace karxpy
