// karx._karx: HMAC-LSH record jobs (issue 26): HmacKey, a keyed session context, and
// _hmac_many / _hmac_verify_many over karx_hmac_lsh_jobs_pool / karx_hmac_lsh_verify_jobs_pool.
// (The GCM and CCM record jobs are in _karx_aead.cpp, beside the key objects they take; CTR's
// in _karx_gpu.cpp, behind ctr_xor_many.)
#include <memory>
#include <vector>

#include "_karx_internal.h"

namespace karxpy {
namespace {

using namespace nb::literals;

// The hash of an HMAC: "lsh256-256", "LSH-256-256" or "hmac-lsh256-256".
karx_lsh_alg hmac_alg(const std::string &name)
{
    return hash_id(find_prim(KARX_KIND_HASH, KARX_MAC_HMAC, name, "hash"));
}

// An HMAC-LSH key processed once (karx_hmac_lsh_init): a session's key for hmac_many. Only
// read after construction (the job calls read a keyed context and do not change it), so one
// object may be shared between threads and batches without a lock.
struct HmacKey {
    karx_hmac_lsh_ctx ctx;
    karx_lsh_alg alg;

    HmacKey(nb::handle key, const std::string &digest)
    {
        std::memset(&ctx, 0, sizeof ctx);
        alg = hmac_alg(digest);
        Buf k(key, "key");
        check(karx_hmac_lsh_init(&ctx, alg, k.p, k.n), "HmacKey");
    }
    HmacKey(const HmacKey &) = delete;
    HmacKey &operator=(const HmacKey &) = delete;
    ~HmacKey() { karx_hmac_lsh_ctx_wipe(&ctx); }
    std::string name() const { return karx_hmac_name(alg); }
    size_t digest_size() const { return karx_lsh_digest_bytes(alg); }
};

// The keys and messages of a batch, checked, as jobs (tag and tag_len still to set).
struct HmacBatch {
    Items keys, msgs;
    size_t n;
    Views kb, mb;
    std::vector<karx_hmac_lsh_job> jobs;
    std::vector<size_t> digest; // each job's digest size
    size_t work = 0;

    HmacBatch(nb::handle keys_h, nb::handle msgs_h, nb::handle digest_h)
        : keys(keys_h, "keys"), msgs(msgs_h, "messages"), n(keys.n), kb(n), mb(n)
    {
        same_count(n, "keys", msgs.n, "messages");
        bool named = !digest_h.is_none();
        karx_lsh_alg alg{};
        if (named) {
            if (!PyUnicode_Check(digest_h.ptr()))
                raise_type("digest: expected str or None, got " + tp_name_of(digest_h));
            alg = hmac_alg(nb::cast<std::string>(digest_h));
        }
        jobs.assign(n, karx_hmac_lsh_job{});
        digest.assign(n, 0);
        for (size_t i = 0; i < n; i++) {
            karx_hmac_lsh_job &j = jobs[i];
            nb::handle k = keys[i];
            if (nb::isinstance<HmacKey>(k)) {
                const HmacKey *hk = batch_key<HmacKey>(k, i, "an HmacKey");
                if (named && hk->alg != alg)
                    raise_status(KARX_ERR_ARGUMENT,
                                 item_name("keys", i) + ": an " + hk->name() +
                                     " key object in a batch of digest " + karx_hmac_name(alg));
                j.ctx = &hk->ctx;
                j.alg = hk->alg;
            } else {
                if (!named)
                    raise_status(KARX_ERR_ARGUMENT,
                                 item_name("keys", i) + ": raw key bytes need digest= (such as "
                                                        "'lsh256-256'); or pass a karx.HmacKey");
                kb.set(i, k, "keys");
                j.alg = alg;
                j.key = kb.p[i];
                j.key_len = kb.n[i];
            }
            mb.set(i, msgs[i], "messages");
            j.msg = mb.p[i];
            j.len = mb.n[i];
            digest[i] = karx_lsh_digest_bytes(j.alg);
            work += mb.n[i] + kb.n[i] + JOB_COST;
        }
    }

