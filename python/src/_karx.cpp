// karx._karx: the nanobind module under the karx Python package (python/src/karx/).
//
// Every fallible C call returns a karx_status; raise_status() turns it into the matching
// karx.KarxError subclass (registered from Python by _register_errors), with a message that says
// what was expected and what was given where the binding knows both.
//
// Threads: calls that may run long (hash updates of 2 KiB or more, ciphers and AEAD on 2 KiB or
// more, PBKDF2, DRBG requests over 64 KiB, batches) release the GIL. Objects with state (hash,
// cipher stream, DRBG) take their own mutex around every access to the C context, so one object
// may be shared between threads; AEAD objects hold a scheduled key that is only read after
// construction (the C API allows concurrent use), so they need no lock.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

#include <Python.h>

#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include <unistd.h>

extern "C" {
#include <karx/karx.h>
#ifdef KARX_PY_HAVE_GPU
#include <karx/gpu.h>
#endif
}

namespace nb = nanobind;
using namespace nb::literals;

namespace {

// ---------------------------------------------------------------- errors

PyObject *g_errors[32];                // indexed by -status; new references (kept for life)

[[noreturn]] void raise_status(karx_status st, const std::string &msg)
{
    int idx = -static_cast<int>(st);
    PyObject *type = (idx > 0 && idx < 32 && g_errors[idx]) ? g_errors[idx] : PyExc_RuntimeError;
    std::string text = msg.empty() ? std::string(karx_strerror(st)) : msg;
    PyErr_SetString(type, text.c_str());
    throw nb::python_error();
}

[[noreturn]] void raise_status(karx_status st) { raise_status(st, std::string()); }

void check(karx_status st)
{
    if (st != KARX_OK)
        raise_status(st);
}

void check(karx_status st, const std::string &what)
{
    if (st != KARX_OK)
        raise_status(st, what + ": " + karx_strerror(st));
}

[[noreturn]] void raise_type(const std::string &msg)
{
    PyErr_SetString(PyExc_TypeError, msg.c_str());
    throw nb::python_error();
}

void register_errors(nb::dict mapping)
{
    for (auto item : mapping) {
        int st = nb::cast<int>(item.first);
        int idx = -st;
        if (idx <= 0 || idx >= 32)
            continue;
        PyObject *t = item.second.ptr();
        Py_INCREF(t);
        Py_XDECREF(g_errors[idx]);
        g_errors[idx] = t;
    }
}

std::string tp_name_of(nb::handle h) { return std::string(Py_TYPE(h.ptr())->tp_name); }

// ---------------------------------------------------------------- bytes-like input

// Acquires view of o with flags. Like hashlib: a non-buffer raises TypeError, and a buffer that
// is not C-contiguous (memoryview(b)[::2], a strided NumPy array) raises BufferError, "underlying
// buffer is not C-contiguous" (hashlib passes NumPy's ValueError through; here it is one type for
// every exporter). Any other refusal raises the exporter's own exception.
void get_view(PyObject *o, Py_buffer *view, int flags, const std::string &what)
{
    if (PyObject_GetBuffer(o, view, flags) == 0)
        return;
    PyErr_Clear();
    if (!PyObject_CheckBuffer(o))
        raise_type(what + ": expected a bytes-like object, got " + std::string(Py_TYPE(o)->tp_name));
    Py_buffer any;
    bool strided = false;
    if (PyObject_GetBuffer(o, &any, PyBUF_FULL_RO) == 0) {
        strided = PyBuffer_IsContiguous(&any, 'C') == 0;
        PyBuffer_Release(&any);
    } else {
        PyErr_Clear();
    }
    if (strided) {
        PyErr_SetString(PyExc_BufferError, (what + ": underlying buffer is not C-contiguous").c_str());
        throw nb::python_error();
    }
    if (PyObject_GetBuffer(o, view, flags) != 0) // ask again, to raise the exporter's own error
        throw nb::python_error();
}

// A read-only view of a bytes-like argument: bytes directly, anything else through the buffer
// protocol (C-contiguous). str is refused with TypeError, as hashlib does.
struct Buf {
    const uint8_t *p = nullptr;
    size_t n = 0;
    Py_buffer view{};
    bool has_view = false;

    Buf() = default;
    Buf(nb::handle h, const char *what) { set(h, what); }
    Buf(const Buf &) = delete;
    Buf &operator=(const Buf &) = delete;
    ~Buf()
    {
        if (has_view)
            PyBuffer_Release(&view);
    }
    void set(nb::handle h, const char *what)
    {
        PyObject *o = h.ptr();
        if (PyBytes_Check(o)) {
            p = reinterpret_cast<const uint8_t *>(PyBytes_AS_STRING(o));
            n = static_cast<size_t>(PyBytes_GET_SIZE(o));
            return;
        }
        if (PyUnicode_Check(o))
            raise_type(std::string(what) + ": strings must be encoded to bytes first (got str)");
        get_view(o, &view, PyBUF_SIMPLE, what);
        has_view = true;
        p = static_cast<const uint8_t *>(view.buf);
        n = static_cast<size_t>(view.len);
    }
};

// An optional bytes-like argument (None = absent).
struct OptBuf : Buf {
    bool present = false;
    OptBuf(nb::handle h, const char *what)
    {
        if (!h.is_none()) {
            set(h, what);
            present = true;
        }
    }
};

// A new bytes object of n bytes to be filled, shrunk with finish() if fewer were written.
struct OutBytes {
    PyObject *obj;
    explicit OutBytes(size_t n)
    {
        obj = PyBytes_FromStringAndSize(nullptr, static_cast<Py_ssize_t>(n));
        if (!obj)
            throw nb::python_error();
    }
    OutBytes(const OutBytes &) = delete;
    OutBytes &operator=(const OutBytes &) = delete;
    ~OutBytes() { Py_XDECREF(obj); }
    uint8_t *data() { return reinterpret_cast<uint8_t *>(PyBytes_AS_STRING(obj)); }
    void wipe() { karx_memzero(data(), static_cast<size_t>(PyBytes_GET_SIZE(obj))); }
    nb::bytes finish(size_t used)
    {
        if (static_cast<Py_ssize_t>(used) != PyBytes_GET_SIZE(obj)) {
            if (_PyBytes_Resize(&obj, static_cast<Py_ssize_t>(used)) != 0) {
                obj = nullptr;
                throw nb::python_error();
            }
        }
        PyObject *o = obj;
        obj = nullptr;
        return nb::steal<nb::bytes>(o);
    }
};

constexpr size_t GIL_THRESHOLD = 2048; // as hashlib: shorter work keeps the GIL

// A mutex that a copied or moved object gets fresh (locks are per object, never shared).
struct Lock {
    std::mutex m;
    Lock() = default;
    Lock(const Lock &) {}
    Lock &operator=(const Lock &) { return *this; }
};

// Runs f with the GIL released when big, always under the object's lock.
template <class F> void locked(Lock &lk, size_t work, F &&f)
{
    if (work >= GIL_THRESHOLD) {
        nb::gil_scoped_release rel;
        std::lock_guard<std::mutex> g(lk.m);
        f();
    } else {
        std::lock_guard<std::mutex> g(lk.m);
        f();
    }
}

template <class F> void maybe_nogil(size_t work, F &&f)
{
    if (work >= GIL_THRESHOLD) {
        nb::gil_scoped_release rel;
        f();
    } else {
        f();
    }
}

const char HEX[] = "0123456789abcdef";

nb::str to_hex(const uint8_t *d, size_t n)
{
    char buf[2 * KARX_LSH_MAX_DIGEST_BYTES];
    std::string big;
    char *o = buf;
    if (2 * n > sizeof buf) {
        big.resize(2 * n);
        o = &big[0];
    }
    for (size_t i = 0; i < n; i++) {
        o[2 * i] = HEX[d[i] >> 4];
        o[2 * i + 1] = HEX[d[i] & 15];
    }
    return nb::str(o, 2 * n);
}

// ---------------------------------------------------------------- names

std::string norm_name(const std::string &s)
{
    std::string r(s);
    for (char &c : r) {
        if (c == '_')
            c = '-';
        else if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    }
    return r;
}

karx_lsh_alg lsh_alg(const std::string &name)
{
    karx_lsh_alg alg;
    if (karx_lsh_alg_from_name(name.c_str(), &alg) == KARX_OK)
        return alg;
    // Any case, with or without '-' / '_': "LSH_512_256", "lsh512256", "Lsh-512-256".
    std::string key;
    for (char c : norm_name(name))
        if (c != '-')
            key += c;
    for (int a = KARX_LSH256_224; a <= KARX_LSH512_512; a++) {
        std::string canon;
        for (const char *p = karx_lsh_alg_name(static_cast<karx_lsh_alg>(a)); *p; p++)
            if (*p != '-')
                canon += *p;
        if (canon == key)
            return static_cast<karx_lsh_alg>(a);
    }
    {
        raise_status(KARX_ERR_UNKNOWN_ALGORITHM,
                     "unknown hash '" + name +
                         "' (expected lsh256-224, lsh256-256, lsh512-224, lsh512-256, "
                         "lsh512-384 or lsh512-512)");
    }
}

karx_cipher_alg cipher_alg(const std::string &name)
{
    karx_cipher_alg alg;
    if (karx_cipher_from_name(name.c_str(), &alg) != KARX_OK &&
        karx_cipher_from_name(norm_name(name).c_str(), &alg) != KARX_OK)
        raise_status(KARX_ERR_UNKNOWN_ALGORITHM,
                     "unknown cipher '" + name +
                         "' (expected lea128, lea192, lea256, hight, cham64-128, cham128-128 "
                         "or cham128-256)");
    return alg;
}

karx_mode cipher_mode(const std::string &name)
{
    karx_mode m;
    if (karx_mode_from_name(norm_name(name).c_str(), &m) != KARX_OK)
        raise_status(KARX_ERR_UNKNOWN_ALGORITHM,
                     "unknown mode '" + name +
                         "' (expected ecb, cbc, ctr, cfb, cfb8, cfb64 or ofb)");
    return m;
}

void check_key_len(karx_cipher_alg alg, size_t got)
{
    size_t want = karx_cipher_key_bytes(alg);
    if (got != want)
        raise_status(KARX_ERR_KEY_LENGTH, std::string(karx_cipher_name(alg)) +
                                              " key must be " + std::to_string(want) +
                                              " bytes, got " + std::to_string(got));
}

// ---------------------------------------------------------------- hashes

struct Hash {
    karx_lsh_ctx ctx;
    Lock lock;
    karx_lsh_alg alg;

