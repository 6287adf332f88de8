#!/usr/bin/env python3
"""Runs `karx bench` and the peer benchmark (bench/peers: Crypto++ 8.7 and OpenSSL 3 from Debian's
packages, built by bench/peers/build.sh when needed) in one run on this machine, then writes the
side-by-side tables with ratios karx / peer.

usage: bench/compare.py [--suite lsh|cipher|aead|all] [--karx build/karx]
                        [--peers bench/peers] [--peer-build build/peers] [--out bench/results]
                        [--quick] [--backend LIST]
       bench/compare.py --render FILE.jsonl
Suites: lsh (LSH hashing vs Crypto++ LSH, and LSH-256 / LSH-512 vs OpenSSL SHA-256 (SHA-NI where
the CPU has it) / SHA-512), cipher (LEA, HIGHT, revised CHAM, ARIA: ctr, ecb, ecb-dec, cbc-enc, cbc-dec vs
Crypto++ CTR/ECB, LEA-128-CTR vs OpenSSL AES-128-CTR, ARIA-128-CTR vs OpenSSL ARIA-128-CTR), aead (GCM, CCM, CMAC, HMAC-LSH,
CTR_DRBG with the issue-4 targets, and LEA-128-GCM vs OpenSSL AES-128-GCM through EVP in the peer
bench); all = every suite (default). Each suite's table ends with the pairs users compare
(PAIRS). For each suite, writes OUT/<stamp>-<suite>-<commit>.jsonl (every row from both tools)
and .md (the table, the machine, compiler and commit), and prints the table."""
import argparse, datetime, json, os, platform, shutil, socket, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# Peer bench rows per suite (its --filter: substrings of lib/algo/mode/size, case-insensitive).
PEER_FILTER = {
    'lsh': ['cryptopp/lsh', 'openssl/sha-256/hash', 'openssl/sha-512/hash'],
    'cipher': ['cryptopp/lea', 'cryptopp/cham', 'cryptopp/hight', 'openssl/aes-128/ctr'],
    'aead': ['openssl/aes-128/ctr', 'openssl/aes-128/gcm'],  # no Crypto++ GCM/CCM/CMAC/HMAC rows
}
# The comparisons users make, karx (best back end) against one peer row: label, karx suite, op,
# alg, then the peer's lib, algo, mode. ratio = karx GB/s / peer GB/s at the same size.
PAIRS = [
    ('LSH-256-256 / Crypto++ LSH-256', 'lsh', 'hash', 'lsh256-256', 'cryptopp', 'LSH-256-256', 'hash'),
    ('LSH-512-512 / Crypto++ LSH-512', 'lsh', 'hash', 'lsh512-512', 'cryptopp', 'LSH-512-512', 'hash'),
    ('LSH-256-256 / OpenSSL SHA-256', 'lsh', 'hash', 'lsh256-256', 'openssl', 'SHA-256', 'hash'),
    ('LSH-512-512 / OpenSSL SHA-512', 'lsh', 'hash', 'lsh512-512', 'openssl', 'SHA-512', 'hash'),
    ('LEA-128-CTR / OpenSSL AES-128-CTR', 'cipher', 'ctr', 'lea128', 'openssl', 'AES-128', 'CTR'),
    ('ARIA-128-CTR / OpenSSL ARIA-128-CTR', 'cipher', 'ctr', 'aria128', 'openssl', 'ARIA-128', 'CTR'),
    ('LEA-128-GCM seal / OpenSSL AES-128-GCM seal', 'aead', 'gcm-seal', 'lea128', 'openssl',
     'AES-128', 'GCM-seal'),
    ('LEA-128-GCM open / OpenSSL AES-128-GCM open', 'aead', 'gcm-open', 'lea128', 'openssl',
     'AES-128', 'GCM-open'),
]
SUITES = ['lsh', 'cipher', 'aead']
# karx registry name -> Crypto++ algorithm name in the peer bench
CIPHER_PEER = {'lea128': 'LEA-128', 'lea192': 'LEA-192', 'lea256': 'LEA-256', 'hight': 'HIGHT',
               'cham64-128': 'CHAM-64/128', 'cham128-128': 'CHAM-128/128',
               'cham128-256': 'CHAM-128/256', 'aria128': 'ARIA-128', 'aria192': 'ARIA-192',
               'aria256': 'ARIA-256'}
