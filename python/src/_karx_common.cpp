// karx._karx: errors, bytes-like arguments and algorithm names, shared by every section.
#include <unistd.h>

#include <climits>
#include <vector>

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

// ---------------------------------------------------------------- int arguments

long long int_arg(nb::handle h, const char *what)
{
    PyObject *i = PyNumber_Index(h.ptr()); // int, bool, NumPy integers; not float or str
    if (!i) {
        PyErr_Clear();
        raise_type(std::string(what) + ": expected int, got " + tp_name_of(h));
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(i, &overflow);
    Py_DECREF(i);
    if (overflow != 0)
        return overflow > 0 ? LLONG_MAX : LLONG_MIN;
    if (v == -1 && PyErr_Occurred())
        throw nb::python_error();
    return v;
}

size_t size_arg(nb::handle h, const char *what)
{
    long long v = int_arg(h, what);
    if (v < 0)
        raise_status(KARX_ERR_ARGUMENT,
                     std::string(what) + " must be non-negative, got " + arg_str(h));
    if (v >= PY_SSIZE_T_MAX) { // past any buffer (and maybe clamped): as bytes(2**64) does
        PyErr_SetString(PyExc_OverflowError,
                        (std::string(what) + " is too large for a buffer: " + arg_str(h)).c_str());
        throw nb::python_error();
    }
    return static_cast<size_t>(v);
}

std::string arg_str(nb::handle h)
{
    PyObject *s = PyObject_Str(h.ptr());
    if (!s) {
        PyErr_Clear();
        return "<" + tp_name_of(h) + ">";
    }
    Py_ssize_t n = 0;
    const char *c = PyUnicode_AsUTF8AndSize(s, &n);
    std::string r = c ? std::string(c, static_cast<size_t>(n)) : "<" + tp_name_of(h) + ">";
    if (!c)
        PyErr_Clear();
    Py_DECREF(s);
    return r.size() > 60 ? r.substr(0, 40) + "..." + r.substr(r.size() - 10) : r;
}

// ---------------------------------------------------------------- threads= pools
//
// A bounded cache of karx_pool objects, by thread count: at most MAX_POOLS pools and
// MAX_POOL_THREADS threads in all (the least recently used goes first), so that any sequence of
// counts leaves a bounded number of threads alive. A lease counts its pool's users: a pool
// evicted while a call (with the GIL released) still runs on it is freed by the last lease to
// end, never under a running call. The cache is guarded by g_pools_lock, taken with the GIL held
// or (to end a lease) without it; nothing waits for the GIL while holding it.

struct PoolEntry {
    karx_pool *pool;
    unsigned threads;
    unsigned users;          // leases not yet ended
    bool cached;             // in g_pools; false: freed when users drops to 0
    unsigned long long used; // g_clock at the last lease, for LRU
};

namespace {

constexpr size_t MAX_POOLS = 4;
constexpr unsigned MAX_POOL_THREADS = 1024;

std::mutex g_pools_lock;
std::vector<PoolEntry *> g_pools; // the cache
unsigned long long g_clock;
pid_t g_pools_pid;
bool g_atexit;

void free_entry(PoolEntry *e)
{
    karx_pool_free(e->pool);
    delete e;
}

// In a forked child the cache holds the parent's pools, whose threads do not exist here. They
// are dropped, not freed: karx_pool_free there blocks for ever in pthread_cond_destroy (glibc
// waits for the parent's workers that were waiting on the pool's conditions). A few pools'
// memory per fork, once.
void drop_if_forked()
{
    pid_t pid = getpid();
    if (g_pools_pid != pid) {
        g_pools.clear();
        g_pools_pid = pid;
    }
}

// At interpreter exit: the idle cached pools (a pool still in use, by a daemon thread, is left).
void free_pools()
{
    std::vector<PoolEntry *> dead;
    {
        std::lock_guard<std::mutex> g(g_pools_lock);
        drop_if_forked();
        for (PoolEntry *e : g_pools) {
            e->cached = false;
            if (e->users == 0)
                dead.push_back(e);
        }
        g_pools.clear();
    }
    for (PoolEntry *e : dead)
        free_entry(e);
}

} // namespace

unsigned threads_arg(nb::handle threads)
{
    long long t = int_arg(threads, "threads");
    if (t < 0 || t > 1024)
        raise_status(KARX_ERR_ARGUMENT,
                     "threads must be 0 (all CPUs) to 1024, got " + arg_str(threads));
    unsigned n = t == 0 ? karx_cpu_count() : static_cast<unsigned>(t);
    return n > 1024 ? 1024 : n;
}

PoolLease::PoolLease(unsigned threads, size_t work, size_t min_work)
{
    if (threads <= 1 || work < min_work)
        return;
    std::vector<PoolEntry *> dead;
    karx_status st = KARX_OK;
    {
        std::lock_guard<std::mutex> g(g_pools_lock);
        drop_if_forked();
        PoolEntry *hit = nullptr;
        for (PoolEntry *e : g_pools)
            if (e->threads == threads)
                hit = e;
        if (!hit) {
            // make room: the least recently used first, until the new pool fits
            unsigned total = threads;
            for (PoolEntry *e : g_pools)
                total += e->threads;
            while (!g_pools.empty() && (g_pools.size() >= MAX_POOLS || total > MAX_POOL_THREADS)) {
                size_t lru = 0;
                for (size_t i = 1; i < g_pools.size(); i++)
                    if (g_pools[i]->used < g_pools[lru]->used)
                        lru = i;
                PoolEntry *e = g_pools[lru];
                g_pools.erase(g_pools.begin() + static_cast<std::ptrdiff_t>(lru));
                total -= e->threads;
                e->cached = false;
                if (e->users == 0)
                    dead.push_back(e);
            }
            karx_pool *p = nullptr;
            st = karx_pool_new(&p, threads);
            if (st == KARX_OK) {
                hit = new PoolEntry{p, threads, 0, true, 0};
                g_pools.push_back(hit);
                if (!g_atexit) {
                    Py_AtExit(free_pools);
                    g_atexit = true;
                }
            }
        }
        if (hit) {
            hit->users++;
            hit->used = ++g_clock;
            entry_ = hit;
        }
    }
    for (PoolEntry *e : dead) // joins threads: outside the lock
        free_entry(e);
    if (st != KARX_OK)
        raise_status(st, "cannot start a pool of " + std::to_string(threads) + " threads");
}

PoolLease::~PoolLease()
{
    if (!entry_)
        return;
    PoolEntry *e = entry_;
    bool last;
    {
        std::lock_guard<std::mutex> g(g_pools_lock);
        last = --e->users == 0 && !e->cached;
    }
    if (last)
        free_entry(e);
}

karx_pool *PoolLease::get() const { return entry_ ? entry_->pool : nullptr; }

nb::list pool_cache()
{
    std::lock_guard<std::mutex> g(g_pools_lock);
    drop_if_forked();
    nb::list r;
    for (PoolEntry *e : g_pools)
        r.append(nb::make_tuple(e->threads, e->users));
    return r;
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

int tag_len_arg(nb::handle h, const char *what)
{
    long long v = int_arg(h, what);
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

Items::Items(nb::handle h, const char *what, bool none_ok)
{
    PyObject *o = h.ptr();
    if (h.is_none()) {
        if (none_ok)
            return;
        raise_type(std::string(what) + ": expected a sequence of bytes-like objects, got None");
    }
    if (PyUnicode_Check(o))
        raise_type(std::string(what) + ": expected a sequence of bytes-like objects, got str");
    if (PyObject_CheckBuffer(o)) { // a 2-D array is a sequence of rows; anything flatter is not
        Py_buffer v;
        int ndim = 0;
        if (PyObject_GetBuffer(o, &v, PyBUF_RECORDS_RO) == 0) {
            ndim = v.ndim;
            PyBuffer_Release(&v);
        } else {
            PyErr_Clear();
        }
        if (ndim != 2)
            raise_type(std::string(what) + ": expected a sequence of bytes-like objects or a "
                                           "2-D uint8 array, got " +
                       tp_name_of(h) + (ndim ? " of " + std::to_string(ndim) + " dimensions" : ""));
    }
    // A private list (a tuple is immutable): its items stay alive, whatever another thread does
    // to the caller's list while the GIL is released.
    PyObject *f = PyTuple_Check(o) ? PySequence_Fast(o, "") : PySequence_List(o);
    if (f == nullptr) {
        PyErr_Clear();
        raise_type(std::string(what) + ": expected a sequence of bytes-like objects, got " +
                   tp_name_of(h));
    }
    fast = nb::steal(f);
    items = PySequence_Fast_ITEMS(f);
    n = static_cast<size_t>(PySequence_Fast_GET_SIZE(f));
    present = true;
}

std::string item_name(const char *what, size_t i)
{
    return std::string(what) + "[" + std::to_string(i) + "]";
}

void item_buf(Buf &b, nb::handle h, const char *what, size_t i)
{
    if (PyBytes_Check(h.ptr()))
        b.set(h, what); // cannot fail
    else
        b.set(h, item_name(what, i).c_str());
}

void same_count(size_t n, const char *what_n, size_t m, const char *what_m)
{
    if (n != m)
        raise_status(KARX_ERR_ARGUMENT, std::to_string(n) + " " + what_n + " but " +
                                            std::to_string(m) + " " + what_m);
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
