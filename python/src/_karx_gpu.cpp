// karx._karx: the GPU (one process-wide handle) and the batch calls that may run on it,
// lsh_many (many messages) and ctr_xor_many (many keys), under karx.lsh_many / ctr_xor_many.
#include <vector>

#include "_karx_internal.h"

#ifdef KARX_PY_HAVE_GPU
extern "C" {
#include <karx/gpu.h>
}
#endif

namespace karxpy {
namespace {

using namespace nb::literals;

// ---------------------------------------------------------------- the device

std::mutex g_gpu_lock; // the handle is not thread-safe: calls are serialised
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

// ---------------------------------------------------------------- device choice

enum { DEV_CPU = 0, DEV_GPU = 1, DEV_AUTO = 2 };

// Runs gpu_call under the GPU lock when device allows the GPU and one opens; returns whether it
// ran there. st gets the call's status, or the failed open's when device insists on the GPU.
// Called without the GIL.
template <class F> bool try_gpu(int device, karx_status &st, F &&gpu_call)
{
    if (device == DEV_CPU)
        return false;
    std::lock_guard<std::mutex> g(g_gpu_lock);
    karx_status gs = gpu_open_locked();
    if (gs != KARX_OK) {
        if (device == DEV_GPU)
            st = gs;
        return false;
    }
    st = gpu_call();
    return true;
}

// Raises for a failed batch: as a GPU error when the GPU ran it or was insisted on.
void check_batch(karx_status st, bool used_gpu, int device, const char *what)
{
    if (st != KARX_OK && (used_gpu || device == DEV_GPU))
        raise_gpu(st);
    check(st, what);
}

// ---------------------------------------------------------------- many messages

// The messages of lsh_many: a 2-D uint8 buffer (rows = messages of msg_len bytes, used in place:
// flat) or a sequence of bytes-like objects of any lengths (ptrs / lens). Views are released
// when it goes.
struct Messages {
    size_t n = 0, msg_len = 0;
    const uint8_t *flat = nullptr;
    std::vector<const uint8_t *> ptrs;
    std::vector<size_t> lens;
    std::vector<Py_buffer> views;
    Py_buffer mv{};
    bool have_mv = false;
    nb::object tup;

    Messages(nb::handle messages)
    {
        PyObject *m = messages.ptr();
        if (PyBytes_Check(m) || PyUnicode_Check(m) || PyByteArray_Check(m))
            raise_type("messages: expected a 2-D uint8 array or a sequence of bytes-like "
                       "objects, got " + tp_name_of(messages));
        if (!(PyList_Check(m) || PyTuple_Check(m)) && PyObject_CheckBuffer(m))
            from_array(m);
        else
            from_sequence(messages);
    }
    Messages(const Messages &) = delete;
    Messages &operator=(const Messages &) = delete;
    ~Messages()
    {
        if (have_mv)
            PyBuffer_Release(&mv);
        for (auto &v : views)
            PyBuffer_Release(&v);
    }

    void from_array(PyObject *m)
    {
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
    }

    void from_sequence(nb::handle messages)
    {
        PyObject *t = PySequence_Tuple(messages.ptr());
        if (!t) {
            PyErr_Clear();
            raise_type("messages: expected a 2-D uint8 array or a sequence of bytes-like "
                       "objects, got " + tp_name_of(messages));
        }
        tup = nb::steal(t);
        n = static_cast<size_t>(PyTuple_GET_SIZE(t));
        ptrs.resize(n);
        lens.resize(n);
        for (size_t i = 0; i < n; i++)
            add(i, PyTuple_GET_ITEM(t, static_cast<Py_ssize_t>(i)));
    }