CIPHER_ORDER = list(CIPHER_PEER)
OP_ORDER = ['ctr', 'ecb', 'ecb-dec', 'cbc-enc', 'cbc-dec']
OP_PEER = {'ctr': 'CTR', 'ecb': 'ECB'}  # the peer bench times encryption only
# Rounds: karx runs revised CHAM (ICISC 2019), Crypto++ 8.7 the original 2017 CHAM.
CHAM_ROUNDS = {'cham64-128': (88, 80), 'cham128-128': (112, 80), 'cham128-256': (120, 96)}


def run(cmd, check=True, **kw):
    print('+', ' '.join(cmd), file=sys.stderr, flush=True)
    return subprocess.run(cmd, check=check, **kw)


def build_peer(src, out):
    """bench/peers/build.sh: installs the Debian packages it lacks (as root) and builds the peer
    bench into out; returns the binary's path, or None (its one-line reason is on stderr)."""
    script = os.path.join(src, 'build.sh')
    if not os.path.isfile(script):
        print(f'peer benchmark not found at {src}: karx rows only', file=sys.stderr)
        return None
    p = run(['sh', script, out], check=False, stdout=subprocess.PIPE, text=True)
    lines = p.stdout.strip().splitlines()
    if p.returncode != 0 or not lines or not os.access(lines[-1], os.X_OK):
        print(f'peer benchmark did not build ({script}): karx rows only', file=sys.stderr)
        return None
    return lines[-1]


def load(path):
    with open(path) as f:
        return [json.loads(l) for l in f if l.strip().startswith('{')]


def fmt_rate(x):
    if x >= 1e6:
        return f'{x / 1e6:.2f} M'
    return f'{x / 1e3:.1f} k' if x >= 1e3 else f'{x:.1f}'


def size_label(n):
    if n >= 1 << 20 and n % (1 << 20) == 0:
        return f'{n >> 20} MiB'
    if n >= 1024 and n % 1024 == 0:
        return f'{n >> 10} KiB'
    return f'{n} B'


def machine_line(meta):
    return (f"Machine: {meta['cpu']}, karx core clock ~{meta['core_ghz_est']:.2f} GHz (est.), "
            f"TSC {meta['tsc_ghz']:.2f} GHz; compiler {meta['compiler']}; karx {meta['version']} "
            f"commit {meta['commit']}; {meta['time']}; host {meta.get('host', socket.gethostname())} "
            f"({platform.system()} {platform.release()}).")


def peer_of(rows, groups):
    return [r for r in rows if r.get('bench') == 'cryptopp-bench' and r.get('type') == 'result'
            and r.get('group') in groups]


def best_by(krows, key):
    """The fastest karx row (any back end) per key(row)."""
    best = {}
    for r in krows:
        k = key(r)
        if k not in best or r['gb_per_s'] > best[k]['gb_per_s']:
            best[k] = r
    return best


def backend_table_head(title, cols, backends):
    """The lines that open a table of karx GB/s per back end: a blank line, its title, a blank
    line, then the header: the key columns cols, one column per back end."""
    return ['', title, '', '| ' + ' | '.join([*cols, *backends]) + ' |',
            '|' + '---|' * (len(cols) + len(backends))]


def backend_rows(by_backend, k, backends):
    """Key k's row at each back end in turn (None where it has none)."""
    return [by_backend.get(k + (b,)) for b in backends]


def best_by_backend(krows):
    """Per (alg, op, msg_bytes): the fastest karx row, every back end's row (keyed with the back
    end appended), and the back ends in the order first seen."""
    best = best_by(krows, lambda r: (r['alg'], r['op'], r['msg_bytes']))
    by_backend = {(r['alg'], r['op'], r['msg_bytes'], r['backend']): r for r in krows}
    backends = list(dict.fromkeys(r['backend'] for r in krows))
    return best, by_backend, backends