    explicit Hash(karx_lsh_alg a) : alg(a) { check(karx_lsh_init(&ctx, a)); }
    Hash(const Hash &o) : lock(), alg(o.alg) { ctx = o.ctx; }
    ~Hash() { karx_memzero(&ctx, sizeof ctx); }

    void update_buf(const Buf &b)
    {
        karx_status st = KARX_OK;
        locked(lock, b.n, [&] { st = karx_lsh_update(&ctx, b.p, b.n); });
        if (st == KARX_ERR_STATE)
            raise_status(st, "update(): no more input after a partial final byte (update_bits)");
        check(st, "update");
    }
    void update(nb::handle data)
    {
        Buf b(data, "update()");
        update_buf(b);
    }
    // KISA bit-length input: the first bitlen bits of data (a final partial byte uses its high
    // bits); after a length that is not a multiple of 8 only digest() is allowed.
    void update_bits(nb::handle data, unsigned long long bitlen)
    {
        Buf b(data, "update_bits()");
        if (bitlen > 8ull * b.n)
            raise_status(KARX_ERR_DATA_LENGTH, "update_bits(): bitlen " + std::to_string(bitlen) +
                                                   " exceeds the " + std::to_string(8ull * b.n) +
                                                   " bits given");
        karx_status st = KARX_OK;
        locked(lock, b.n, [&] { st = karx_lsh_update_bits(&ctx, b.p, static_cast<size_t>(bitlen)); });
        if (st == KARX_ERR_STATE)
            raise_status(st, "update_bits(): no more input after a partial final byte");
        check(st, "update_bits");
    }
    size_t digest_into(uint8_t *out)
    {
        karx_lsh_ctx c;
        {
            std::lock_guard<std::mutex> g(lock.m);
            c = ctx;
        }
        size_t d = karx_lsh_digest_bytes(alg);
        karx_status st = karx_lsh_final(&c, out, d); // final wipes the copy
        check(st, "digest");
        return d;
    }
    nb::bytes digest()
    {
        uint8_t out[KARX_LSH_MAX_DIGEST_BYTES];
        size_t d = digest_into(out);
        return nb::bytes(reinterpret_cast<const char *>(out), d);
    }
    nb::str hexdigest()
    {
        uint8_t out[KARX_LSH_MAX_DIGEST_BYTES];
        size_t d = digest_into(out);
        return to_hex(out, d);
    }
    Hash copy()
    {
        std::lock_guard<std::mutex> g(lock.m);
        return Hash(*this);
    }
};

Hash make_hash(karx_lsh_alg alg, nb::handle data)
{
    Hash h(alg);
    if (!data.is_none()) {
        Buf b(data, "data");
        if (b.n >= GIL_THRESHOLD) {
            h.update_buf(b);
        } else if (b.n) {
            // not shared with any other thread yet: no lock needed
            check(karx_lsh_update(&h.ctx, b.p, b.n), "update");
        }
    }
    return h;
}

nb::bytes hmac_digest(nb::handle key, nb::handle msg, const std::string &name)
{
    karx_lsh_alg alg = lsh_alg(name);
    Buf k(key, "key"), m(msg, "msg");
    uint8_t out[KARX_LSH_MAX_DIGEST_BYTES];
    size_t d = karx_lsh_digest_bytes(alg);
    karx_status st = KARX_OK;
    maybe_nogil(m.n + k.n, [&] { st = karx_hmac_lsh(alg, out, d, k.p, k.n, m.p, m.n); });
    check(st, "hmac_digest");
    nb::bytes r(reinterpret_cast<const char *>(out), d);
    karx_memzero(out, sizeof out);
    return r;
}

nb::bytes pbkdf2_hmac(const std::string &name, nb::handle password, nb::handle salt,
                      nb::handle iterations, nb::handle dklen)
{
    karx_lsh_alg alg = lsh_alg(name);
    Buf pw(password, "password"), sa(salt, "salt");
    if (!PyLong_Check(iterations.ptr()))
        raise_type("iterations: expected int, got " + tp_name_of(iterations));
    long long it = PyLong_AsLongLong(iterations.ptr());
    if (it == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        it = -1;
    }
    if (it < 1)
        raise_status(KARX_ERR_ARGUMENT, "iterations must be at least 1, got " +
                                            nb::cast<std::string>(nb::str(iterations)));
    if (it > 0xffffffffLL)
        raise_status(KARX_ERR_ARGUMENT, "iterations must be below 2**32, got " +
                                            std::to_string(it));
    size_t hlen = karx_lsh_digest_bytes(alg);
    size_t n = hlen;
    if (!dklen.is_none()) {
        if (!PyLong_Check(dklen.ptr()))
            raise_type("dklen: expected int or None, got " + tp_name_of(dklen));
        long long v = PyLong_AsLongLong(dklen.ptr());
        if (v == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            v = -1;
        }
        if (v < 1)
            raise_status(KARX_ERR_OUTPUT_LENGTH,
                         "dklen must be at least 1, got " + nb::cast<std::string>(nb::str(dklen)));
        if (static_cast<unsigned long long>(v) > 0xffffffffULL * hlen)
            raise_status(KARX_ERR_OUTPUT_LENGTH, "dklen must be at most (2**32 - 1) * " +
                                                     std::to_string(hlen) + ", got " +
                                                     std::to_string(v));
        n = static_cast<size_t>(v);
    }
    OutBytes out(n);
    karx_status st;
    {
        nb::gil_scoped_release rel;
        st = karx_pbkdf2_hmac_lsh(alg, out.data(), n, pw.p, pw.n, sa.p, sa.n,
                                  static_cast<uint32_t>(it));
    }
    check(st, "pbkdf2_hmac");
    return out.finish(n);
}

// ---------------------------------------------------------------- ciphers

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
        mode = cipher_mode(mode_name);
        encrypt = enc;
        Buf k(key, "key");
        OptBuf v(iv, "iv");
        check_key_len(alg, k.n);
        size_t want = karx_mode_iv_bytes(alg, mode);
        std::string what = std::string(karx_cipher_name(alg)) + "-" + karx_mode_name(mode);
        if (want == 0 && v.present && v.n != 0)
            raise_status(KARX_ERR_IV_LENGTH,
                         what + " takes no IV, got " + std::to_string(v.n) + " bytes");
        if (want != 0 && !v.present)
            raise_status(KARX_ERR_IV_LENGTH,
                         what + " needs a " + std::to_string(want) + "-byte IV, got None");
        if (want != 0 && v.n != want)
            raise_status(KARX_ERR_IV_LENGTH, what + " IV must be " + std::to_string(want) +
                                                 " bytes, got " + std::to_string(v.n));
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

