#!/usr/bin/env python3
"""Draws the benchmark plots of docs/BENCHMARKS.md from recorded JSON lines, as SVG.

usage: bench/plot.py FILE.jsonl [FILE.jsonl ...] --out DIR [--note TEXT]

Reads rows written by `karx bench --json`, bench/compare.py (karx and peer rows) and
`karx bench threads`, and writes whichever of these the rows allow (it says which it skipped):
  gbps_vs_size.svg       GB/s against message size, karx (best back end) against its peers,
                         one panel per algorithm (PANELS);
  hashes_vs_batch.svg    LSH _many hashes/s against batch size (op hash_many_sweep rows:
                         `bench/compare.py --sweep` or `karx bench lsh --op hash_many_sweep`);
  speedup_vs_threads.svg speed-up against thread count (suite "threads" rows);
  share_of_bound.svg     each back end's speed as a share of the bound docs/BENCHMARKS.md
                         derives for it (BOUNDS): bound c/B / measured c/B.
Every caption names the machine, the commit and the files its rows came from ([n] below).
Needs matplotlib (`pip install matplotlib`, or Debian's python3-matplotlib).
"""
import argparse, json, os, sys

# One panel per algorithm: title, the karx rows (suite, op, alg), then the peer rows
# (lib, algo, mode, label) drawn beside them.
PANELS = [
    ('LSH-256-256', ('lsh', 'hash', 'lsh256-256'),
     [('cryptopp', 'LSH-256-256', 'hash', 'Crypto++ LSH-256'),
      ('openssl', 'SHA-256', 'hash', 'OpenSSL SHA-256')]),
    ('LSH-512-512', ('lsh', 'hash', 'lsh512-512'),
     [('cryptopp', 'LSH-512-512', 'hash', 'Crypto++ LSH-512'),
      ('openssl', 'SHA-512', 'hash', 'OpenSSL SHA-512')]),
    ('LEA-128-CTR', ('cipher', 'ctr', 'lea128'),
     [('cryptopp', 'LEA-128', 'CTR', 'Crypto++ LEA-128-CTR'),
      ('openssl', 'AES-128', 'CTR', 'OpenSSL AES-128-CTR')]),
    ('LEA-128-GCM seal', ('aead', 'gcm-seal', 'lea128'),
     [('openssl', 'AES-128', 'GCM-seal', 'OpenSSL AES-128-GCM seal')]),
]

LONG = 16 << 20
# Bounds in core cycles per byte, from docs/BENCHMARKS.md (a lower bound on c/B, so measured
# speed / bound speed = bound c/B / measured c/B <= 1). Key: (alg, op, msg_bytes, back end);
# value: (c/B, how, and where the bound counts one CPU's ports, a substring of the rows' cpu).
BOUNDS = {
    # "Block ciphers", LEA bullet: 12 vector ops a round, two 512-bit ALU ports, 16 blocks.
    ('lea128', 'ctr', LONG, 'avx512'): (0.5625, 'LEA-128: 24 r x 12 ops / 2 ports / 256 B'),
    ('lea256', 'ctr', LONG, 'avx512'): (0.75, 'LEA-256: 32 r x 12 ops / 2 ports / 256 B'),
    # "Block ciphers", CHAM-128/128 bullet: 5 ops a round, less the CTR precomputation.
    ('cham128-128', 'ctr', LONG, 'avx512'): (1.06, 'CHAM-128/128: 112 r x 5 ops, 2 ports'),
    # "LSH hashing", "What bounds each figure": the step's dependency chain (latency floor).
    ('lsh512-512', 'hash', LONG, 'avx512'): (1.09, 'LSH-512 chain: 10 cycles x 28 steps / 256 B'),
    ('lsh512-512', 'hash', LONG, 'avx2'): (1.09, 'LSH-512 chain: 10 cycles x 28 steps / 256 B'),
    ('lsh256-256', 'hash', LONG, 'avx512'): (7 * 26 / 128, 'LSH-256 chain: 7 cycles x 26 steps / 128 B'),
    ('lsh256-256', 'hash', LONG, 'avx2'): (7 * 26 / 128, 'LSH-256 chain: 7 cycles x 26 steps / 128 B'),
    # "LSH hashing", `_many` bullet: vector ops per step / two 512-bit ports, 64-byte messages.
    ('lsh512-512', 'hash_many', 64, 'avx512'): (1218 / 8 / 64, 'LSH-512 _many: 28 x 87 / 2 per 8 msgs'),
    ('lsh256-256', 'hash_many', 64, 'avx512'): (1118 / 16 / 64, 'LSH-256 _many: 26 x 86 / 2 per 16 msgs'),
    # "LSH `_many` against the port bound" (issue 18): AVX2 on Zen 3, vector ops per block / the
    # four FP pipes, in cycles per hash (64 B: one block; 256 B: 3 blocks LSH-256, 2 LSH-512).
    ('lsh256-256', 'hash_many', 64, 'avx2'): (98.9 / 64, 'LSH-256 _many AVX2: 3164 ops / 4 pipes / 8 msgs', 'AMD'),
    ('lsh256-256', 'hash_many', 256, 'avx2'): (296.6 / 256, 'LSH-256 _many AVX2: 3164 ops / 4 pipes / 8 msgs', 'AMD'),
    ('lsh512-512', 'hash_many', 64, 'avx2'): (212.2 / 64, 'LSH-512 _many AVX2: 3396 ops / 4 pipes / 4 msgs', 'AMD'),
    ('lsh512-512', 'hash_many', 256, 'avx2'): (424.5 / 256, 'LSH-512 _many AVX2: 3396 ops / 4 pipes / 4 msgs', 'AMD'),
}