def pair_rows(rows, suites=None):
    """PAIRS as rows {label, bytes, karx, karx_backend, peer, peer_impl, ratio} (GB/s), for every
    size both sides have; rows mixes karx rows (suite, op, alg, msg_bytes, gb_per_s) and peer rows
    (lib, algo, mode, bytes, gb_per_s_median)."""
    out = []
    for label, suite, op, alg, lib, algo, mode in PAIRS:
        if suites is not None and suite not in suites:
            continue
        best = best_by([r for r in rows if r.get('suite') == suite and r.get('op') == op
                        and r.get('alg') == alg], lambda r: r['msg_bytes'])
        peer = {r['bytes']: r for r in rows if r.get('type') == 'result' and r.get('lib') == lib
                and r.get('algo') == algo and r.get('mode') == mode}
        for n in sorted(set(best) & set(peer)):
            k, p = best[n], peer[n]
            out.append({'label': label, 'bytes': n, 'karx': k['gb_per_s'],
                        'karx_backend': k['backend'], 'peer': p['gb_per_s_median'],
                        'peer_impl': p.get('impl', ''),
                        'ratio': k['gb_per_s'] / p['gb_per_s_median']})
    return out


def render_pairs(rows, suites=None):
    """The PAIRS markdown table; '' when no pair has both sides."""
    pr = pair_rows(rows, suites)
    if not pr:
        return ''
    lines = ['', 'The comparisons users make (same run; best karx back end; ratio = karx / peer GB/s):',
             '', '| pair | bytes | karx GB/s (back end) | peer GB/s (impl) | karx / peer |',
             '|---|---|---|---|---|']
    for p in pr:
        lines.append(f"| {p['label']} | {size_label(p['bytes'])} | {p['karx']:.3f} "
                     f"({p['karx_backend']}) | {p['peer']:.3f} ({p['peer_impl']}) | "
                     f"{p['ratio']:.2f}x |")
    return '\n'.join(lines)


def render(krows, prows):
    """The LSH side-by-side markdown table: best karx back end per row against Crypto++."""
    meta = krows[0]
    # best karx back end per (op, alg, size); the batch-size sweep is plotted, not tabled
    best = {}
    for r in krows:
        if r['op'] == 'hash_many_sweep':
            continue
        k = (r['op'], r['alg'], r['msg_bytes'])
        if k not in best or r['gb_per_s'] > best[k]['gb_per_s']:
            best[k] = r
    peer = {}
    for r in prows:
        if r.get('type') != 'result' or r.get('lib') != 'cryptopp':
            continue
        alg = r['algo'].lower().replace('lsh-', 'lsh')  # LSH-512-256 -> lsh512-256
        peer[(alg, r['bytes'])] = r

    lines = []
    lines.append(machine_line(meta))
    lines.append('')
    lines.append('| op | variant | bytes | karx back end | karx GB/s | karx c/B | karx hashes/s | '
                 'Crypto++ 8.7 GB/s | Crypto++ hashes/s | karx / Crypto++ |')
    lines.append('|---|---|---|---|---|---|---|---|---|---|')
    for (op, alg, size), r in sorted(best.items(), key=lambda kv: (kv[0][1], kv[0][0], kv[0][2])):
        p = peer.get((alg, size))
        pg = f"{p['gb_per_s_median']:.3f}" if p else '—'
        pr = fmt_rate(p['ops_per_s_median']) if p else '—'
        ratio = f"{r['per_s'] / p['ops_per_s_median']:.1f}x" if p else '—'
        lines.append(f"| {op} | {alg} | {size} | {r['backend']} | {r['gb_per_s']:.3f} | "
                     f"{r['cycles_per_byte']:.2f} | {fmt_rate(r['per_s'])} | {pg} | {pr} | {ratio} |")
    lines.append('')
    lines.append('hash_many rows compare karx batches of 4096 equal-length messages with Crypto++ '
                 'one-shot hashing of one message of the same size (Crypto++ has no batch API).')
    lines.append(render_pairs(krows + prows, ['lsh']))
    return '\n'.join(lines)