    void add(size_t i, PyObject *it)
    {
        if (PyBytes_Check(it)) {
            ptrs[i] = reinterpret_cast<const uint8_t *>(PyBytes_AS_STRING(it));
            lens[i] = static_cast<size_t>(PyBytes_GET_SIZE(it));
            return;
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

    bool equal_lengths() const { return flat != nullptr || n == 0; }
};

#ifdef KARX_PY_HAVE_GPU
// The GPU takes messages of any lengths packed end to end, with n + 1 offsets.
karx_status gpu_lsh_ragged(karx_lsh_alg alg, uint8_t *o, size_t d, const Messages &ms)
{
    size_t n = ms.n;
    std::vector<size_t> off(n + 1);
    off[0] = 0;
    for (size_t i = 0; i < n; i++)
        off[i + 1] = off[i] + ms.lens[i];
    std::vector<uint8_t> buf(off[n]);
    for (size_t i = 0; i < n; i++)
        if (ms.lens[i])
            std::memcpy(buf.data() + off[i], ms.ptrs[i], ms.lens[i]);
    bool is256 = karx_lsh_block_bytes(alg) == KARX_LSH256_BLOCK_BYTES;
    return is256 ? karx_gpu_lsh256_many_offsets(g_gpu, o, d, buf.data(), off.data(), n)
                 : karx_gpu_lsh512_many_offsets(g_gpu, o, d, buf.data(), off.data(), n);
}
#endif

// Hashes messages into out (a writable C-contiguous buffer of n * digest bytes, made by the
// Python layer). Returns the device that ran it ("cpu" or "gpu").
nb::str lsh_many_into(const std::string &name, nb::handle out, nb::handle messages, int device,
                      nb::handle threads)
{
    unsigned nt = threads_arg(threads);
    karx_lsh_alg alg = lsh_alg(name);
    size_t d = karx_lsh_digest_bytes(alg);
    OutView ov(out);
    Messages ms(messages);
    size_t n = ms.n;
    if (ov.size() != n * d)
        raise_status(KARX_ERR_OUTPUT_LENGTH, "out must be " + std::to_string(n * d) +
                                                 " bytes, got " + std::to_string(ov.size()));
    uint8_t *o = ov.data();
    // the work as par_lsh.c weighs it (each message's bytes and about a block more), or at least
    // that: no pool when less could not be split, or when only the GPU may run it
    size_t block = karx_lsh_block_bytes(alg), work = 0;
    if (device != DEV_GPU) {
        if (ms.equal_lengths()) {
            size_t per = ms.msg_len + block; // msg_len is a buffer's: below 2**63
            work = n != 0 && per > SIZE_MAX / n ? SIZE_MAX : n * per;
        } else {
            for (size_t i = 0; i < n && work != SIZE_MAX; i++)
                work = ms.lens[i] + block > SIZE_MAX - work ? SIZE_MAX : work + ms.lens[i] + block;
        }
    }
    PoolLease lease(nt, work);
    karx_pool *pool = lease.get();
    bool used_gpu;
    karx_status st = KARX_OK;
    {
        nb::gil_scoped_release rel;
        used_gpu = try_gpu(device, st, [&] {
#ifdef KARX_PY_HAVE_GPU
            return ms.equal_lengths()
                       ? karx_gpu_lsh_many(g_gpu, alg, o, n * d, ms.flat, ms.msg_len, n)
                       : gpu_lsh_ragged(alg, o, d, ms);
#else
            return KARX_ERR_NO_DEVICE;
#endif
        });
        if (!used_gpu && st == KARX_OK)
            st = ms.equal_lengths()
                     ? karx_lsh_many_pool(pool, alg, o, n * d, ms.flat, ms.msg_len, n)
                     : karx_lsh_many_ptrs_pool(pool, alg, o, n * d, ms.ptrs.data(),
                                               ms.lens.data(), n);
    }
    check_batch(st, used_gpu, device, "lsh_many");
    return nb::str(used_gpu ? "gpu" : "cpu");
}

// ---------------------------------------------------------------- many-key CTR

// n records, each under its own key: record i has key keys[i*kl ..), counter ctrs[i*bl ..) and
// data in[off[i] .. off[i+1]), written to out at the same positions.
struct CtrBatch {
    karx_cipher_alg alg;
    size_t kl, bl, n;
    const uint8_t *keys, *in;
    uint8_t *ctrs, *out;
    std::vector<size_t> off;

    // All records of one length (the GPU's fast path).
    bool equal_lengths() const
    {
        for (size_t i = 0; i < n; i++)
            if (off[i + 1] - off[i] != off[1] - off[0])
                return false;
        return true;
    }

    // The CPU: one record job a record (karx_ctr_jobs: records of LEA and CHAM-128 side by side
    // in SIMD lanes, a key each), on the pool when there is one. All or nothing: the first
    // failure is returned (the caller then discards every output and counter).
    karx_status on_cpu(karx_pool *pool, uint8_t *work) const
    {
        std::vector<karx_ctr_job> jobs(n);
        for (size_t i = 0; i < n; i++) {
            karx_ctr_job &j = jobs[i];
            j.alg = alg;
            j.key = keys + i * kl;
            j.key_len = kl;
            j.ctr = work + i * bl;
            j.in = in + off[i];
            j.out = out + off[i];
            j.len = off[i + 1] - off[i];
        }
        return karx_ctr_jobs_pool(pool, jobs.data(), n);
    }

#ifdef KARX_PY_HAVE_GPU
    karx_status on_gpu(uint8_t *work) const
    {
        if (equal_lengths())
            return karx_gpu_ctr_xor_many(g_gpu, alg, keys, kl, work, out, in,
                                         n ? off[1] - off[0] : 0, n);
        return karx_gpu_ctr_xor_many_offsets(g_gpu, alg, keys, kl, work, out, in, off.data(), n);
    }
#endif
};

// Checks the sizes the Python layer already checked, with messages saying expected and given.
void check_ctr_batch(const CtrBatch &b, size_t keys_len, size_t ctrs_len, size_t in_len,
                     size_t out_len)
{
    std::string c(karx_cipher_name(b.alg));
    if (keys_len != b.n * b.kl)
        raise_status(KARX_ERR_KEY_LENGTH, c + " keys must be " + std::to_string(b.kl) +
                                              " bytes each: expected " +
                                              std::to_string(b.n * b.kl) + " bytes for " +
                                              std::to_string(b.n) + " records, got " +
                                              std::to_string(keys_len));
    if (ctrs_len != b.n * b.bl)
        raise_status(KARX_ERR_IV_LENGTH, c + " counters must be " + std::to_string(b.bl) +
                                             " bytes each: expected " +
                                             std::to_string(b.n * b.bl) + " bytes, got " +
                                             std::to_string(ctrs_len));
    for (size_t i = 0; i < b.n; i++)
        if (b.off[i + 1] < b.off[i])
            raise_status(KARX_ERR_ARGUMENT, "offsets must not decrease");
    if (b.off[0] != 0 || b.off[b.n] != in_len || out_len != in_len)
        raise_status(KARX_ERR_OUTPUT_LENGTH, "offsets must span data, and out must be as long "
                                             "as data (" + std::to_string(in_len) + " bytes)");
}

// Counters advance in place, as n separate karx_ctr_xor calls would. Nothing is written to the
// counters or out unless every record succeeds (out is zeroed on failure).
nb::str ctr_xor_many_into(const std::string &cipher, nb::handle keys_h, nb::handle ctrs_h,
                          nb::handle out_h, nb::handle in_h, nb::handle offsets_h, int device,
                          nb::handle threads)
{
    unsigned nt = threads_arg(threads);
    CtrBatch b{};
    b.alg = cipher_alg(cipher);
    b.kl = karx_cipher_key_bytes(b.alg);
    b.bl = karx_cipher_block_bytes(b.alg);
    Buf keys(keys_h, "keys"), in(in_h, "data"), offs(offsets_h, "offsets");
    OutView cv(ctrs_h), ov(out_h);
    if (offs.n % sizeof(size_t) != 0 || offs.n < sizeof(size_t))
        raise_status(KARX_ERR_ARGUMENT, "offsets: expected n + 1 native size_t values");
    b.n = offs.n / sizeof(size_t) - 1;
    b.off.resize(b.n + 1);
    std::memcpy(b.off.data(), offs.p, offs.n);
    check_ctr_batch(b, keys.n, cv.size(), in.n, ov.size());
    b.keys = keys.p;
    b.in = in.p;
    b.ctrs = cv.data();
    b.out = ov.data();

    bool used_gpu;
    karx_status st = KARX_OK;
    PoolLease lease(device == DEV_GPU ? 1 : nt, in.n + b.n * JOB_COST, JOB_POOL_MIN_WORK);
    karx_pool *pool = lease.get();
    {
        nb::gil_scoped_release rel;
        std::vector<uint8_t> work(b.ctrs, b.ctrs + b.n * b.bl); // counters advance here first
        used_gpu = try_gpu(device, st, [&] {
#ifdef KARX_PY_HAVE_GPU
            return b.on_gpu(work.data());
#else
            return KARX_ERR_NO_DEVICE;
#endif
        });
        if (!used_gpu && st == KARX_OK)
            st = b.on_cpu(pool, work.data());
        if (st == KARX_OK)
            std::memcpy(b.ctrs, work.data(), b.n * b.bl);
        else
            karx_memzero(b.out, in.n);
    }
    if (st == KARX_ERR_COUNTER_OVERFLOW)
        raise_status(st, "a record's CTR counter would wrap: nothing was encrypted");
    check_batch(st, used_gpu, device, "ctr_xor_many");
    return nb::str(used_gpu ? "gpu" : "cpu");
}

// ctr_xor_many's CPU path for a sequence of records: the records read where they lie and the
// results written straight into new bytes objects (no concatenation), as record jobs
// (karx_ctr_jobs_pool). keys (n x key size) and ctrs (n x block) are the arrays the Python layer
// made; ctrs advance only when every record succeeded (all or nothing, as the other paths).
nb::list ctr_jobs_many(const std::string &cipher, nb::handle keys_h, nb::handle ctrs_h,
                       nb::handle data_h, nb::handle threads)
{
    unsigned nt = threads_arg(threads);
    karx_cipher_alg alg = cipher_alg(cipher);
    size_t kl = karx_cipher_key_bytes(alg), bl = karx_cipher_block_bytes(alg);
    Buf keys(keys_h, "keys");
    OutView cv(ctrs_h);
    Items data(data_h, "data");
    size_t n = data.n;
    if (keys.n != n * kl)
        raise_status(KARX_ERR_KEY_LENGTH, std::string(karx_cipher_name(alg)) + ": keys must be " +
                                              std::to_string(n) + " x " + std::to_string(kl) +
                                              " bytes, got " + std::to_string(keys.n));
    if (cv.size() != n * bl)
        raise_status(KARX_ERR_IV_LENGTH, std::string(karx_cipher_name(alg)) +
                                             ": counters must be " + std::to_string(n) + " x " +
                                             std::to_string(bl) + " bytes, got " +
                                             std::to_string(cv.size()));
    Views dv(n);
    Outs outs(n);
    std::vector<karx_ctr_job> jobs(n);
    size_t work = 0;
    for (size_t i = 0; i < n; i++) {
        dv.set(i, data[i], "data");
        work += dv.n[i] + JOB_COST;
    }
    std::vector<uint8_t> ctr(cv.data(), cv.data() + n * bl); // advanced here first
    for (size_t i = 0; i < n; i++) {
        karx_ctr_job &j = jobs[i];
        j.alg = alg;
        j.key = keys.p + i * kl;
        j.key_len = kl;
        j.ctr = ctr.data() + i * bl;
        j.in = dv.p[i];
        j.out = outs.make(i, dv.n[i]);
        j.len = dv.n[i];
    }
    PoolLease lease(nt, work, JOB_POOL_MIN_WORK);
    karx_pool *pool = lease.get();
    karx_status st = KARX_OK;
    maybe_nogil(work, [&] { st = karx_ctr_jobs_pool(pool, jobs.data(), n); });
    if (st == KARX_ERR_COUNTER_OVERFLOW)
        raise_status(st, "a record's CTR counter would wrap: nothing was encrypted");
    check(st, "ctr_xor_many");
    std::memcpy(cv.data(), ctr.data(), n * bl);
    return outs.take();
}

} // namespace

void bind_gpu(nb::module_ &m)
{
    m.def("_lsh_many_into", &lsh_many_into, "name"_a, "out"_a, "messages"_a, "device"_a,
          "threads"_a = 1);
    m.def("_ctr_xor_many_into", &ctr_xor_many_into, "cipher"_a, "keys"_a, "counters"_a, "out"_a,
          "data"_a, "offsets"_a, "device"_a, "threads"_a = 1);
    m.def("_ctr_jobs_many", &ctr_jobs_many, "cipher"_a, "keys"_a, "counters"_a, "data"_a,
          "threads"_a = 1);
    m.def("gpu_available", &gpu_available, "True when a GPU opens (CUDA build and a device).");
    m.def("gpu_built", &gpu_built, "True when the library was built with the CUDA back end.");
    m.def("gpu_info", &gpu_info, "Device properties; raises NoDevice without a GPU.");
}

} // namespace karxpy