    // The first failing job's status, raised naming it.
    void raise_failed(const char *call) const
    {
        for (size_t i = 0; i < n; i++)
            if (jobs[i].status != KARX_OK && jobs[i].status != KARX_ERR_AUTHENTICATION)
                check(jobs[i].status, item_name("messages", i) + ": " + call);
    }
};

nb::list hmac_many(nb::handle keys, nb::handle messages, nb::handle digest, nb::handle tag_length,
                   nb::handle threads)
{
    unsigned nt = threads_arg(threads);
    HmacBatch b(keys, messages, digest);
    long long forced = -1;
    if (!tag_length.is_none()) {
        forced = int_arg(tag_length, "tag_length");
        if (forced < 0)
            raise_status(KARX_ERR_OUTPUT_LENGTH, "tag_length must be positive, got " +
                                                     arg_str(tag_length));
    }
    size_t n = b.n;
    PyObject *l = PyList_New(static_cast<Py_ssize_t>(n));
    if (l == nullptr)
        throw nb::python_error();
    nb::list result = nb::steal<nb::list>(l);
    for (size_t i = 0; i < n; i++) {
        size_t d = b.digest[i], t = d;
        if (forced >= 0) {
            size_t lo = karx_hmac_lsh_min_tag_bytes(b.jobs[i].alg);
            if (static_cast<unsigned long long>(forced) < lo ||
                static_cast<unsigned long long>(forced) > d)
                raise_status(KARX_ERR_OUTPUT_LENGTH,
                             item_name("keys", i) + ": " + karx_hmac_name(b.jobs[i].alg) +
                                 " tag_length must be " + std::to_string(lo) + " to " +
                                 std::to_string(d) + ", got " + arg_str(tag_length));
            t = static_cast<size_t>(forced);
        }
        PyObject *o = PyBytes_FromStringAndSize(nullptr, static_cast<Py_ssize_t>(t));
        if (o == nullptr)
            throw nb::python_error();
        PyList_SET_ITEM(l, static_cast<Py_ssize_t>(i), o);
        b.jobs[i].tag = reinterpret_cast<uint8_t *>(PyBytes_AS_STRING(o));
        b.jobs[i].tag_len = t;
    }
    PoolLease lease(nt, b.work, JOB_POOL_MIN_WORK);
    karx_pool *pool = lease.get();
    maybe_nogil(b.work, [&] { karx_hmac_lsh_jobs_pool(pool, b.jobs.data(), n); });
    b.raise_failed("HMAC");
    return result;
}

nb::list hmac_verify_many(nb::handle keys, nb::handle messages, nb::handle tags,
                          nb::handle digest, nb::handle threads)
{
    unsigned nt = threads_arg(threads);
    HmacBatch b(keys, messages, digest);
    Items ts(tags, "tags");
    size_t n = b.n;
    same_count(n, "keys", ts.n, "tags");
    Views tb(n);
    std::vector<char> ok(n, 0), go(n, 0);
    std::vector<karx_hmac_lsh_job> run;
    std::vector<size_t> at;
    run.reserve(n);
    for (size_t i = 0; i < n; i++) {
        tb.set(i, ts[i], "tags");
        size_t lo = karx_hmac_lsh_min_tag_bytes(b.jobs[i].alg);
        if (tb.n[i] < lo || tb.n[i] > b.digest[i])
            continue; // a tag of a length the verify refuses does not verify
        karx_hmac_lsh_job j = b.jobs[i];
        j.tag = const_cast<uint8_t *>(tb.p[i]); // read only: verify compares it
        j.tag_len = tb.n[i];
        run.push_back(j);
        at.push_back(i);
    }
    PoolLease lease(nt, b.work, JOB_POOL_MIN_WORK);
    karx_pool *pool = lease.get();
    maybe_nogil(b.work, [&] { karx_hmac_lsh_verify_jobs_pool(pool, run.data(), run.size()); });
    for (size_t k = 0; k < run.size(); k++) {
        karx_status st = run[k].status;
        if (st != KARX_OK && st != KARX_ERR_AUTHENTICATION)
            check(st, item_name("messages", at[k]) + ": HMAC verify");
        ok[at[k]] = st == KARX_OK;
    }
    nb::list r;
    for (size_t i = 0; i < n; i++)
        r.append(nb::bool_(ok[i] != 0));
    return r;
}

} // namespace

void bind_jobs(nb::module_ &m)
{
    nb::class_<HmacKey>(m, "HmacKey")
        .def(nb::init<nb::handle, const std::string &>(), "key"_a, "digest"_a,
             "An HMAC-LSH key processed once, for hmac_many / hmac_verify_many.")
        .def_prop_ro("name", &HmacKey::name)
        .def_prop_ro("digest_size", &HmacKey::digest_size);
    m.def("_hmac_many", &hmac_many, "keys"_a, "messages"_a, "digest"_a.none(),
          "tag_length"_a.none(), "threads"_a);
    m.def("_hmac_verify_many", &hmac_verify_many, "keys"_a, "messages"_a, "tags"_a,
          "digest"_a.none(), "threads"_a);
}

} // namespace karxpy