def render_cipher(krows, prows):
    """The block-cipher markdown tables: best karx back end per (cipher, op) against Crypto++,
    OpenSSL AES-128-CTR as the reference line, then every karx back end."""
    meta = krows[0]
    best, by_backend, backends = best_by_backend(krows)
    peer, aes = {}, {}
    for r in prows:
        if r.get('type') != 'result':
            continue
        if r.get('lib') == 'cryptopp' and r.get('group') == 'block cipher':
            peer[(r['algo'], r['mode'], r['bytes'])] = r
        elif r.get('lib') == 'openssl' and r.get('algo') == 'AES-128' and r.get('mode') == 'CTR':
            aes[r['bytes']] = r
    order = lambda k: (CIPHER_ORDER.index(k[0]) if k[0] in CIPHER_ORDER else 99,
                       OP_ORDER.index(k[1]) if k[1] in OP_ORDER else 99, k[2])

    lines = [machine_line(meta)]
    cpp, ssl = next(iter(peer.values()), None), next(iter(aes.values()), None)
    if cpp or ssl:
        names = ([f"Crypto++ {cpp.get('lib_version', '?')}"] if cpp else []) + \
            ([ssl.get('lib_version', 'OpenSSL')] if ssl else [])
        core = max(r.get('core_ghz_est', 0) for r in list(peer.values()) + list(aes.values()))
        lines.append(f"Peers in the same run: {', '.join(names)}; peer core clock "
                     f"~{core:.2f} GHz (est., best of its rows).")
    lines.append('')
    lines.append('| cipher | op | bytes | karx back end | karx GB/s | karx c/B | Crypto++ GB/s | '
                 'Crypto++ c/B | karx / Crypto++ | per round (CHAM) |')
    lines.append('|---|---|---|---|---|---|---|---|---|---|')
    for k in sorted(best, key=order):
        alg, op, size = k
        r = best[k]
        be = r['backend']
        if r.get('kernel') and r['kernel'] != be:
            be += f" ({r['kernel']} kernel)"
        p = peer.get((CIPHER_PEER.get(alg), OP_PEER.get(op), size))
        pg = f"{p['gb_per_s_median']:.3f}" if p else '—'
        pc = f"{p['core_cycles_per_byte_est']:.2f}" if p else '—'
        ratio = r['gb_per_s'] / p['gb_per_s_median'] if p else None
        rs = f'{ratio:.2f}x' if ratio else '—'
        per_round = '—'
        if ratio and alg in CHAM_ROUNDS:
            kr, pr = CHAM_ROUNDS[alg]
            per_round = f'{ratio * kr / pr:.2f}x ({kr} vs {pr} r)'
        lines.append(f"| {alg} | {op} | {size_label(size)} | {be} | {r['gb_per_s']:.3f} | "
                     f"{r['cycles_per_byte']:.2f} | {pg} | {pc} | {rs} | {per_round} |")
    for size, a in sorted(aes.items()):
        lea = best.get(('lea128', 'ctr', size))
        vs = f"LEA-128 {lea['gb_per_s'] / a['gb_per_s_median']:.2f}x" if lea else '—'
        lines.append(f"| AES-128 (OpenSSL, reference) | ctr | {size_label(size)} | — | — | — | "
                     f"{a['gb_per_s_median']:.3f} | {a['core_cycles_per_byte_est']:.2f} | {vs} | — |")
    lines.append('')
    lines.append('karx: stateless calls (karx_ctr_xor, karx_ecb_*, karx_cbc_*), out of place, key '
                 'setup untimed, best back end per row ("(x kernel)": the kernel table the cipher '
                 'actually ran for the back end asked for, where its name differs: a narrower one '
                 'where the cipher has none, or a variant such as +gfni). Crypto++ times CTR and ECB '
                 'encryption only (ProcessData, out of place); ecb-dec and cbc rows have no peer.')
    lines.append('CHAM: karx implements revised CHAM (88/112/120 rounds), Crypto++ 8.7 the original '
                 '2017 CHAM (80/80/96 rounds), so outputs differ and a round costs the same in both: '
                 '"per round" = karx / Crypto++ x karx rounds / Crypto++ rounds (throughput per round).')
    lines.append('OpenSSL AES-128-CTR uses AES-NI/VAES hardware: the reference line shows what a '
                 'hardware cipher does on this machine, and the best LEA-128 CTR as a fraction of it.')
    if len(backends) > 1:
        lines += backend_table_head('karx GB/s per back end (requested back end; kernel actually '
                                    'run in brackets where it differs):', ['cipher', 'op'],
                                    backends)
        for k in sorted(best, key=order):
            cells = []
            for b, r in zip(backends, backend_rows(by_backend, k, backends)):
                if not r:
                    cells.append('—')
                    continue
                c = f"{r['gb_per_s']:.3f}"
                if r.get('kernel') and r['kernel'] != b:
                    c += f" [{r['kernel']}]"
                cells.append(c)
            lines.append(f'| {k[0]} | {k[1]} | ' + ' | '.join(cells) + ' |')
    lines.append(render_pairs(krows + prows, ['cipher']))
    return '\n'.join(lines)