    nb::bytes update(nb::handle data)
    {
        Buf in(data, "update()");
        OutBytes out(in.n + KARX_MAX_BLOCK_BYTES);
        size_t n = 0;
        karx_status st = KARX_OK;
        bool was_done = false;
        locked(lock, in.n, [&] {
            if (done) {
                was_done = true;
                return;
            }
            st = karx_cipher_update(&ctx, out.data(), in.n + KARX_MAX_BLOCK_BYTES, &n, in.p,
                                    in.n);
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

// ---------------------------------------------------------------- AEAD

int tag_len_arg(nb::handle h)
{
    if (!PyLong_Check(h.ptr()))
        raise_type("tag_length: expected int, got " + tp_name_of(h));
    long v = PyLong_AsLong(h.ptr());
    if (v == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        v = -1;
    }
    return static_cast<int>(v < -1 || v > 1024 ? -1 : v);
}

// alg from key length for a 128-bit-block family ("lea" or "cham").
karx_cipher_alg aead_alg(const std::string &family, size_t key_len)
{
    if (family == "lea") {
        if (key_len == 16) return KARX_CIPHER_LEA128;
        if (key_len == 24) return KARX_CIPHER_LEA192;
        if (key_len == 32) return KARX_CIPHER_LEA256;
        raise_status(KARX_ERR_KEY_LENGTH,
                     "LEA key must be 16, 24 or 32 bytes, got " + std::to_string(key_len));
    }
    if (family == "cham") {
        if (key_len == 16) return KARX_CIPHER_CHAM128_128;
        if (key_len == 32) return KARX_CIPHER_CHAM128_256;
        raise_status(KARX_ERR_KEY_LENGTH,
                     "CHAM-128 key must be 16 or 32 bytes, got " + std::to_string(key_len));
    }
    raise_status(KARX_ERR_UNKNOWN_ALGORITHM, "unknown AEAD cipher family '" + family + "'");
}

struct Gcm {
    karx_gcm_key gk;
    karx_cipher_alg alg;
    size_t tag_len;

    Gcm(const std::string &family, nb::handle key, nb::handle tag_length)
    {
        Buf k(key, "key");
        alg = aead_alg(family, k.n);
        int t = tag_len_arg(tag_length);
        if (t < 0 || !karx_gcm_tag_len_ok(static_cast<size_t>(t)))
            raise_status(KARX_ERR_ARGUMENT,
                         "GCM tag_length must be 4, 8, 12, 13, 14, 15 or 16, got " +
                             std::to_string(t));
        tag_len = static_cast<size_t>(t);
        check(karx_gcm_set_key(&gk, alg, k.p, k.n), "GCM key");
    }
    Gcm(const Gcm &) = delete;
    ~Gcm() { karx_gcm_key_wipe(&gk); }

    static void nonce_ok(const Buf &n)
    {
        if (n.n == 0)
            raise_status(KARX_ERR_IV_LENGTH, "GCM nonce must be at least 1 byte (12 recommended), got 0");
    }

    nb::bytes encrypt(nb::handle nonce, nb::handle data, nb::handle aad)
    {
        Buf nn(nonce, "nonce"), in(data, "data");
        OptBuf ad(aad, "associated_data");
        nonce_ok(nn);
        if (in.n > karx_gcm_max_payload_bytes())
            raise_status(KARX_ERR_DATA_LENGTH, "GCM data must be at most 2**36 - 32 bytes, got " +
                                                   std::to_string(in.n));
        OutBytes out(in.n + tag_len);
        karx_status st = KARX_OK;
        maybe_nogil(in.n + ad.n, [&] {
            st = karx_gcm_seal(&gk, nn.p, nn.n, ad.p, ad.n, out.data(), in.p, in.n,
                               out.data() + in.n, tag_len);
        });
        check(st, "GCM encrypt");
        return out.finish(in.n + tag_len);
    }

    nb::bytes decrypt(nb::handle nonce, nb::handle data, nb::handle aad)
    {
        Buf nn(nonce, "nonce"), in(data, "data");
        OptBuf ad(aad, "associated_data");
        nonce_ok(nn);
        if (in.n < tag_len)
            raise_status(KARX_ERR_AUTHENTICATION,
                         "GCM data shorter than the " + std::to_string(tag_len) + "-byte tag (" +
                             std::to_string(in.n) + " bytes)");
        size_t n = in.n - tag_len;
        OutBytes out(n);
        karx_status st = KARX_OK;
        maybe_nogil(in.n + ad.n, [&] {
            st = karx_gcm_open(&gk, nn.p, nn.n, ad.p, ad.n, out.data(), in.p, n, in.p + n,
                               tag_len);
        });
        if (st != KARX_OK) {
            out.wipe();
            if (st == KARX_ERR_AUTHENTICATION)
                raise_status(st, "GCM tag does not verify: no plaintext released");
            check(st, "GCM decrypt");
        }
        return out.finish(n);
    }
};

struct Ccm {
    karx_cipher_key key;
    karx_cipher_alg alg;
    size_t tag_len;

    Ccm(const std::string &family, nb::handle k_, nb::handle tag_length)
    {
        std::memset(&key, 0, sizeof key);
        Buf k(k_, "key");
        alg = aead_alg(family, k.n);
        int t = tag_len_arg(tag_length);
        if (t < 4 || t > 16 || (t & 1))
            raise_status(KARX_ERR_ARGUMENT,
                         "CCM tag_length must be 4, 6, 8, 10, 12, 14 or 16, got " +
                             std::to_string(t));
        tag_len = static_cast<size_t>(t);
        check(karx_cipher_set_key(&key, alg, k.p, k.n), "CCM key");
    }
    Ccm(const Ccm &) = delete;
    ~Ccm() { karx_cipher_key_wipe(&key); }

    static void nonce_ok(const Buf &n, size_t len)
    {
        if (n.n < 7 || n.n > 13)
            raise_status(KARX_ERR_IV_LENGTH,
                         "CCM nonce must be 7 to 13 bytes, got " + std::to_string(n.n));
        size_t max = karx_ccm_max_payload_bytes(n.n);
        if (len > max)
            raise_status(KARX_ERR_DATA_LENGTH, "CCM with a " + std::to_string(n.n) +
                                                   "-byte nonce takes at most " +
                                                   std::to_string(max) + " bytes, got " +
                                                   std::to_string(len));
    }

    nb::bytes encrypt(nb::handle nonce, nb::handle data, nb::handle aad)
    {
        Buf nn(nonce, "nonce"), in(data, "data");
        OptBuf ad(aad, "associated_data");
        nonce_ok(nn, in.n);
        OutBytes out(in.n + tag_len);
        karx_status st = KARX_OK;
        maybe_nogil(in.n + ad.n, [&] {
            st = karx_ccm_seal(&key, nn.p, nn.n, ad.p, ad.n, out.data(), in.p, in.n,
                               out.data() + in.n, tag_len);
        });
        check(st, "CCM encrypt");
        return out.finish(in.n + tag_len);
    }

    nb::bytes decrypt(nb::handle nonce, nb::handle data, nb::handle aad)
    {
        Buf nn(nonce, "nonce"), in(data, "data");
        OptBuf ad(aad, "associated_data");
        if (in.n < tag_len) {
            nonce_ok(nn, 0);
            raise_status(KARX_ERR_AUTHENTICATION,
                         "CCM data shorter than the " + std::to_string(tag_len) + "-byte tag (" +
                             std::to_string(in.n) + " bytes)");
        }
        size_t n = in.n - tag_len;
        nonce_ok(nn, n);
        OutBytes out(n);
        karx_status st = KARX_OK;
        maybe_nogil(in.n + ad.n, [&] {
            st = karx_ccm_open(&key, nn.p, nn.n, ad.p, ad.n, out.data(), in.p, n, in.p + n,
                               tag_len);
        });
        if (st != KARX_OK) {
            out.wipe();
            if (st == KARX_ERR_AUTHENTICATION)
                raise_status(st, "CCM tag does not verify: no plaintext released");
            check(st, "CCM decrypt");
        }
        return out.finish(n);
    }
};

// ---------------------------------------------------------------- CMAC

karx_cipher_alg cmac_alg(const std::string &name)
{
    karx_cipher_alg alg;
    if (karx_cmac_from_name(name.c_str(), &alg) == KARX_OK)
        return alg;
    return cipher_alg(name);
}

size_t cmac_tag_len(karx_cipher_alg alg, nb::handle tag_length)
{
    size_t b = karx_cmac_tag_bytes(alg);
    if (tag_length.is_none())
        return b;
    int t = tag_len_arg(tag_length);
    if (t < 4 || static_cast<size_t>(t) > b)
        raise_status(KARX_ERR_OUTPUT_LENGTH, "CMAC-" + std::string(karx_cipher_name(alg)) +
                                                 " tag_length must be 4 to " + std::to_string(b) +
                                                 ", got " + std::to_string(t));
    return static_cast<size_t>(t);
}

nb::bytes cmac(const std::string &name, nb::handle key, nb::handle data, nb::handle tag_length)
{
    karx_cipher_alg alg = cmac_alg(name);
    Buf k(key, "key"), in(data, "data");
    check_key_len(alg, k.n);
    size_t t = cmac_tag_len(alg, tag_length);
    uint8_t tag[KARX_CMAC_MAX_TAG_BYTES];
    karx_status st = KARX_OK;
    maybe_nogil(in.n, [&] { st = karx_cmac(alg, tag, t, k.p, k.n, in.p, in.n); });
    check(st, "cmac");
    return nb::bytes(reinterpret_cast<const char *>(tag), t);
}

void cmac_verify(const std::string &name, nb::handle key, nb::handle data, nb::handle tag)
{
    karx_cipher_alg alg = cmac_alg(name);
    Buf k(key, "key"), in(data, "data"), tg(tag, "tag");
    check_key_len(alg, k.n);
    size_t b = karx_cmac_tag_bytes(alg);
    if (tg.n < 4 || tg.n > b)
        raise_status(KARX_ERR_OUTPUT_LENGTH, "CMAC-" + std::string(karx_cipher_name(alg)) +
                                                 " tag must be 4 to " + std::to_string(b) +
                                                 " bytes, got " + std::to_string(tg.n));
    karx_status st = KARX_OK;
    maybe_nogil(in.n, [&] { st = karx_cmac_verify(alg, tg.p, tg.n, k.p, k.n, in.p, in.n); });
    if (st == KARX_ERR_AUTHENTICATION)
        raise_status(st, "CMAC tag does not verify");
    check(st, "cmac_verify");
}

// ---------------------------------------------------------------- CTR_DRBG

struct Drbg {
    karx_ctr_drbg d;
    Lock lock;
    karx_cipher_alg alg;
    bool os_seeded;
    bool pr;

    Drbg(const std::string &cipher, nb::handle entropy, nb::handle nonce, nb::handle pers,
         bool df, bool prediction_resistance, nb::handle reseed_interval)
    {
        std::memset(&d, 0, sizeof d);
        alg = cipher_alg(cipher);
        pr = prediction_resistance;
        OptBuf e(entropy, "entropy"), nn(nonce, "nonce"), ps(pers, "personalization");
        os_seeded = !e.present;
        unsigned flags = (df ? KARX_DRBG_USE_DF : 0u) | (pr ? KARX_DRBG_PR : 0u);
        karx_status st;
        if (os_seeded) {
            if (nn.present)
                raise_status(KARX_ERR_ARGUMENT, "nonce= is only used with explicit entropy=");
            st = karx_ctr_drbg_instantiate_os(&d, alg, flags, ps.p, ps.n);
        } else {
            size_t seed = karx_ctr_drbg_seed_bytes(alg), strength = karx_ctr_drbg_strength_bytes(alg);
            if (df && e.n < strength)
                raise_status(KARX_ERR_DATA_LENGTH,
                             "entropy must be at least " + std::to_string(strength) +
                                 " bytes with the derivation function, got " + std::to_string(e.n));
            if (df && nn.n < (strength + 1) / 2)
                raise_status(KARX_ERR_DATA_LENGTH,
                             "nonce must be at least " + std::to_string((strength + 1) / 2) +
                                 " bytes with the derivation function, got " + std::to_string(nn.n));
            if (!df && e.n != seed)
                raise_status(KARX_ERR_DATA_LENGTH,
                             "entropy must be exactly " + std::to_string(seed) +
                                 " bytes without the derivation function, got " + std::to_string(e.n));
            if (!df && ps.n > seed)
                raise_status(KARX_ERR_DATA_LENGTH,
                             "personalization must be at most " + std::to_string(seed) +
                                 " bytes without the derivation function, got " + std::to_string(ps.n));
            st = karx_ctr_drbg_instantiate(&d, alg, flags, e.p, e.n, nn.p, nn.n, ps.p, ps.n);
        }
        check(st, "CtrDrbg");
        if (!reseed_interval.is_none())
            set_reseed_interval(nb::cast<unsigned long long>(reseed_interval));
    }
    Drbg(const Drbg &) = delete;
    ~Drbg() { karx_ctr_drbg_uninstantiate(&d); }

    void add_ok(const OptBuf &a, const char *what)
    {
        size_t seed = karx_ctr_drbg_seed_bytes(alg);
        if (!(d.flags & KARX_DRBG_USE_DF) && a.n > seed)
            raise_status(KARX_ERR_DATA_LENGTH, std::string(what) + " must be at most " +
                                                   std::to_string(seed) +
                                                   " bytes without the derivation function, got " +
                                                   std::to_string(a.n));
    }
    void entropy_ok(const Buf &e)
    {
        size_t seed = karx_ctr_drbg_seed_bytes(alg), strength = karx_ctr_drbg_strength_bytes(alg);
        bool df = (d.flags & KARX_DRBG_USE_DF) != 0;
        if (df && e.n < strength)
            raise_status(KARX_ERR_DATA_LENGTH, "entropy must be at least " +
                                                   std::to_string(strength) + " bytes, got " +
                                                   std::to_string(e.n));
        if (!df && e.n != seed)
            raise_status(KARX_ERR_DATA_LENGTH, "entropy must be exactly " + std::to_string(seed) +
                                                   " bytes without the derivation function, got " +
                                                   std::to_string(e.n));
    }

    nb::bytes generate(long long n, nb::handle additional, nb::handle entropy)
    {
        if (n < 0)
            raise_status(KARX_ERR_ARGUMENT, "n must be non-negative, got " + std::to_string(n));
        OptBuf a(additional, "additional_input"), e(entropy, "entropy");
        add_ok(a, "additional_input");
        size_t len = static_cast<size_t>(n);
        bool explicit_call = e.present || !os_seeded;
        if (explicit_call && len > KARX_CTR_DRBG_MAX_REQUEST_BYTES)
            raise_status(KARX_ERR_DATA_LENGTH,
                         "at most " + std::to_string(KARX_CTR_DRBG_MAX_REQUEST_BYTES) +
                             " bytes per request with explicit entropy, got " + std::to_string(len));
        if (!e.present && !os_seeded && pr)
            raise_status(KARX_ERR_ARGUMENT,
                         "prediction resistance needs entropy= on every generate() of a "
                         "generator seeded with explicit entropy");
        if (e.present)
            entropy_ok(e);
        OutBytes out(len);
        karx_status st = KARX_OK;
        locked(lock, len > 65536 ? len : 0, [&] {
            if (e.present)
                st = karx_ctr_drbg_generate_pr(&d, out.data(), len, e.p, e.n, a.p, a.n);
            else if (os_seeded)
                st = karx_ctr_drbg_generate_os(&d, out.data(), len, a.p, a.n);
            else
                st = karx_ctr_drbg_generate(&d, out.data(), len, a.p, a.n);
        });
        if (st == KARX_ERR_RESEED_REQUIRED)
            raise_status(st, "reseed required (the reseed interval is used up, or the process "
                             "has forked since the last seeding): call reseed() first");
        check(st, "generate");
        return out.finish(len);
    }

    void reseed(nb::handle entropy, nb::handle additional)
    {
        OptBuf e(entropy, "entropy"), a(additional, "additional_input");
        add_ok(a, "additional_input");
        if (e.present)
            entropy_ok(e);
        karx_status st;
        {
            std::lock_guard<std::mutex> g(lock.m);
            st = e.present ? karx_ctr_drbg_reseed(&d, e.p, e.n, a.p, a.n)
                           : karx_ctr_drbg_reseed_os(&d, a.p, a.n);
        }
        check(st, "reseed");
    }

    void set_reseed_interval(unsigned long long v)
    {
        karx_status st;
        {
            std::lock_guard<std::mutex> g(lock.m);
            st = karx_ctr_drbg_set_reseed_interval(&d, v);
        }
        if (st == KARX_ERR_ARGUMENT)
            raise_status(st, "reseed_interval must be 1 to 2**48, got " + std::to_string(v));
        check(st, "reseed_interval");
    }
};

// token_bytes: one OS-seeded LEA-256 CTR_DRBG (with df) per process. After fork the library's
// generate_os reseeds the copied state by itself; the pid check also gives the child a fresh one.
std::mutex g_tok_lock;
karx_ctr_drbg g_tok;
pid_t g_tok_pid = 0;

nb::bytes token_bytes(long long n)
{
    if (n < 0)
        raise_status(KARX_ERR_ARGUMENT, "n must be non-negative, got " + std::to_string(n));
    size_t len = static_cast<size_t>(n);
    OutBytes out(len);
    karx_status st = KARX_OK;
    {
        nb::gil_scoped_release rel;
        std::lock_guard<std::mutex> g(g_tok_lock);
        pid_t pid = getpid();
        if (g_tok_pid != pid) {
            karx_ctr_drbg_uninstantiate(&g_tok);
            st = karx_ctr_drbg_instantiate_os(&g_tok, KARX_CIPHER_LEA256, KARX_DRBG_USE_DF,
                                              nullptr, 0);
            g_tok_pid = st == KARX_OK ? pid : 0;
        }
        if (st == KARX_OK)
            st = karx_ctr_drbg_generate_os(&g_tok, out.data(), len, nullptr, 0);
    }
    check(st, "token_bytes");
    return out.finish(len);
}

// ---------------------------------------------------------------- GPU

std::mutex g_gpu_lock;    // the handle is not thread-safe: calls are serialised
#ifdef KARX_PY_HAVE_GPU
karx_gpu *g_gpu = nullptr;
karx_status g_gpu_status = KARX_OK; // result of the one open attempt
bool g_gpu_tried = false;
std::string g_gpu_error;
#endif

// Opens device 0 once (under g_gpu_lock). KARX_OK or the status of the failed open.
karx_status gpu_open_locked()
{
#ifdef KARX_PY_HAVE_GPU
    if (!g_gpu_tried) {
        g_gpu_tried = true;
        g_gpu_status = karx_gpu_open(&g_gpu, 0);
        if (g_gpu_status != KARX_OK) {
            const char *e = karx_gpu_open_error();
            g_gpu_error = e ? e : "";
            g_gpu = nullptr;
        }
    }
    return g_gpu_status;
#else
    return KARX_ERR_NO_DEVICE;
#endif
}

[[noreturn]] void raise_gpu(karx_status st)
{
    std::string msg = std::string("GPU: ") + karx_strerror(st);
#ifdef KARX_PY_HAVE_GPU
    if (!karx_gpu_built())
        msg += " (this karx was built without the CUDA back end)";
    else if (!g_gpu_error.empty())
        msg += " (" + g_gpu_error + ")";
    else if (g_gpu && st != KARX_ERR_NO_DEVICE) {
        const char *e = karx_gpu_last_error(g_gpu);
        if (e && *e)
            msg += std::string(" (") + e + ")";
    }
#else
    msg += " (this karx was built without the GPU API)";
#endif
    raise_status(st, msg);
}

bool gpu_available()
{
    karx_status st;
    {
        nb::gil_scoped_release rel;
        std::lock_guard<std::mutex> g(g_gpu_lock);
        st = gpu_open_locked();
    }
    return st == KARX_OK;
}

bool gpu_built()
{
#ifdef KARX_PY_HAVE_GPU
    return karx_gpu_built() != 0;
#else
    return false;
#endif
}

nb::dict gpu_info()
{
    nb::dict r;
#ifdef KARX_PY_HAVE_GPU
    karx_gpu_info info;
    karx_status st;
    {
        nb::gil_scoped_release rel;
        std::lock_guard<std::mutex> g(g_gpu_lock);
        st = gpu_open_locked();
        if (st == KARX_OK)
            st = karx_gpu_get_info(g_gpu, &info);
    }
    if (st != KARX_OK)
        raise_gpu(st);
    r["name"] = nb::str(info.name);
    r["device"] = info.device;
    r["compute_capability"] = nb::make_tuple(info.cc_major, info.cc_minor);
    r["sm_count"] = info.sm_count;
    r["sm_clock_mhz"] = info.sm_clock_mhz;
    r["mem_clock_mhz"] = info.mem_clock_mhz;
    r["mem_bus_bits"] = info.mem_bus_bits;
    r["global_mem_bytes"] = info.global_mem_bytes;
    r["driver_version"] = info.driver_version;
    r["runtime_version"] = info.runtime_version;
#else
    raise_gpu(KARX_ERR_NO_DEVICE);
#endif
    return r;
}

// ---------------------------------------------------------------- batches

enum { DEV_CPU = 0, DEV_GPU = 1, DEV_AUTO = 2 };

// Hashes messages into out (a writable C-contiguous buffer of n * digest bytes, made by the
// Python layer). messages: a 2-D uint8 buffer (rows = messages, used in place) or a sequence of
// bytes-like objects. Returns the device that ran it ("cpu" or "gpu").
nb::str lsh_many_into(const std::string &name, nb::handle out, nb::handle messages, int device)
{
    karx_lsh_alg alg = lsh_alg(name);
    size_t d = karx_lsh_digest_bytes(alg);
    bool is256 = alg == KARX_LSH256_224 || alg == KARX_LSH256_256;

    Py_buffer ov{};
    if (PyObject_GetBuffer(out.ptr(), &ov, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) != 0)
        throw nb::python_error();
    struct Release {
        Py_buffer *v;
        ~Release() { PyBuffer_Release(v); }
    } rel_out{&ov};

    // ---- equal lengths: a 2-D buffer
    PyObject *m = messages.ptr();
    bool seq = PyList_Check(m) || PyTuple_Check(m);
    if (PyBytes_Check(m) || PyUnicode_Check(m) || PyByteArray_Check(m))
        raise_type("messages: expected a 2-D uint8 array or a sequence of bytes-like objects, "
                   "got " + tp_name_of(messages));
    size_t n = 0, msg_len = 0;
    const uint8_t *flat = nullptr;
    Py_buffer mv{};
    bool have_mv = false;
    std::vector<const uint8_t *> ptrs;
    std::vector<size_t> lens;
    std::vector<Py_buffer> views;
    nb::object tup;
    struct ReleaseAll {
        Py_buffer *mv;
        bool *have;
        std::vector<Py_buffer> *views;
        ~ReleaseAll()
        {
            if (*have)
                PyBuffer_Release(mv);
            for (auto &v : *views)
                PyBuffer_Release(&v);
        }
    } rel_in{&mv, &have_mv, &views};

    if (!seq && PyObject_CheckBuffer(m)) {
        get_view(m, &mv, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT, "messages");
        have_mv = true;
        const char *fmt = mv.format ? mv.format : "B";
        if (mv.ndim != 2 || mv.itemsize != 1 ||
            !(std::strcmp(fmt, "B") == 0 || std::strcmp(fmt, "b") == 0 ||
              std::strcmp(fmt, "c") == 0))
            raise_type("messages: expected a 2-D uint8 array (n, msg_len), got ndim=" +
                       std::to_string(mv.ndim) + " format '" + fmt + "'");
        n = static_cast<size_t>(mv.shape[0]);
        msg_len = static_cast<size_t>(mv.shape[1]);
        flat = static_cast<const uint8_t *>(mv.buf);
    } else {
        PyObject *t = PySequence_Tuple(m);
        if (!t) {
            PyErr_Clear();
            raise_type("messages: expected a 2-D uint8 array or a sequence of bytes-like "
                       "objects, got " + tp_name_of(messages));
        }
        tup = nb::steal(t);
        n = static_cast<size_t>(PyTuple_GET_SIZE(t));
        ptrs.resize(n);
        lens.resize(n);
        for (size_t i = 0; i < n; i++) {
            PyObject *it = PyTuple_GET_ITEM(t, static_cast<Py_ssize_t>(i));
            if (PyBytes_Check(it)) {
                ptrs[i] = reinterpret_cast<const uint8_t *>(PyBytes_AS_STRING(it));
                lens[i] = static_cast<size_t>(PyBytes_GET_SIZE(it));
                continue;
            }
            if (PyUnicode_Check(it))
                raise_type("messages[" + std::to_string(i) +
                           "]: strings must be encoded to bytes first (got str)");
            Py_buffer v;
            get_view(it, &v, PyBUF_SIMPLE, "messages[" + std::to_string(i) + "]");
            views.push_back(v);
            ptrs[i] = static_cast<const uint8_t *>(v.buf);
            lens[i] = static_cast<size_t>(v.len);
        }
    }
    if (static_cast<size_t>(ov.len) != n * d)
        raise_status(KARX_ERR_OUTPUT_LENGTH, "out must be " + std::to_string(n * d) +
                                                 " bytes, got " + std::to_string(ov.len));
    uint8_t *o = static_cast<uint8_t *>(ov.buf);

    bool use_gpu = false;
    karx_status st = KARX_OK;
    {
        nb::gil_scoped_release rel;
        if (device != DEV_CPU) {
            std::lock_guard<std::mutex> g(g_gpu_lock);
            karx_status gs = gpu_open_locked();
            if (gs == KARX_OK) {
                use_gpu = true;
#ifdef KARX_PY_HAVE_GPU
                if (flat || n == 0) {
                    st = karx_gpu_lsh_many(g_gpu, alg, o, n * d, flat, msg_len, n);
                } else {
                    std::vector<size_t> off(n + 1);
                    off[0] = 0;
                    for (size_t i = 0; i < n; i++)
                        off[i + 1] = off[i] + lens[i];
                    std::vector<uint8_t> buf(off[n]);
                    for (size_t i = 0; i < n; i++)
                        if (lens[i])
                            std::memcpy(buf.data() + off[i], ptrs[i], lens[i]);
                    st = is256 ? karx_gpu_lsh256_many_offsets(g_gpu, o, d, buf.data(), off.data(), n)
                               : karx_gpu_lsh512_many_offsets(g_gpu, o, d, buf.data(), off.data(), n);
                }
#endif
            } else if (device == DEV_GPU) {
                st = gs;
            }
        }
        if (!use_gpu && st == KARX_OK) {
            if (flat || n == 0)
                st = karx_lsh_many(alg, o, n * d, flat, msg_len, n);
            else
                st = karx_lsh_many_ptrs(alg, o, n * d, ptrs.data(), lens.data(), n);
        }
    }
    (void)is256;
    if (st != KARX_OK) {
        if (device != DEV_CPU && (use_gpu || device == DEV_GPU))
            raise_gpu(st);
        check(st, "lsh_many");
    }
    return nb::str(use_gpu ? "gpu" : "cpu");
}

// ---------------------------------------------------------------- many-key CTR

// Record i: key keys[i*kl ..), counter ctrs[i*B ..) (advanced in place, as n separate
// karx_ctr_xor calls would), data in[off[i] .. off[i+1]) -> out at the same positions. All
// buffers are C-contiguous and checked by the Python layer; this checks the sizes again.
// Nothing is written to ctrs or out unless every record succeeds (out is zeroed on failure).
nb::str ctr_xor_many_into(const std::string &cipher, nb::handle keys_h, nb::handle ctrs_h,
                          nb::handle out_h, nb::handle in_h, nb::handle offsets_h, int device)
{
    karx_cipher_alg alg = cipher_alg(cipher);
    size_t kl = karx_cipher_key_bytes(alg), bl = karx_cipher_block_bytes(alg);
    Buf keys(keys_h, "keys"), in(in_h, "data"), offs(offsets_h, "offsets");
    Py_buffer cv{}, ov{};
    if (PyObject_GetBuffer(ctrs_h.ptr(), &cv, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) != 0)
        throw nb::python_error();
    struct R {
        Py_buffer *v;
        ~R() { PyBuffer_Release(v); }
    } rc{&cv};
    if (PyObject_GetBuffer(out_h.ptr(), &ov, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) != 0)
        throw nb::python_error();
    R ro{&ov};
    if (offs.n % sizeof(size_t) != 0 || offs.n < sizeof(size_t))
        raise_status(KARX_ERR_ARGUMENT, "offsets: expected n + 1 native size_t values");
    size_t n = offs.n / sizeof(size_t) - 1;
    std::vector<size_t> off(n + 1);
    std::memcpy(off.data(), offs.p, offs.n);
    if (keys.n != n * kl)
        raise_status(KARX_ERR_KEY_LENGTH, std::string(karx_cipher_name(alg)) + " keys must be " +
                                              std::to_string(kl) + " bytes each: expected " +
                                              std::to_string(n * kl) + " bytes for " +
                                              std::to_string(n) + " records, got " +
                                              std::to_string(keys.n));
    if (static_cast<size_t>(cv.len) != n * bl)
        raise_status(KARX_ERR_IV_LENGTH, std::string(karx_cipher_name(alg)) +
                                             " counters must be " + std::to_string(bl) +
                                             " bytes each: expected " + std::to_string(n * bl) +
                                             " bytes, got " + std::to_string(cv.len));
    for (size_t i = 0; i < n; i++)
        if (off[i + 1] < off[i])
            raise_status(KARX_ERR_ARGUMENT, "offsets must not decrease");
    if (off[0] != 0 || off[n] != in.n || static_cast<size_t>(ov.len) != in.n)
        raise_status(KARX_ERR_OUTPUT_LENGTH, "offsets must span data, and out must be as long "
                                             "as data (" + std::to_string(in.n) + " bytes)");
    uint8_t *ctrs = static_cast<uint8_t *>(cv.buf), *out = static_cast<uint8_t *>(ov.buf);
    bool equal = true;
    size_t rec = n ? off[1] - off[0] : 0;
    for (size_t i = 0; i < n && equal; i++)
        equal = off[i + 1] - off[i] == rec;

    bool use_gpu = false;
    karx_status st = KARX_OK;
    {
        nb::gil_scoped_release rel;
        std::vector<uint8_t> work(ctrs, ctrs + n * bl); // counters advance here first
        if (device != DEV_CPU) {
            std::lock_guard<std::mutex> g(g_gpu_lock);
            karx_status gs = gpu_open_locked();
            if (gs == KARX_OK) {
                use_gpu = true;
#ifdef KARX_PY_HAVE_GPU
                st = equal ? karx_gpu_ctr_xor_many(g_gpu, alg, keys.p, kl, work.data(), out, in.p,
                                                   rec, n)
                           : karx_gpu_ctr_xor_many_offsets(g_gpu, alg, keys.p, kl, work.data(),
                                                           out, in.p, off.data(), n);
#endif
            } else if (device == DEV_GPU) {
                st = gs;
            }
        }
        if (!use_gpu && st == KARX_OK) {
            karx_cipher_key k;
            for (size_t i = 0; i < n && st == KARX_OK; i++) {
                st = karx_cipher_set_key(&k, alg, keys.p + i * kl, kl);
                if (st == KARX_OK)
                    st = karx_ctr_xor(&k, work.data() + i * bl, out + off[i], in.p + off[i],
                                      off[i + 1] - off[i]);
            }
            karx_cipher_key_wipe(&k);
        }
        if (st == KARX_OK)
            std::memcpy(ctrs, work.data(), n * bl);
        else
            karx_memzero(out, in.n);
    }
    if (st != KARX_OK) {
        if (st == KARX_ERR_COUNTER_OVERFLOW)
            raise_status(st, "a record's CTR counter would wrap: nothing was encrypted");
        if (use_gpu || device == DEV_GPU)
            raise_gpu(st);
        check(st, "ctr_xor_many");
    }
    return nb::str(use_gpu ? "gpu" : "cpu");
}

nb::tuple lsh_names()
{
    nb::list l;
    for (int a = KARX_LSH256_224; a <= KARX_LSH512_512; a++)
        l.append(nb::str(karx_lsh_alg_name(static_cast<karx_lsh_alg>(a))));
    return nb::tuple(l);
}

nb::tuple cipher_names()
{
    nb::list l;
    for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++)
        l.append(nb::str(karx_cipher_name(static_cast<karx_cipher_alg>(a))));
    return nb::tuple(l);
}

nb::tuple mode_names()
{
    nb::list l;
    for (int a = KARX_MODE_FIRST; a <= KARX_MODE_LAST; a++)
        l.append(nb::str(karx_mode_name(static_cast<karx_mode>(a))));
    return nb::tuple(l);
}

} // namespace

NB_MODULE(_karx, m)
{
    m.doc() = "karx C library binding (use the karx package, not this module)";

    m.def("_register_errors", &register_errors, "mapping"_a);
    m.def("strerror", [](int st) { return std::string(karx_strerror(static_cast<karx_status>(st))); },
          "status"_a);
    m.def("version", [] { return std::string(karx_version()); });
    m.def("backend", [] { return std::string(karx_backend_name(karx_get_backend())); },
          "The SIMD back end in use (portable, sse2, ssse3, avx2, avx512, neon).");
    m.def("set_backend", [](const std::string &name) {
              karx_backend b;
              if (karx_backend_from_name(name.c_str(), &b) != KARX_OK)
                  raise_status(KARX_ERR_UNKNOWN_ALGORITHM, "unknown back end '" + name + "'");
              karx_status st = karx_set_backend(b);
              if (st == KARX_ERR_UNSUPPORTED)
                  raise_status(st, "back end '" + name + "' is not supported on this CPU");
              check(st, "set_backend");
          },
          "name"_a);
    m.def("_lsh_names", &lsh_names);
    m.def("_cipher_names", &cipher_names);
    m.def("_mode_names", &mode_names);
    m.def("_cipher_key_bytes", [](const std::string &c) { return karx_cipher_key_bytes(cipher_alg(c)); });
    m.def("_cipher_block_bytes", [](const std::string &c) { return karx_cipher_block_bytes(cipher_alg(c)); });
    m.def("_canonical_cipher", [](const std::string &c) { return std::string(karx_cipher_name(cipher_alg(c))); });

    nb::class_<Hash>(m, "LshHash", "An LSH hash object (hashlib interface).")
        .def("update", &Hash::update, "data"_a, "Feed more bytes.")
        .def("update_bits", &Hash::update_bits, "data"_a, "bitlen"_a,
             "Feed the first bitlen bits of data (KISA bit-length input).")
        .def("digest", &Hash::digest, "The digest of the data so far (the object stays usable).")
        .def("hexdigest", &Hash::hexdigest)
        .def("copy", &Hash::copy, "An independent copy of the current state.")
        .def("__copy__", &Hash::copy)
        .def_prop_ro("name", [](const Hash &h) { return std::string(karx_lsh_alg_name(h.alg)); })
        .def_prop_ro("digest_size", [](const Hash &h) { return karx_lsh_digest_bytes(h.alg); })
        .def_prop_ro("block_size", [](const Hash &h) { return karx_lsh_block_bytes(h.alg); })
        .def("__repr__", [](const Hash &h) {
            return std::string("<karx ") + karx_lsh_alg_name(h.alg) + " hash object>";
        });

    static const struct {
        const char *fn;
        karx_lsh_alg alg;
    } ctors[] = {{"lsh256_224", KARX_LSH256_224}, {"lsh256_256", KARX_LSH256_256},
                 {"lsh512_224", KARX_LSH512_224}, {"lsh512_256", KARX_LSH512_256},
                 {"lsh512_384", KARX_LSH512_384}, {"lsh512_512", KARX_LSH512_512}};
    for (const auto &c : ctors) {
        karx_lsh_alg alg = c.alg;
        m.def(c.fn,
              [alg](nb::handle data, bool) { return make_hash(alg, data); },
              "data"_a = nb::bytes("", 0), nb::kw_only(), "usedforsecurity"_a = true,
              (std::string("Return a new ") + karx_lsh_alg_name(alg) + " hash object.").c_str());
    }
    m.def("new",
          [](const std::string &name, nb::handle data, bool) {
              return make_hash(lsh_alg(name), data);
          },
          "name"_a, "data"_a = nb::bytes("", 0), nb::kw_only(), "usedforsecurity"_a = true,
          "Return a new hash object by name ('lsh256-256', 'lsh512_512', 'LSH-512-256', ...).");
    m.def("hmac_digest", &hmac_digest, "key"_a, "msg"_a, "digest"_a,
          "HMAC-LSH of msg under key in one call (hmac.digest's fast path).");
    m.def("pbkdf2_hmac", &pbkdf2_hmac, "hash_name"_a, "password"_a, "salt"_a, "iterations"_a,
          "dklen"_a = nb::none(), "PBKDF2-HMAC-LSH (hashlib.pbkdf2_hmac's signature).");

    nb::class_<CipherStream>(m, "_CipherStream")
        .def(nb::init<const std::string &, const std::string &, nb::handle, nb::handle, bool, bool>(),
             "cipher"_a, "mode"_a, "key"_a, "iv"_a.none(), "encrypt"_a, "padding"_a)
        .def("update", &CipherStream::update, "data"_a)
        .def("finalize", &CipherStream::finalize)
        .def_prop_ro("finalized", [](CipherStream &c) {
            std::lock_guard<std::mutex> g(c.lock.m);
            return c.done;
        });

    nb::class_<Gcm>(m, "_Gcm")
        .def(nb::init<const std::string &, nb::handle, nb::handle>(), "family"_a, "key"_a,
             "tag_length"_a)
        .def("encrypt", &Gcm::encrypt, "nonce"_a, "data"_a, "associated_data"_a.none() = nb::none())
        .def("decrypt", &Gcm::decrypt, "nonce"_a, "data"_a, "associated_data"_a.none() = nb::none())
        .def_prop_ro("tag_length", [](const Gcm &g) { return g.tag_len; })
        .def_prop_ro("cipher", [](const Gcm &g) { return std::string(karx_cipher_name(g.alg)); });

    nb::class_<Ccm>(m, "_Ccm")
        .def(nb::init<const std::string &, nb::handle, nb::handle>(), "family"_a, "key"_a,
             "tag_length"_a)
        .def("encrypt", &Ccm::encrypt, "nonce"_a, "data"_a, "associated_data"_a.none() = nb::none())
        .def("decrypt", &Ccm::decrypt, "nonce"_a, "data"_a, "associated_data"_a.none() = nb::none())
        .def_prop_ro("tag_length", [](const Ccm &c) { return c.tag_len; })
        .def_prop_ro("cipher", [](const Ccm &c) { return std::string(karx_cipher_name(c.alg)); });

    m.def("cmac", &cmac, "name"_a, "key"_a, "data"_a, "tag_length"_a.none() = nb::none(),
          "CMAC over a block cipher ('lea128' or 'cmac-lea128', ...).");
    m.def("cmac_verify", &cmac_verify, "name"_a, "key"_a, "data"_a, "tag"_a,
          "Constant-time CMAC check: returns None or raises InvalidTag.");

    nb::class_<Drbg>(m, "CtrDrbg", "CTR_DRBG (SP 800-90A / TTAK.KO-12.0189) over a karx cipher.")
        .def(nb::init<const std::string &, nb::handle, nb::handle, nb::handle, bool, bool, nb::handle>(),
             "cipher"_a = "lea256", nb::kw_only(), "entropy"_a.none() = nb::none(),
             "nonce"_a.none() = nb::none(), "personalization"_a.none() = nb::none(),
             "derivation_function"_a = true, "prediction_resistance"_a = false,
             "reseed_interval"_a.none() = nb::none())
        .def("generate", &Drbg::generate, "n"_a, "additional_input"_a.none() = nb::none(),
             nb::kw_only(), "entropy"_a.none() = nb::none())
        .def("reseed", &Drbg::reseed, "entropy"_a.none() = nb::none(),
             "additional_input"_a.none() = nb::none())
        .def("set_reseed_interval", &Drbg::set_reseed_interval, "interval"_a)
        .def_prop_ro("cipher", [](const Drbg &d) { return std::string(karx_cipher_name(d.alg)); })
        .def_prop_ro("os_seeded", [](const Drbg &d) { return d.os_seeded; })
        .def_prop_ro("prediction_resistance", [](const Drbg &d) { return d.pr; })
        .def_prop_ro("derivation_function",
                     [](const Drbg &d) { return (d.d.flags & KARX_DRBG_USE_DF) != 0; });

    m.def("token_bytes", &token_bytes, "n"_a,
          "n random bytes from a process-wide OS-seeded CTR_DRBG (LEA-256).");

    m.def("_lsh_many_into", &lsh_many_into, "name"_a, "out"_a, "messages"_a, "device"_a);
    m.def("_ctr_xor_many_into", &ctr_xor_many_into, "cipher"_a, "keys"_a, "counters"_a, "out"_a,
          "data"_a, "offsets"_a, "device"_a);
    m.def("gpu_available", &gpu_available, "True when a GPU opens (CUDA build and a device).");
    m.def("gpu_built", &gpu_built, "True when the library was built with the CUDA back end.");
    m.def("gpu_info", &gpu_info, "Device properties; raises NoDevice without a GPU.");
}