class BadInput(Exception):
    pass


def load(paths):
    """[(path, rows)]; a file that is missing or holds a line that is not a JSON object raises
    BadInput with a one-line reason."""
    out = []
    for p in paths:
        try:
            with open(p) as f:
                rows = []
                for i, line in enumerate(f, 1):
                    if not line.strip():
                        continue
                    try:
                        r = json.loads(line)
                    except ValueError:
                        raise BadInput(f'{p}:{i}: not a JSON line')
                    if not isinstance(r, dict):
                        raise BadInput(f'{p}:{i}: not a JSON object')
                    rows.append(r)
        except OSError as e:
            raise BadInput(f'{p}: {e.strerror}')
        if not rows:
            raise BadInput(f'{p}: no rows')
        out.append((p, rows))
    return out


def is_peer(r):
    return r.get('type') == 'result' and 'lib' in r


def caption(used, files, note):
    """'machine, commit, [n] file' for the files (indices) a plot drew from."""
    parts = []
    for i in sorted(used):
        p, rows = files[i]
        k = next((r for r in rows if 'commit' in r), {})
        cpu = k.get('cpu') or next((r.get('cpu_model') for r in rows if r.get('cpu_model')), '?')
        ghz = f" ~{k['core_ghz_est']:.2f} GHz" if k.get('core_ghz_est') else ''
        parts.append(f"[{i + 1}] {os.path.basename(p)}: {cpu}{ghz}, commit {k.get('commit', '?')}, "
                     f"{k.get('time', '?')}")
    return '\n'.join(parts + ([note] if note else []))


def finish(fig, plt, out, name, text):
    fig.text(0.01, 0.005, text, fontsize=6.5, va='bottom', ha='left', family='monospace')
    path = os.path.join(out, name)
    fig.savefig(path, format='svg', metadata={'Date': None})  # no timestamp: stable files
    plt.close(fig)
    print(f'wrote {path}')


def tag(i, used_many):
    return f' [{i + 1}]' if used_many else ''