AEAD_OP_ORDER = ['gcm-seal', 'gcm-open', 'ccm-seal', 'ccm-open', 'cmac', 'hash', 'hmac', 'ctr',
                 'drbg']
LSH_ORDER = ['lsh256-224', 'lsh256-256', 'lsh512-224', 'lsh512-256', 'lsh512-384', 'lsh512-512']
# issue 4 targets
GCM_TARGET_GBPS = 5.0
DRBG_TARGET_PCT = 80.0
HMAC_TARGET_PCT = 1.0


def gcm_context(prows):
    """OpenSSL AES-128-GCM context rows as {op, bytes, gb_per_s, lib_version, how}: from the peer
    bench (EVP, median of reps), or from `openssl speed` in files recorded before issue 18."""
    out = []
    for r in prows:
        if r.get('bench') == 'openssl-speed':
            out.append(dict(r, how=f"`openssl speed` {r['seconds']} s, one run"))
        elif (r.get('type') == 'result' and r.get('lib') == 'openssl'
              and r.get('algo') == 'AES-128' and str(r.get('mode', '')).startswith('GCM-')):
            out.append({'op': r['mode'][4:], 'bytes': r['bytes'], 'gb_per_s': r['gb_per_s_median'],
                        'lib_version': r.get('lib_version', 'OpenSSL'),
                        'how': f"peer bench EVP, median of {r.get('reps', '?')}"})
    return out


