// karx._karx internals shared by the module's source files (python/src/_karx_*.cpp).
//
// Every fallible C call returns a karx_status; raise_status() turns it into the matching
// karx.KarxError subclass (registered from Python by _register_errors), with a message that says
// what was expected and what was given where the binding knows both.
//
// Names: every algorithm name the package takes (cipher, mode, hash, MAC) is parsed by the
// library's one parser, karx_alg_find (include/karx/registry.h), through find_alg() below; ids
// come out of the registry, so no cipher or hash is named in this folder.
//
// Threads: calls that may run long (hash updates of 2 KiB or more, ciphers and AEAD on 2 KiB or
// more, PBKDF2, DRBG requests over 64 KiB, batches, self-tests) release the GIL. Objects with
// state (hash, cipher stream, AEAD stream, CMAC, GMAC, DRBG) take their own mutex around every
// access to the C context, so one object may be shared between threads; AEAD objects hold a
// scheduled key that is only read after construction (the C API allows concurrent use), so they
// need no lock.
#ifndef KARX_PY_INTERNAL_H
#define KARX_PY_INTERNAL_H

#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

#include <Python.h>

#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

extern "C" {
#include <karx/karx.h>
#include <karx/registry.h>
}

namespace karxpy {

namespace nb = nanobind;

// ---------------------------------------------------------------- errors (_karx_common.cpp)

void register_errors(nb::dict mapping);
[[noreturn]] void raise_status(karx_status st, const std::string &msg);
[[noreturn]] void raise_status(karx_status st);
[[noreturn]] void raise_type(const std::string &msg);
void check(karx_status st);
void check(karx_status st, const std::string &what);
std::string tp_name_of(nb::handle h);

// ---------------------------------------------------------------- names (_karx_common.cpp)

// karx_alg_find, refusing names with an embedded NUL (C would read only their first part).
bool lookup(karx_alg_kind kind, const std::string &name, karx_alg_info *info);

// The algorithm of kind called name; UnknownAlgorithm (listing the names of that kind) if none.
// what: the noun for the message ("cipher", "hash", "mode").
karx_alg_info find_alg(karx_alg_kind kind, const std::string &name, const char *what);

// A primitive (cipher or hash) named either by itself or as its MAC of family mac_family
// ("lea128" or "cmac-lea128"; "lsh256-256" or "hmac-lsh256-256").
karx_alg_info find_prim(karx_alg_kind kind, int mac_family, const std::string &name,
                        const char *what);

inline karx_cipher_alg cipher_id(const karx_alg_info &a) { return static_cast<karx_cipher_alg>(a.id); }
inline karx_lsh_alg hash_id(const karx_alg_info &a) { return static_cast<karx_lsh_alg>(a.id); }

karx_cipher_alg cipher_alg(const std::string &name);
karx_lsh_alg lsh_alg(const std::string &name);

// KeyLength error "<cipher> key must be N bytes, got M" unless got is the cipher's key size.
void check_key_len(karx_cipher_alg alg, size_t got);

// An int argument for a tag length (TypeError if not an int, named what); -1 for anything out of
// range (the caller's check rejects it, quoting the argument with arg_str).
int tag_len_arg(nb::handle h, const char *what);

// ---------------------------------------------------------------- ints (_karx_common.cpp)

// An integer argument: an int or anything with __index__ (bool, NumPy integers), TypeError
// "what: expected int, got float" for anything else (float, str, None). A value past long long
// comes back as LLONG_MIN or LLONG_MAX, so the caller's range check refuses it; quote the
// argument itself (arg_str) in that message, not the clamped value.
long long int_arg(nb::handle h, const char *what);

// A length or count of bytes: InvalidArgument (a ValueError) if negative, OverflowError past
// any buffer (as bytes(2**64)), TypeError for a non-int.
size_t size_arg(nb::handle h, const char *what);

// str(h) for a message, shortened past 60 characters.
std::string arg_str(nb::handle h);

// ---------------------------------------------------------------- buffers (_karx_common.cpp)

// Acquires view of o with flags; like hashlib, TypeError for a non-buffer and BufferError for a
// buffer that is not C-contiguous.
void get_view(PyObject *o, Py_buffer *view, int flags, const std::string &what);

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
    void set(nb::handle h, const char *what);
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

// A writable C-contiguous buffer argument (an output array), released when done.
struct OutView {
    Py_buffer v{};
    OutView(nb::handle h)
    {
        if (PyObject_GetBuffer(h.ptr(), &v, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) != 0)
            throw nb::python_error();
    }
    OutView(const OutView &) = delete;
    OutView &operator=(const OutView &) = delete;
    ~OutView() { PyBuffer_Release(&v); }
    uint8_t *data() const { return static_cast<uint8_t *>(v.buf); }
    size_t size() const { return static_cast<size_t>(v.len); }
};

// A new bytes object of n bytes to be filled, shrunk with finish() if fewer were written.
struct OutBytes {
    PyObject *obj;
    explicit OutBytes(size_t n);
    OutBytes(const OutBytes &) = delete;
    OutBytes &operator=(const OutBytes &) = delete;
    ~OutBytes() { Py_XDECREF(obj); }
    uint8_t *data() { return reinterpret_cast<uint8_t *>(PyBytes_AS_STRING(obj)); }
    void wipe() { karx_memzero(data(), static_cast<size_t>(PyBytes_GET_SIZE(obj))); }
    nb::bytes finish(size_t used);
};

nb::str to_hex(const uint8_t *d, size_t n);

// digest() and hexdigest() of a hash-like object h with size_t digest_into(uint8_t *out), which
// writes at most Max bytes and returns how many.
template <size_t Max, class T> nb::bytes digest_bytes(T &h)
{
    uint8_t out[Max];
    size_t n = h.digest_into(out);
    return nb::bytes(reinterpret_cast<const char *>(out), n);
}
template <size_t Max, class T> nb::str digest_hex(T &h)
{
    uint8_t out[Max];
    size_t n = h.digest_into(out);
    return to_hex(out, n);
}

// ---------------------------------------------------------------- GIL and locks

constexpr size_t GIL_THRESHOLD = 2048; // as hashlib: shorter work keeps the GIL

// A mutex that a copied or moved object gets fresh (locks are per object, never shared).
struct Lock {
    std::mutex m;
    Lock() = default;
    Lock(const Lock &) {}
    Lock &operator=(const Lock &) { return *this; }
};

template <class F> void maybe_nogil(size_t work, F &&f)
{
    if (work >= GIL_THRESHOLD) {
        nb::gil_scoped_release rel;
        f();
    } else {
        f();
    }
}

// Runs f with the GIL released when big, always under the object's lock.
template <class F> void locked(Lock &lk, size_t work, F &&f)
{
    maybe_nogil(work, [&] {
        std::lock_guard<std::mutex> g(lk.m);
        f();
    });
}

// ---------------------------------------------------------------- threads= (_karx_common.cpp)

// The count a threads= argument asks for: 0 = karx_cpu_count(), else 1 .. 1024; InvalidArgument
// (a ValueError) outside 0 .. 1024, TypeError for a non-int.
unsigned threads_arg(nb::handle threads);

// The least work (bytes, as the library measures a job) that any *_pool call splits: two tasks of
// 64 KiB (KARX_PAR_MIN_BYTES, GP_MIN_RANGE in src/pool/par_internal.h, src/aead/gcm_pool.c). Less
// runs serially whatever the pool, so no pool is made for it.
constexpr size_t POOL_MIN_WORK = 2 * 64 * 1024;

struct PoolEntry;

// A pool lent to one call, from a bounded cache (at most 4 pools and 1024 threads in all; the
// least recently used goes first; a pool evicted while a call runs on it is freed when that call
// ends). get() is nullptr (this thread only) for threads <= 1 or work under POOL_MIN_WORK: no pool
// is made then. Made and ended with the GIL held; the call may release it in between. A new
// pool in a forked child (the parent's threads do not exist there).
class PoolLease {
public:
    PoolLease(unsigned threads, size_t work, size_t min_work = POOL_MIN_WORK);
    ~PoolLease();
    PoolLease(const PoolLease &) = delete;
    PoolLease &operator=(const PoolLease &) = delete;
    karx_pool *get() const;

private:
    PoolEntry *entry_ = nullptr;
};

// The record-job calls (karx_gcm_seal_jobs_pool and the others) split batches of 16 KiB a run
// (src/pool/par_jobs.h): a job batch makes a pool from two such runs of work (its records' bytes
// plus JOB_COST a record).
constexpr size_t JOB_POOL_MIN_WORK = 2 * 16 * 1024;
constexpr size_t JOB_COST = 256;

// [(threads, users)] of the cached pools (karx._karx._pool_cache, for tests).
nb::list pool_cache();

// ---------------------------------------------------------------- batches (_karx_common.cpp)

// The items of a batch argument: a sequence (list, tuple, ...) of n items, or a 2-D buffer (a
// NumPy array: its rows). A str or a flat bytes-like object is refused with TypeError (it would
// be read as a sequence of ints or one-byte items). None is allowed only where the caller says.
struct Items {
    nb::object fast; // PySequence_Fast of the argument
    PyObject **items = nullptr;
    size_t n = 0;
    bool present = false;
    Items(nb::handle h, const char *what, bool none_ok = false);
    nb::handle operator[](size_t i) const { return items[i]; }
};

// Item i of a batch as a bytes-like view; errors name it as what[i].
void item_buf(Buf &b, nb::handle h, const char *what, size_t i);
// "what[i]"
std::string item_name(const char *what, size_t i);
// keys[i], a T object of a batch call: KARX_ERR_STATE when it was never initialised (what:
// "a key object", "an HmacKey").
template <class T> const T *batch_key(nb::handle k, size_t i, const char *what)
{
    if (!nb::inst_ready(k))
        raise_status(KARX_ERR_STATE,
                     item_name("keys", i) + ": " + what + " that was never initialised");
    return nb::inst_ptr<T>(k);
}

// The buffers of a batch's items, 16 bytes a record: a bytes item is read where it lies (the
// Items list holds it), any other buffer through a view held here until the call ends. Item i
// absent (not set) is (nullptr, 0).
struct Views {
    std::vector<const uint8_t *> p;
    std::vector<size_t> n;
    std::vector<std::unique_ptr<Buf>> held;
    explicit Views(size_t count) : p(count, nullptr), n(count, 0) {}
    void set(size_t i, nb::handle h, const char *what)
    {
        PyObject *o = h.ptr();
        if (PyBytes_Check(o)) {
            p[i] = reinterpret_cast<const uint8_t *>(PyBytes_AS_STRING(o));
            n[i] = static_cast<size_t>(PyBytes_GET_SIZE(o));
            return;
        }
        held.emplace_back(new Buf());
        held.back()->set(h, item_name(what, i).c_str());
        p[i] = held.back()->p;
        n[i] = held.back()->n;
    }
};
// InvalidArgument unless the batch arguments have the same count ("3 keys but 4 nonces").
void same_count(size_t n, const char *what_n, size_t m, const char *what_m);

// A batch's results: new bytes objects, dropped (after a wipe, where they may hold plaintext)
// unless handed to the result list.
struct Outs {
    std::vector<PyObject *> v;
    explicit Outs(size_t n) : v(n, nullptr) {}
    Outs(const Outs &) = delete;
    Outs &operator=(const Outs &) = delete;
    uint8_t *make(size_t i, size_t len)
    {
        v[i] = PyBytes_FromStringAndSize(nullptr, static_cast<Py_ssize_t>(len));
        if (v[i] == nullptr)
            throw nb::python_error();
        return reinterpret_cast<uint8_t *>(PyBytes_AS_STRING(v[i]));
    }
    void wipe()
    {
        for (PyObject *o : v)
            if (o != nullptr)
                karx_memzero(PyBytes_AS_STRING(o), static_cast<size_t>(PyBytes_GET_SIZE(o)));
    }
    ~Outs()
    {
        for (PyObject *o : v)
            Py_XDECREF(o);
    }
    // The result list: item i the bytes made for it, or None.
    nb::list take()
    {
        PyObject *l = PyList_New(static_cast<Py_ssize_t>(v.size()));
        if (l == nullptr)
            throw nb::python_error();
        for (size_t i = 0; i < v.size(); i++) {
            PyObject *o = v[i] != nullptr ? v[i] : Py_None;
            if (v[i] == nullptr)
                Py_INCREF(Py_None);
            v[i] = nullptr;
            PyList_SET_ITEM(l, static_cast<Py_ssize_t>(i), o);
        }
        return nb::steal<nb::list>(l);
    }
};

// ---------------------------------------------------------------- the module's sections

void bind_registry(nb::module_ &m); // _karx_module.cpp: errors, back ends, registry, self-test
void bind_hash(nb::module_ &m);     // _karx_hash.cpp: LSH, HMAC, PBKDF2
void bind_cipher(nb::module_ &m);   // _karx_cipher.cpp: cipher streams, CMAC
void bind_aead(nb::module_ &m);     // _karx_aead.cpp: GCM and CCM, one-shot and streaming
void bind_drbg(nb::module_ &m);     // _karx_drbg.cpp: CTR_DRBG, token_bytes
void bind_gpu(nb::module_ &m);      // _karx_gpu.cpp: GPU, lsh_many, ctr_xor_many
void bind_xts(nb::module_ &m);      // _karx_xts.cpp: XTS
void bind_gmac(nb::module_ &m);     // _karx_gmac.cpp: GMAC
void bind_kbkdf(nb::module_ &m);    // _karx_kbkdf.cpp: KBKDF
void bind_jobs(nb::module_ &m);     // _karx_jobs.cpp: HMAC-LSH record jobs, HmacKey

} // namespace karxpy

#endif