def plot_sizes(plt, files, out, note):
    panels = []
    for title, (suite, op, alg), peers in PANELS:
        series = []  # (label, [(x, y)], is_karx, file index)
        drawn = set()  # compare.py writes a peer row into each suite's file: draw it once
        for i, (_, rows) in enumerate(files):
            best = {}
            for r in rows:
                if r.get('suite') == suite and r.get('op') == op and r.get('alg') == alg:
                    n = r['msg_bytes']
                    if n not in best or r['gb_per_s'] > best[n]['gb_per_s']:
                        best[n] = r
            if best:
                bes = sorted({r['backend'] for r in best.values()})
                series.append((f"karx ({'/'.join(bes)})", sorted((n, r['gb_per_s'])
                               for n, r in best.items()), True, i))
            for lib, algo, mode, label in peers:
                pts = sorted((r['bytes'], r['gb_per_s_median']) for r in rows if is_peer(r)
                             and r['lib'] == lib and r['algo'] == algo and r['mode'] == mode)
                if pts and (label, tuple(pts)) not in drawn:
                    drawn.add((label, tuple(pts)))
                    series.append((label, pts, False, i))
        if series:
            panels.append((title, series))
    if not panels:
        return 'gbps_vs_size.svg: no karx hash/ctr/gcm rows'
    used = {s[3] for _, ss in panels for s in ss}
    fig, axes = plt.subplots(1, len(panels), figsize=(4.2 * len(panels), 4.6), squeeze=False)
    for ax, (title, series) in zip(axes[0], panels):
        for label, pts, karx, i in series:
            xs, ys = zip(*pts)
            ax.plot(xs, ys, marker='o' if karx else 's', linewidth=2.2 if karx else 1.2,
                    linestyle='-' if karx else '--', label=label + tag(i, len(used) > 1))
        ax.set_xscale('log', base=2)
        ax.set_title(title)
        ax.set_xlabel('message bytes')
        ax.set_ylabel('GB/s (one core)')
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle('GB/s against message size: karx (best back end per size) and its peers')
    fig.subplots_adjust(bottom=0.16 + 0.035 * len(used), top=0.86, wspace=0.3)
    finish(fig, plt, out, 'gbps_vs_size.svg', caption(used, files, note))
    return None


def plot_batch(plt, files, out, note):
    series = {}  # alg -> [(label, pts, i)]
    for i, (_, rows) in enumerate(files):
        by = {}
        for r in rows:
            if r.get('op') == 'hash_many_sweep':
                by.setdefault((r['alg'], r['backend']), []).append((r['batch'], r['per_s']))
        for (alg, be), pts in sorted(by.items()):
            series.setdefault(alg, []).append((be, sorted(pts), i))
    if not series:
        return 'hashes_vs_batch.svg: no hash_many_sweep rows'
    used = {i for ss in series.values() for _, _, i in ss}
    fig, axes = plt.subplots(1, len(series), figsize=(5 * len(series), 4.4), squeeze=False)
    for ax, (alg, ss) in zip(axes[0], sorted(series.items())):
        for be, pts, i in ss:
            xs, ys = zip(*pts)
            ax.plot(xs, [y / 1e6 for y in ys], marker='o', label=be + tag(i, len(used) > 1))
        ax.set_xscale('log', base=2)
        ax.set_title(f'{alg} _many, 64-byte messages')
        ax.set_xlabel('messages per call (batch)')
        ax.set_ylabel('M hashes/s (one core)')
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle('Hashes per second against batch size')
    fig.subplots_adjust(bottom=0.17 + 0.035 * len(used), top=0.86)
    finish(fig, plt, out, 'hashes_vs_batch.svg', caption(used, files, note))
    return None


def plot_threads(plt, files, out, note):
    series = []
    for i, (_, rows) in enumerate(files):
        by = {}
        for r in rows:
            if r.get('suite') == 'threads':
                by.setdefault((r['op'], r['alg'], r['backend']), []).append(
                    (r['threads'], r['speedup']))
        series += [(f'{op} {alg} ({be})', sorted(pts), i) for (op, alg, be), pts in sorted(by.items())]
    if not series:
        return 'speedup_vs_threads.svg: no suite "threads" rows'
    used = {i for _, _, i in series}
    fig, ax = plt.subplots(figsize=(6.4, 4.8))
    top = max(x for _, pts, _ in series for x, _ in pts)
    ax.plot([1, top], [1, top], color='gray', linestyle=':', label='linear')
    for label, pts, i in series:
        xs, ys = zip(*pts)
        ax.plot(xs, ys, marker='o', label=label + tag(i, len(used) > 1))
    ax.set_xlabel('threads')
    ax.set_ylabel('speed-up over 1 thread')
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7)
    ax.set_title('Speed-up against thread count')
    fig.subplots_adjust(bottom=0.2 + 0.035 * len(used))
    finish(fig, plt, out, 'speedup_vs_threads.svg', caption(used, files, note))
    return None