def render_aead(krows, prows):
    """The aead markdown tables: the issue-4 targets, best karx back end per (alg, op, size) with
    the HMAC overhead and DRBG/CTR ratios, the OpenSSL context lines, then every back end."""
    meta = krows[0]
    best, by_backend, backends = best_by_backend(krows)
    # a reference row (hash, ctr) is shown from the back end of its partner's best row, since
    # the two were timed alternately there
    for k in list(best):
        partner = {'hash': 'hmac', 'ctr': 'drbg'}.get(k[1])
        pb = best.get((k[0], partner, k[2])) if partner else None
        if pb and k + (pb['backend'],) in by_backend:
            best[k] = by_backend[k + (pb['backend'],)]
    gcm = gcm_context(prows)
    aes_ctr = {r['bytes']: r for r in prows if r.get('bench') == 'cryptopp-bench'
               and r.get('type') == 'result' and r.get('lib') == 'openssl'
               and r.get('algo') == 'AES-128' and r.get('mode') == 'CTR'}
    algs = CIPHER_ORDER + LSH_ORDER
    order = lambda k: (algs.index(k[0]) if k[0] in algs else 99,
                       AEAD_OP_ORDER.index(k[1]) if k[1] in AEAD_OP_ORDER else 99, -k[2])
    big = max((k[2] for k in best if k[1] in ('gcm-seal', 'hmac')), default=0)

    lines = [machine_line(meta)]
    ctx = sorted({r['lib_version'] for r in gcm} |
                 {r.get('lib_version', 'OpenSSL') for r in aes_ctr.values()})
    if ctx:
        lines.append(f"Context in the same run: {', '.join(ctx)} (AES-NI/VAES hardware); the peer "
                     'bench has no Crypto++ GCM, CCM, CMAC, HMAC or DRBG rows for LEA/CHAM/HIGHT or '
                     'LSH, so AES-128 is the only peer here.')
    lines.append('')

    # targets
    lines.append('| target (issue 4) | goal | karx (best back end) | met? |')
    lines.append('|---|---|---|---|')
    for op in ('gcm-seal', 'gcm-open'):
        r = best.get(('lea128', op, big))
        if r:
            g = r['gb_per_s']
            lines.append(f"| LEA-128-GCM {op[4:]}, {size_label(big)} | ≥ {GCM_TARGET_GBPS:g} GB/s | "
                         f"{g:.3f} GB/s, {r['cycles_per_byte']:.2f} c/B ({r['backend']}) | "
                         f"{'yes' if g >= GCM_TARGET_GBPS else 'no'} |")
    r = best.get(('lea128', 'drbg', 1 << 20))
    if r and 'ctr_pct' in r:
        p = r['ctr_pct']
        lines.append(f"| CTR_DRBG(LEA-128), 1 MiB as 16 × 64 KiB | ≥ {DRBG_TARGET_PCT:g} % of "
                     f"LEA-128-CTR | {p:.1f} % (rep by rep; medians {r['gb_per_s']:.3f} vs "
                     f"{r['ctr_gb_per_s']:.3f} GB/s, {r['backend']}) | {'yes' if p >= DRBG_TARGET_PCT else 'no'} |")
    hm = [best[k] for k in best if k[1] == 'hmac' and k[2] == big and 'overhead_pct' in best[k]]
    if hm:
        worst = max(hm, key=lambda r: r['overhead_pct'])
        ok = worst['overhead_pct'] < HMAC_TARGET_PCT
        lines.append(f"| HMAC-LSH overhead over the hash, {size_label(big)} | < {HMAC_TARGET_PCT:g} % "
                     f"| worst {worst['overhead_pct']:+.2f} % ({worst['alg']}), range "
                     f"{min(r['overhead_pct'] for r in hm):+.2f} … {worst['overhead_pct']:+.2f} % | "
                     f"{'yes' if ok else 'no'} |")
    lines.append('')

    lines.append('| alg | op | bytes | karx back end | karx GB/s | karx c/B | calls/s | spread | note |')
    lines.append('|---|---|---|---|---|---|---|---|---|')
    for k in sorted(best, key=order):
        alg, op, size = k
        r = best[k]
        be = r['backend']
        if r.get('kernel') and r['kernel'] not in (be, '-'):
            be += f" ({r['kernel']} kernel)"
        note = ''
        if 'overhead_pct' in r:
            note = f"HMAC overhead {r['overhead_pct']:+.2f} % (rep by rep; hash median {r['hash_gb_per_s']:.3f} GB/s)"
        elif 'ctr_pct' in r:
            note = f"{r['ctr_pct']:.1f} % of CTR (rep by rep; CTR median {r['ctr_gb_per_s']:.3f} GB/s)"
        elif op in ('hash', 'ctr'):
            note = 'reference, timed alternately with the row below (same back end)'
        lines.append(f"| {alg} | {op} | {size_label(size)} | {be} | {r['gb_per_s']:.3f} | "
                     f"{r['cycles_per_byte']:.2f} | {fmt_rate(r['per_s'])} | "
                     f"{r['spread_pct']:.1f} % | {note} |")
    for g in sorted(gcm, key=lambda r: (r['op'], -r['bytes'])):
        lea = best.get(('lea128', 'gcm-' + g['op'], g['bytes']))
        vs = f"LEA-128-GCM {lea['gb_per_s'] / g['gb_per_s']:.2f}x" if lea else ''
        lines.append(f"| AES-128 (OpenSSL, context) | gcm-{g['op']} | {size_label(g['bytes'])} | "
                     f"— | {g['gb_per_s']:.3f} | — | — | — | {g['how']}; {vs} |")
    for size, a in sorted(aes_ctr.items()):
        lea = best.get(('lea128', 'ctr', size))
        vs = f"LEA-128-CTR (drbg reference) {lea['gb_per_s'] / a['gb_per_s_median']:.2f}x" if lea else ''
        lines.append(f"| AES-128 (OpenSSL, context) | ctr | {size_label(size)} | — | "
                     f"{a['gb_per_s_median']:.3f} | {a['core_cycles_per_byte_est']:.2f} | — | "
                     f"{a.get('spread_pct', 0):.1f} % | peer bench; {vs} |")
    lines.append('')
    lines.append('karx: key setup untimed, out of place, best back end per row. GCM/CCM: '
                 'karx_gcm_seal/open and karx_ccm_seal/open with a scheduled key, 12-byte IV/nonce, '
                 '16-byte tag, no AAD (CCM with a 12-byte nonce carries < 2^24 bytes, hence 16 MiB '
                 '− 16 B); open verifies a valid tag. CMAC / HMAC: a context keyed once, copied per '
                 'call, update + final. HMAC on the long message and its plain hash, and the 1 MiB '
                 'DRBG request set and CTR (karx_ctr_xor, 1 MiB) are timed in alternating '
                 'repetitions and their ratio is the median of the per-pair ratios (so it can differ '
                 'from the ratio of the two medians), not skewed by host drift; an overhead within ±1–2 % '
                 "is at this host's noise level. DRBG: CTR_DRBG with df, no prediction resistance, "
                 'no additional input; it writes keystream without reading an input, so it can '
                 'beat karx_ctr_xor.')
    if gcm:
        lines.append('OpenSSL AES-128-GCM (AES-NI + PCLMULQDQ/VAES), same machine and run: EVP in the '
                     'peer bench (bench/peers), timed as karx GCM is (key scheduled once, a new '
                     '12-byte IV per call, 16-byte tag, no AAD, out of place; open checks the tag); '
                     'files recorded before issue 18 used one `openssl speed -evp` run per size.')
    if len(backends) > 1:
        lines += backend_table_head('karx GB/s per back end:', ['alg', 'op', 'bytes'], backends)
        for k in sorted(best, key=order):
            cells = [f"{r['gb_per_s']:.3f}" if r else '—'
                     for r in backend_rows(by_backend, k, backends)]
            lines.append(f'| {k[0]} | {k[1]} | {size_label(k[2])} | ' + ' | '.join(cells) + ' |')
    lines.append(render_pairs(krows + prows, ['aead']))
    return '\n'.join(lines)


