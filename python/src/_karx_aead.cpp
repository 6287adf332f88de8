// karx._karx: GCM and CCM as one class, _Aead, under karx.LEAGCM / CHAMGCM / LEACCM / CHAMCCM.
// The two modes differ only in what a table row holds (the key schedule, seal and open, which
// tag and nonce lengths are allowed); encrypt and decrypt are written once.
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

    Aead(const std::string &mode_name, const std::string &family, nb::handle k_,
         nb::handle tag_length)
    {
        std::memset(&key, 0, sizeof key);
        mode = &aead_mode(mode_name);
        Buf k(k_, "key");
        alg = aead_cipher(family, k.n);
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
        .def(nb::init<const std::string &, const std::string &, nb::handle, nb::handle>(),
             "mode"_a, "family"_a, "key"_a, "tag_length"_a)
        .def("encrypt", &Aead::encrypt, "nonce"_a, "data"_a,
             "associated_data"_a.none() = nb::none(), "threads"_a = 1)
        .def("decrypt", &Aead::decrypt, "nonce"_a, "data"_a,
             "associated_data"_a.none() = nb::none(), "threads"_a = 1)
        .def_prop_ro("tag_length", [](const Aead &a) { return a.tag_len; })
        .def_prop_ro("cipher", [](const Aead &a) { return std::string(karx_cipher_name(a.alg)); });
    m.def("_aead_key_sizes", &aead_key_sizes, "family"_a,
          "Key lengths in bytes of a cipher family for GCM and CCM ('LEA': (16, 24, 32)).");
}

} // namespace karxpy
