#!/usr/bin/env python3
"""Runs `karx bench` and the Crypto++/OpenSSL peer benchmark in one run on this machine, then
writes the side-by-side table with ratios.

usage: bench/compare.py [--karx build/karx] [--peers ../shared/peers/cryptopp-bench]
                        [--out bench/results] [--quick] [--backend LIST]
Writes OUT/<date>-lsh-<host>.jsonl (every row from both tools) and .md (the table, the machine,
compiler and commit), and prints the table."""
import argparse, datetime, json, os, platform, shutil, socket, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def run(cmd, **kw):
    print('+', ' '.join(cmd), file=sys.stderr, flush=True)
    return subprocess.run(cmd, check=True, **kw)


def build_peer(src, work):
    dst = os.path.join(work, 'cryptopp-bench')
    shutil.copytree(src, dst, dirs_exist_ok=True)
    run(['make', '-s', '-C', dst, 'bench'])
    return os.path.join(dst, 'bench')


def load(path):
    with open(path) as f:
        return [json.loads(l) for l in f if l.strip().startswith('{')]


def fmt_rate(x):
    if x >= 1e6:
        return f'{x / 1e6:.2f} M'
    return f'{x / 1e3:.1f} k' if x >= 1e3 else f'{x:.1f}'


def render(krows, prows):
    """The side-by-side markdown table: best karx back end per row against Crypto++."""
    meta = krows[0]
    # best karx back end per (op, alg, size)
    best = {}
    for r in krows:
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
    lines.append(f"Machine: {meta['cpu']}, karx core clock ~{meta['core_ghz_est']:.2f} GHz (est.), "
                 f"TSC {meta['tsc_ghz']:.2f} GHz; compiler {meta['compiler']}; karx {meta['version']} "
                 f"commit {meta['commit']}; {meta['time']}; host {meta.get('host', socket.gethostname())} "
                 f"({platform.system()} {platform.release()}).")
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
    return '\n'.join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--karx', default=os.path.join(ROOT, 'build', 'karx'))
    ap.add_argument('--peers', default=os.path.join(ROOT, '..', 'shared', 'peers', 'cryptopp-bench'))
    ap.add_argument('--out', default=os.path.join(HERE, 'results'))
    ap.add_argument('--backend', default=None)
    ap.add_argument('--quick', action='store_true')
    ap.add_argument('--render', metavar='JSONL', help='only print the table of a saved run')
    a = ap.parse_args()
    if a.render:
        rows = load(a.render)
        karx_rows = [r for r in rows if r.get('suite') == 'lsh']
        print(render(karx_rows, [r for r in rows if r.get('bench') == 'cryptopp-bench']))
        return

    work = tempfile.mkdtemp(prefix='karx-compare-')
    kjson, pjson = os.path.join(work, 'karx.jsonl'), os.path.join(work, 'peer.jsonl')
    kcmd = [a.karx, 'bench', 'lsh', '--json', kjson]
    if a.backend:
        kcmd += ['--backend', a.backend]
    if a.quick:
        kcmd.append('--quick')
    run(kcmd)
    peer_ok = os.path.isdir(a.peers)
    if peer_ok:
        peer = build_peer(a.peers, work)
        pcmd = [peer, '--filter', 'lsh', '--json', pjson]
        if a.quick:
            pcmd += ['--reps', '3', '--min-time', '10']
        run(pcmd, stdout=subprocess.DEVNULL)
    else:
        print(f'peer benchmark not found at {a.peers}: karx rows only', file=sys.stderr)

    krows = load(kjson)
    prows = load(pjson) if peer_ok else []
    meta = krows[0]
    table = render(krows, prows)
    print(table)

    os.makedirs(a.out, exist_ok=True)
    stamp = datetime.datetime.utcnow().strftime('%Y%m%d-%H%M%S')
    base = os.path.join(a.out, f"{stamp}-lsh-{meta['commit']}")
    with open(base + '.jsonl', 'w') as f:
        for r in krows + prows:
            f.write(json.dumps(r) + '\n')
    with open(base + '.md', 'w') as f:
        f.write(f"# LSH benchmark, karx vs Crypto++ 8.7 (same run)\n\nCommand: `bench/compare.py"
                f"{' --quick' if a.quick else ''}`\n\n{table}\n")
    print(f'\nwrote {base}.jsonl and {base}.md', file=sys.stderr)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    main()