def bound_shares(files):
    """[(label, share, why, file index)] for every karx row that BOUNDS covers."""
    out = []
    for i, (_, rows) in enumerate(files):
        seen = {}
        for r in rows:
            k = (r.get('alg'), r.get('op'), r.get('msg_bytes'), r.get('backend'))
            cpu = BOUNDS[k][2] if k in BOUNDS and len(BOUNDS[k]) > 2 else ''
            if (k in BOUNDS and r.get('suite') in ('lsh', 'cipher') and r.get('cycles_per_byte')
                    and cpu in r.get('cpu', '')):
                seen[k] = r  # the last row of a file wins
        for k, r in sorted(seen.items()):
            b, why = BOUNDS[k][:2]
            size = f'{k[2] >> 20} MiB' if k[2] >= 1 << 20 else f'{k[2]} B'
            out.append((f'{k[0]} {k[1]} {size}\n{k[3]}', b / r['cycles_per_byte'], why, i))
    return out


def plot_bounds(plt, files, out, note):
    shares = bound_shares(files)
    if not shares:
        return 'share_of_bound.svg: no rows with a bound in BOUNDS'
    used = {i for *_, i in shares}
    whys = sorted({s[2] for s in shares})
    fig, ax = plt.subplots(figsize=(8, 1.6 + 0.42 * len(shares) + 0.12 * (len(used) + len(whys))))
    labels = [s[0].replace('\n', ', ') + tag(s[3], len(used) > 1) for s in shares]
    bars = ax.barh(range(len(shares)), [100 * s[1] for s in shares], color='tab:blue')
    for b, s in zip(bars, shares):
        ax.annotate(f' {100 * s[1]:.0f}%', (b.get_width(), b.get_y() + b.get_height() / 2),
                    ha='left', va='center', fontsize=7)
    ax.axvline(100, color='gray', linestyle=':')
    ax.set_yticks(range(len(shares)))
    ax.set_yticklabels(labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlim(0, 110)
    ax.set_xlabel('% of the bound (bound c/B / measured c/B)')
    ax.set_title('Each back end as a share of its bound (docs/BENCHMARKS.md)')
    fig.subplots_adjust(left=0.3, top=1 - 0.5 / fig.get_figheight(),
                        bottom=(0.6 + 0.12 * (len(used) + len(whys))) / fig.get_figheight())
    finish(fig, plt, out, 'share_of_bound.svg',
           caption(used, files, '\n'.join(['bounds:'] + whys + ([note] if note else []))))
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('files', nargs='+', metavar='FILE.jsonl')
    ap.add_argument('--out', required=True, help='folder for the SVG files')
    ap.add_argument('--note', default='', help='a line added to every caption')
    a = ap.parse_args(argv)
    try:
        files = load(a.files)
    except BadInput as e:
        print(f'plot.py: {e}', file=sys.stderr)
        return 1
    try:
        import matplotlib
        matplotlib.use('Agg')
        import matplotlib.pyplot as plt
    except ImportError:
        print('plot.py: needs matplotlib (pip install matplotlib, or apt-get install '
              'python3-matplotlib)', file=sys.stderr)
        return 1
    matplotlib.rcParams['svg.hashsalt'] = 'karx'  # stable ids, so regenerated files diff cleanly
    matplotlib.rcParams['svg.fonttype'] = 'none'  # text stays text: smaller, searchable files
    os.makedirs(a.out, exist_ok=True)
    drawn = 0
    for fn in (plot_sizes, plot_batch, plot_threads, plot_bounds):
        why = fn(plt, files, a.out, a.note)
        if why:
            print(f'skipped {why}')
        else:
            drawn += 1
    if not drawn:
        print('plot.py: no plot could be drawn from these files', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
