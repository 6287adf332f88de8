// karx._karx: errors, bytes-like arguments and algorithm names, shared by every section.
#include "_karx_internal.h"

namespace karxpy {

// ---------------------------------------------------------------- errors

namespace {
constexpr int MAX_ERRORS = 64;
PyObject *g_errors[MAX_ERRORS]; // indexed by -status; new references (kept for life)
} // namespace

void register_errors(nb::dict mapping)
{
    for (auto item : mapping) {
        int idx = -nb::cast<int>(item.first);
        if (idx <= 0 || idx >= MAX_ERRORS)
            continue;
        PyObject *t = item.second.ptr();
        Py_INCREF(t);
        Py_XDECREF(g_errors[idx]);
        g_errors[idx] = t;
    }
}

[[noreturn]] void raise_status(karx_status st, const std::string &msg)
{
    int idx = -static_cast<int>(st);
    PyObject *type =
        (idx > 0 && idx < MAX_ERRORS && g_errors[idx]) ? g_errors[idx] : PyExc_RuntimeError;
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

std::string tp_name_of(nb::handle h) { return std::string(Py_TYPE(h.ptr())->tp_name); }

// ---------------------------------------------------------------- threads= pools

namespace {

std::mutex g_pools_lock;
karx_pool *g_pools[1025]; // by thread count; made on first use, freed at exit

void free_pools()
{
    for (karx_pool *&p : g_pools) {
        karx_pool_free(p);
        p = nullptr;
    }
}

} // namespace

karx_pool *pool_for(long threads)
{
    if (threads < 0 || threads > 1024)
        throw nb::value_error(("threads must be 0 (all CPUs) to 1024, got " +
                               std::to_string(threads)).c_str());
    unsigned n = threads == 0 ? karx_cpu_count() : static_cast<unsigned>(threads);
    if (n > 1024)
        n = 1024;
    if (n <= 1)
        return nullptr;
    std::lock_guard<std::mutex> g(g_pools_lock);
    if (g_pools[n] == nullptr) {
        static bool registered = false;
        if (!registered) {
            Py_AtExit(free_pools);
            registered = true;
        }
        karx_status st = karx_pool_new(&g_pools[n], n);
        if (st != KARX_OK)
            raise_status(st, "cannot start a pool of " + std::to_string(n) + " threads");
    }
    return g_pools[n];
}

// ---------------------------------------------------------------- names

namespace {

// "lea128, lea192, ..., cham128-256": every registered name of kind, for error messages.
std::string names_of(karx_alg_kind kind)
{
    std::string all;
    karx_alg_info a;
    for (size_t i = 0; karx_alg_get(i, &a) == KARX_OK; i++)
        if (kind == KARX_KIND_ANY || a.kind == kind)
            all += (all.empty() ? "" : ", ") + std::string(a.name);
    return all;
}

} // namespace

bool lookup(karx_alg_kind kind, const std::string &name, karx_alg_info *info)
{
    return name.find('\0') == std::string::npos &&
           karx_alg_find(kind, name.c_str(), info) == KARX_OK;
}

karx_alg_info find_alg(karx_alg_kind kind, const std::string &name, const char *what)
{
    karx_alg_info info;
    if (!lookup(kind, name, &info))
        raise_status(KARX_ERR_UNKNOWN_ALGORITHM, "unknown " + std::string(what) + " '" + name +
                                                     "' (expected one of " + names_of(kind) +
                                                     ")");
    return info;
}

karx_alg_info find_prim(karx_alg_kind kind, int mac_family, const std::string &name,
                        const char *what)
{
    karx_alg_info mac;
    if (lookup(KARX_KIND_MAC, name, &mac) && KARX_MAC_FAMILY(mac.id) == mac_family) {
        karx_alg_info prim;
        check(karx_alg_by_id(kind, KARX_MAC_PRIM(mac.id), &prim), what);
        return prim;
    }
    return find_alg(kind, name, what);
}

karx_cipher_alg cipher_alg(const std::string &name)
{
    return cipher_id(find_alg(KARX_KIND_CIPHER, name, "cipher"));
}

karx_lsh_alg lsh_alg(const std::string &name) { return hash_id(find_alg(KARX_KIND_HASH, name, "hash")); }

void check_key_len(karx_cipher_alg alg, size_t got)
{
    size_t want = karx_cipher_key_bytes(alg);
    if (got != want)
        raise_status(KARX_ERR_KEY_LENGTH, std::string(karx_cipher_name(alg)) + " key must be " +
                                              std::to_string(want) + " bytes, got " +
                                              std::to_string(got));
}

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

// ---------------------------------------------------------------- bytes-like input

// Like hashlib: a non-buffer raises TypeError, and a buffer that is not C-contiguous
// (memoryview(b)[::2], a strided NumPy array) raises BufferError, "underlying buffer is not
// C-contiguous" (hashlib passes NumPy's ValueError through; here it is one type for every
// exporter). Any other refusal raises the exporter's own exception.
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

void Buf::set(nb::handle h, const char *what)
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

OutBytes::OutBytes(size_t n)
{
    obj = PyBytes_FromStringAndSize(nullptr, static_cast<Py_ssize_t>(n));
    if (!obj)
        throw nb::python_error();
}

nb::bytes OutBytes::finish(size_t used)
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

nb::str to_hex(const uint8_t *d, size_t n)
{
    static const char HEX[] = "0123456789abcdef";
    char buf[2 * KARX_LSH_MAX_DIGEST_BYTES]; // digests fit; anything longer goes to the heap
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

} // namespace karxpy
