// karx._karx: the AEAD modes as one class, _Aead, under karx.LEAGCM / ARIAGCM / ... and
// karx.AEAD; _AeadStream, the streaming encryptor / decryptor behind AEADEncryptionContext and
// AEADDecryptionContext; and the record-job batches (gcm_seal_many, ccm_seal_many, ...).
// Everything runs through karx/aead.h: a mode's nonce and tag rules, its key, one-shots, pool
// forms and streams come from the registry (karx_aead_info and the karx_aead_* calls), so no
// code here branches on GCM versus CCM except the record jobs, which are each mode's own C
// calls. Ciphers: any registered cipher with a 128-bit block (a new one needs no change here).
#include <cstdint>
#include <memory>
#include <vector>

#include "_karx_internal.h"

namespace karxpy {
namespace {

using namespace nb::literals;

// "16, 24 or 32"
std::string one_of(const std::vector<size_t> &v)
{
    std::string s;
    for (size_t i = 0; i < v.size(); i++)
        s += (i == 0 ? "" : i + 1 == v.size() ? " or " : ", ") + std::to_string(v[i]);
    return s;
}

// The longest tag of any AEAD mode (karx_aead_info.tag_max; aead_mode checks it).
constexpr size_t TAG_MAX = 16;

// One AEAD mode as the registry describes it (karx/aead.h): its facts, and the messages made
// from them. Nothing here names a mode: one registered in C is taken as it is.
struct AeadMode {
    karx_aead_alg id{};
    karx_aead_info info{};
    std::string name; // "GCM", as messages print it
    std::string tags; // the allowed tag lengths, for messages: "4, 8, 12, 13, 14, 15 or 16"

    bool tag_ok(size_t t) const { return karx_aead_tag_len_ok(id, t) != 0; }

    // Raises when the nonce length or the payload is not allowed; pre and data_pre start the
    // messages (a record's name in a batch: "nonces[3]: ").
    void nonce_ok(size_t nonce_len, size_t payload, const std::string &pre = "",
                  const std::string &data_pre = "") const
    {
        if (!karx_aead_nonce_len_ok(id, nonce_len)) {
            const size_t lo = info.nonce_min;
            std::string rule = info.nonce_max > 0xffff // no bound a nonce meets in practice (GCM)
                                   ? "at least " + std::to_string(lo) + (lo == 1 ? " byte" : " bytes") +
                                         " (" + std::to_string(info.nonce_default) + " recommended)"
                                   : std::to_string(lo) + " to " + std::to_string(info.nonce_max) +
                                         " bytes";
            raise_status(KARX_ERR_IV_LENGTH, pre + name + " nonce must be " + rule + ", got " +
                                                 std::to_string(nonce_len));
        }
        size_t max = karx_aead_max_payload_bytes(id, nonce_len);
        if (payload > max)
            raise_status(KARX_ERR_DATA_LENGTH, data_pre + name + " with a " +
                                                   std::to_string(nonce_len) +
                                                   "-byte nonce takes at most " +
                                                   std::to_string(max) + " bytes, got " +
                                                   std::to_string(payload));
    }
};

// Every registered AEAD mode, by id, read once from the registry.
const std::vector<AeadMode> &aead_modes()
{
    static const std::vector<AeadMode> modes = [] {
        std::vector<AeadMode> v;
        for (int m = KARX_AEAD_FIRST; m <= KARX_AEAD_LAST; m++) {
            AeadMode a;
            a.id = static_cast<karx_aead_alg>(m);
            if (karx_aead_info_of(a.id, &a.info) != KARX_OK || a.info.tag_max > TAG_MAX)
                continue;
            a.name = a.info.std_name;
            std::vector<size_t> t;
            for (size_t n = a.info.tag_min; n <= a.info.tag_max; n++)
                if (a.tag_ok(n))
                    t.push_back(n);
            a.tags = one_of(t);
            v.push_back(a);
        }
        return v;
    }();
    return modes;
}

const AeadMode &aead_mode(const std::string &name)
{
    karx_aead_alg id;
    if (karx_aead_from_name(name.c_str(), &id) == KARX_OK)
        for (const AeadMode &m : aead_modes())
            if (m.id == id)
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
    karx_aead_key key; // u.gcm / u.ccm: the session key of the record jobs too
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
        alg = exact ? exact_cipher(family, mode->name.c_str()) : aead_cipher(family, k.n);
        if (exact)
            check_key_len(alg, k.n);
        int t = tag_len_arg(tag_length, "tag_length");
        if (t < 0 || !mode->tag_ok(static_cast<size_t>(t)))
            raise_status(KARX_ERR_ARGUMENT, mode->name + " tag_length must be " + mode->tags +
                                                ", got " + arg_str(tag_length));
        tag_len = static_cast<size_t>(t);
        check(karx_aead_set_key(&key, mode->id, alg, k.p, k.n), mode->name + " key");
    }
    Aead(const Aead &) = delete;
    ~Aead() { karx_aead_key_wipe(&key); }