def peer_rows(rows, suite):
    """The peer / context rows a suite's table uses."""
    if suite == 'lsh':
        return peer_of(rows, ('LSH',)) + [r for r in peer_of(rows, ('context',)) if r.get(
            'lib') == 'openssl' and r.get('algo') in ('SHA-256', 'SHA-512') and r.get('mode') == 'hash']
    if suite == 'aead':
        return [r for r in rows if r.get('bench') == 'openssl-speed'] + \
            [r for r in peer_of(rows, ('context',)) if r.get('algo') == 'AES-128' and
             r.get('lib') == 'openssl' and (r.get('mode') == 'CTR' or r.get('mode', '').startswith('GCM-'))]
    return [r for r in peer_of(rows, ('block cipher', 'context')) if r.get('mode') != 'hash'
            and not r.get('mode', '').startswith('GCM-')]  # those are the lsh and aead suites'


def render_rows(rows, suite):
    if suite == 'lsh':
        return render([r for r in rows if r.get('suite') == 'lsh'], peer_rows(rows, 'lsh'))
    if suite == 'aead':
        return render_aead([r for r in rows if r.get('suite') == 'aead'], peer_rows(rows, 'aead'))
    return render_cipher([r for r in rows if r.get('suite') == 'cipher'], peer_rows(rows, 'cipher'))


TITLES = {'lsh': 'LSH benchmark, karx vs Crypto++ 8.7, and vs OpenSSL SHA-256/SHA-512 (same run)',
          'cipher': 'Block-cipher benchmark, karx vs Crypto++ 8.7 and OpenSSL AES-128-CTR (same run)',
          'aead': 'AEAD / MAC / DRBG benchmark (GCM, CCM, CMAC, HMAC-LSH, CTR_DRBG), with OpenSSL '
                  'AES-128-GCM and AES-128-CTR as peers (same run)'}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--suite', choices=SUITES + ['all'], default='all')
    ap.add_argument('--karx', default=os.path.join(ROOT, 'build', 'karx'))
    ap.add_argument('--peers', default=os.path.join(HERE, 'peers'),
                    help='the peer bench sources (default bench/peers)')
    ap.add_argument('--peer-build', default=os.path.join(ROOT, 'build', 'peers'),
                    help='where bench/peers/build.sh puts the peer bench (default build/peers)')
    ap.add_argument('--sweep', action='store_true',
                    help='lsh: also the _many batch-size sweep (op hash_many_sweep, lsh256-256 and '
                         'lsh512-512, batch 1..4096) for bench/plot.py')
    ap.add_argument('--tag', default='', help='a word put in the file names (<stamp>-<tag>-<suite>-...)')
    ap.add_argument('--out', default=os.path.join(HERE, 'results'))
    ap.add_argument('--backend', default=None)
    ap.add_argument('--alg', default=None, help="karx bench's --alg (e.g. to leave out ARIA, "
                    'whose portable kernel takes minutes a row)')
    ap.add_argument('--quick', action='store_true')
    ap.add_argument('--render', metavar='JSONL', help='only print the table(s) of a saved run')
    a = ap.parse_args()
    if a.render:
        rows = load(a.render)
        shown = [s for s in SUITES if any(r.get('suite') == s for r in rows)]
        for i, s in enumerate(shown):
            if i:
                print()
            print(render_rows(rows, s))
        if not shown:
            sys.exit(f'{a.render}: no karx rows')
        return

    suites = SUITES if a.suite == 'all' else [a.suite]
    work = tempfile.mkdtemp(prefix='karx-compare-')
    pjson = os.path.join(work, 'peer.jsonl')
    krows = {}
    for s in suites:
        kjson = os.path.join(work, f'karx-{s}.jsonl')
        kcmd = [a.karx, 'bench', s, '--json', kjson]
        if a.backend:
            kcmd += ['--backend', a.backend]
        if a.alg:
            kcmd += ['--alg', a.alg]
        if a.quick:
            kcmd.append('--quick')
        if run(kcmd, check=False).returncode != 0:
            print(f'karx bench {s} reported a failure: some rows may be missing', file=sys.stderr)
        if s == 'lsh' and a.sweep:
            sjson = os.path.join(work, 'karx-sweep.jsonl')
            run([a.karx, 'bench', 'lsh', '--json', sjson, '--op', 'hash_many_sweep', '--alg',
                 'lsh256-256,lsh512-512'] + (['--backend', a.backend] if a.backend else []) +
                (['--quick'] if a.quick else []), check=False)
            kjson = [kjson, sjson]
        krows[s] = [r for f in ([kjson] if isinstance(kjson, str) else kjson)
                    if os.path.exists(f) for r in load(f)]
        if not krows[s]:
            sys.exit(f'karx bench {s} wrote no rows')
    prows = []
    peer = build_peer(a.peers, a.peer_build)
    if peer:
        pcmd = [peer, '--filter', ','.join(f for s in suites for f in PEER_FILTER[s]), '--json', pjson]
        if a.quick:
            pcmd += ['--reps', '3', '--min-time', '10']
            if 'cipher' in suites or 'aead' in suites:
                pcmd += ['--cipher-sizes', '1M']  # karx bench cipher/aead --quick run 1 MiB
        if 'aead' in suites:  # AES-128-GCM at the karx GCM sizes
            sizes = sorted({r['msg_bytes'] for r in krows['aead'] if r['op'] == 'gcm-seal'})
            pcmd += ['--aead-sizes', ','.join(map(str, sizes or [1 << 20]))]
        if run(pcmd, check=False, stdout=subprocess.DEVNULL).returncode != 0:
            print('peer bench reported a failure (see its checks above)', file=sys.stderr)
        prows = load(pjson) if os.path.exists(pjson) else []

    os.makedirs(a.out, exist_ok=True)
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime('%Y%m%d-%H%M%S')
    cmdline = 'bench/compare.py' + (f' --suite {a.suite}' if a.suite != 'all' else '') + \
        (f' --backend {a.backend}' if a.backend else '') + (' --quick' if a.quick else '') + \
        (f' --alg {a.alg}' if a.alg else '') + (' --sweep' if a.sweep else '') + \
        (f' --tag {a.tag}' if a.tag else '')
    for i, s in enumerate(suites):
        sp = peer_rows(prows, s)
        table = {'lsh': render, 'cipher': render_cipher, 'aead': render_aead}[s](krows[s], sp)
        if i:
            print()
        print(table)
        tag = f'{a.tag}-' if a.tag else ''
        base = os.path.join(a.out, f"{stamp}-{tag}{s}-{krows[s][0]['commit']}")
        with open(base + '.jsonl', 'w') as f:
            for r in krows[s] + sp:
                f.write(json.dumps(r) + '\n')
        with open(base + '.md', 'w') as f:
            f.write(f"# {TITLES[s]}\n\nCommand: `{cmdline}`\n\n{table}\n")
        print(f'\nwrote {base}.jsonl and {base}.md', file=sys.stderr)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    main()