    std::string what(const char *call) const { return mode->name + " " + call; }

    // threads=: a mode that splits a message (info.splits: GCM) runs on a pool; the others
    // (CCM's CBC-MAC is one chain) on this thread whatever threads says.
    size_t split_work(size_t n) const { return mode->info.splits ? n : 0; }

    nb::bytes encrypt(nb::handle nonce, nb::handle data, nb::handle aad, nb::handle threads)
    {
        unsigned nt = threads_arg(threads);
        Buf nn(nonce, "nonce"), in(data, "data");
        OptBuf ad(aad, "associated_data");
        mode->nonce_ok(nn.n, in.n);
        PoolLease lease(nt, split_work(in.n));
        karx_pool *pool = lease.get();
        OutBytes out(in.n + tag_len);
        karx_status st = KARX_OK;
        maybe_nogil(in.n + ad.n, [&] {
            st = karx_aead_seal_pool(pool, &key, nn.p, nn.n, out.data(), out.data() + in.n,
                                     tag_len, in.p, in.n, ad.p, ad.n);
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
        PoolLease lease(nt, split_work(n));
        karx_pool *pool = lease.get();
        OutBytes out(n);
        karx_status st = KARX_OK;
        maybe_nogil(in.n + ad.n, [&] {
            st = karx_aead_open_pool(pool, &key, nn.p, nn.n, out.data(), in.p + n, tag_len, in.p,
                                     n, ad.p, ad.n);
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

// One streaming encryption or decryption (karx_aead_ctx). AAD first, then data, then finalize
// (encryption: the tag; decryption: the tag check). A mode with lengths_first (CCM) needs the
// payload length up front (it is in its first MAC block), and the AAD length before the first
// AAD byte is absorbed: with aad_length declared the AAD streams straight into the context;
// without, it is held here until the first update() or finalize() and absorbed then. For the
// other modes length= and aad_length= are optional and, when given, checked the same way.
// Every call takes the object's lock (one stream may be shared between threads).
struct AeadStream {
    enum Phase { AAD, DATA, DONE };

    Lock lock;
    bool enc = false, started = false, tag_known = false;
    Phase phase = AAD;
    karx_aead_ctx ctx;
    karx_aead_key held; // lengths_first, before the context starts (AAD length not declared)
    std::vector<uint8_t> nonce;
    std::vector<uint8_t> aad_buf;
    bool has_len = false, has_aad_len = false;
    uint64_t len = 0, aad_len = 0, data_n = 0, aad_n = 0;
    uint8_t tag[TAG_MAX] = {};
    size_t tag_len = 0;
    std::string name; // "LEA-128-GCM"

    AeadStream(const Aead &a, bool encrypt, nb::handle nonce_, nb::handle tag_,
               nb::handle length, nb::handle aad_length)
    {
        std::memset(&ctx, 0, sizeof ctx);
        std::memset(&held, 0, sizeof held);
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
        const bool lengths_first = a.mode->info.lengths_first != 0;
        if (lengths_first && !has_len)
            raise_status(KARX_ERR_ARGUMENT,
                         name + " streaming needs the message length up front (" + a.mode->name +
                             " puts it in its first block): pass length=, the total bytes "
                             "update() will be given");
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
        karx_status st = karx_aead_init_key(&ctx, &a.key, dir, nn.p, nn.n, aad_len, len, tag_len);
        if (!lengths_first || has_aad_len) {
            started = st == KARX_OK;
        } else { // that was a trial start, to check the arguments now; the real one comes with
                 // the data, once the AAD length is known
            karx_aead_ctx_wipe(&ctx);
            held = a.key;
            nonce.assign(nn.p, nn.p + nn.n);
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
        karx_aead_ctx_wipe(&ctx);
        karx_aead_key_wipe(&held);
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
            karx_status st = karx_aead_init_key(&ctx, &held, dir, nonce.data(), nonce.size(),
                                                aad_buf.size(), len, tag_len);
            if (st == KARX_OK)
                st = karx_aead_aad(&ctx, aad_buf.data(), aad_buf.size());
            if (st != KARX_OK) {
                f.set(st, name + " stream: " + karx_strerror(st));
                return false;
            }
            karx_aead_key_wipe(&held);
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
                st = karx_aead_aad(&ctx, b.p, b.n);
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
            karx_status st = karx_aead_update(&ctx, out.data(), b.p, b.n);
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
            karx_status st = enc ? karx_aead_final(&ctx, tag, tag_len)
                                 : karx_aead_final_verify(&ctx, want, tag_len);
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
        uint8_t copy[TAG_MAX] = {};
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
            alg = exact_cipher(name, m.name.c_str()); // UnknownAlgorithm, Unsupported
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
    std::vector<karx_aead_key> k;
    ~RawKeys()
    {
        for (karx_aead_key &key : k)
            karx_aead_key_wipe(&key);
    }
};

// Each record's buffers and outcome in a seal_many / open_many call (go[i] 0: not run).
struct Records {
    std::vector<const uint8_t *> in;
    std::vector<uint8_t *> out, tag;
    std::vector<size_t> len;
    std::vector<char> go;
    std::vector<karx_status> status;
    Outs outs;
    explicit Records(size_t n)
        : in(n), out(n), tag(n), len(n), go(n, 1), status(n, KARX_OK), outs(n)
    {
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
        : mode(&aead_mode(mode_name)), gcm(mode->id == KARX_AEAD_GCM), keys(keys_h, "keys"),
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
                raise_status(KARX_ERR_ARGUMENT, mode->name + " tag_length must be " + mode->tags +
                                                    ", got " + arg_str(tag_length));
        }
        RawCipher rc(cipher_h, *mode);
        obj.assign(n, nullptr);
        alg.assign(n, karx_cipher_alg{});
        raw_index.assign(n, 0);
        tl.assign(n, 0);
        for (size_t i = 0; i < n; i++) {
            nb::handle k = keys[i];
            if (nb::isinstance<Aead>(k)) {
                const Aead *a = batch_key<Aead>(k, i, "a key object");
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
        raw.k.resize(n_raw);
        for (size_t i = 0; i < n; i++) {
            if (obj[i] != nullptr)
                continue;
            karx_status st =
                karx_aead_set_key(&raw.k[raw_index[i]], mode->id, alg[i], kb.p[i], kb.n[i]);
            if (st != KARX_OK)
                return st;
        }
        return KARX_OK;
    }
    const karx_aead_key *key(size_t i) const
    {
        return obj[i] != nullptr ? &obj[i]->key : &raw.k[raw_index[i]];
    }

    // Runs the jobs for the records with go[i] (in, out, tag, len per record) on this thread or
    // the pool; each record's status lands in r.status[i].
    void run(bool seal, unsigned threads, Records &r)
    {
        PoolLease lease(threads, work, JOB_POOL_MIN_WORK);
        karx_pool *pool = lease.get();
        karx_status kst = KARX_OK;
        maybe_nogil(work, [&] {
            kst = schedule();
            if (kst != KARX_OK)
                return;
            // One Job (karx_gcm_job, karx_ccm_job) per record with go[i], all run by run_fn. The
            // record jobs are each mode's own calls (karx/aead.h has none): the one place here
            // that names the modes, with the key's union member each takes.
            auto run_jobs = [&](auto job, auto key_of, auto nonce, auto nonce_len, auto run_fn) {
                using Job = decltype(job);
                std::vector<Job> jobs;
                std::vector<size_t> at;
                jobs.reserve(n);
                for (size_t i = 0; i < n; i++) {
                    if (!r.go[i])
                        continue;
                    Job j{};
                    j.key = key_of(i);
                    j.*nonce = nb_.p[i];
                    j.*nonce_len = nb_.n[i];
                    j.aad = ab.p[i];
                    j.aad_len = ab.n[i];
                    j.in = r.in[i];
                    j.out = r.out[i];
                    j.len = r.len[i];
                    j.tag = r.tag[i];
                    j.tag_len = tl[i];
                    jobs.push_back(j);
                    at.push_back(i);
                }
                run_fn(pool, jobs.data(), jobs.size());
                for (size_t k = 0; k < jobs.size(); k++)
                    r.status[at[k]] = jobs[k].status;
            };
            if (gcm)
                run_jobs(karx_gcm_job{}, [&](size_t i) { return &key(i)->u.gcm; }, &karx_gcm_job::iv,
                         &karx_gcm_job::iv_len,
                         seal ? karx_gcm_seal_jobs_pool : karx_gcm_open_jobs_pool);
            else
                run_jobs(karx_ccm_job{}, [&](size_t i) { return &key(i)->u.ccm; }, &karx_ccm_job::nonce,
                         &karx_ccm_job::nonce_len,
                         seal ? karx_ccm_seal_jobs_pool : karx_ccm_open_jobs_pool);
        });
        check(kst, mode->name + " key");
    }
};

nb::list aead_seal_many(const std::string &mode_name, nb::handle keys, nb::handle nonces,
                        nb::handle messages, nb::handle aads, nb::handle cipher,
                        nb::handle tag_length, nb::handle threads)
{
    unsigned nt = threads_arg(threads);
    AeadBatch b(mode_name, keys, nonces, messages, "messages", aads, cipher, tag_length);
    size_t n = b.n;
    Records r(n);
    for (size_t i = 0; i < n; i++) {
        b.mode->nonce_ok(b.nb_.n[i], b.db.n[i], item_name("nonces", i) + ": ",
                         item_name("messages", i) + ": ");
        r.len[i] = b.db.n[i];
        r.in[i] = b.db.p[i];
        r.out[i] = r.outs.make(i, r.len[i] + b.tl[i]);
        r.tag[i] = r.out[i] + r.len[i];
    }
    b.run(true, nt, r);
    for (size_t i = 0; i < n; i++)
        if (r.status[i] != KARX_OK)
            check(r.status[i], item_name("messages", i) + ": " + b.mode->name + " seal");
    return r.outs.take();
}

nb::list aead_open_many(const std::string &mode_name, nb::handle keys, nb::handle nonces,
                        nb::handle records, nb::handle aads, nb::handle cipher,
                        nb::handle tag_length, nb::handle threads)
{
    unsigned nt = threads_arg(threads);
    AeadBatch b(mode_name, keys, nonces, records, "records", aads, cipher, tag_length);
    size_t n = b.n;
    Records r(n);
    for (size_t i = 0; i < n; i++) {
        size_t rn = b.db.n[i], t = b.tl[i];
        if (rn < t) { // shorter than its tag: does not verify, as the one-record decrypt
            b.mode->nonce_ok(b.nb_.n[i], 0, item_name("nonces", i) + ": ");
            r.go[i] = 0;
            r.status[i] = KARX_ERR_AUTHENTICATION;
            continue;
        }
        b.mode->nonce_ok(b.nb_.n[i], rn - t, item_name("nonces", i) + ": ",
                         item_name("records", i) + ": ");
        r.len[i] = rn - t;
        r.in[i] = b.db.p[i];
        r.tag[i] = const_cast<uint8_t *>(b.db.p[i] + r.len[i]); // read only: open checks it
        r.out[i] = r.outs.make(i, r.len[i]);
    }
    b.run(false, nt, r);
    for (size_t i = 0; i < n; i++) {
        if (r.status[i] == KARX_OK)
            continue;
        if (r.status[i] != KARX_ERR_AUTHENTICATION) {
            r.outs.wipe();
            check(r.status[i], item_name("records", i) + ": " + b.mode->name + " open");
        }
        if (r.outs.v[i] != nullptr) {
            karx_memzero(PyBytes_AS_STRING(r.outs.v[i]), r.len[i]);
            Py_CLEAR(r.outs.v[i]);
        }
    }
    return r.outs.take();
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
