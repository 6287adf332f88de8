#!/usr/bin/env python3
"""Predicted speed of the hot SIMD kernels on CPUs this machine may not have (llvm-mca).

usage: scripts/mca.py [--cc CC] [--mca LLVM_MCA] [--cpus znver4,sapphirerapids,...]
                      [--kernel NAME,...] [--json FILE] [--asm-dir DIR]

Each kernel's source file is compiled as the build compiles it (same compiler, -O3, the ISA
flags of cmake/KarxIsa.cmake), its hot loop is cut out of the assembly (the innermost loop with
the most instructions in the named function, or the whole function when it has no loop), and
llvm-mca predicts cycles per iteration on each CPU model. The table gives, per kernel and CPU:
  mca       llvm-mca's steady-state cycles per iteration (Total Cycles / iterations);
  ports     the port bound: llvm-mca's Block RThroughput (the busiest port's cycles);
  latency   the hand-counted bound of the loop-carried chain (LATENCY below, cycles per
            iteration, from docs/BENCHMARKS.md), where the kernel has one;
  unit      what one iteration does, and the prediction per unit and per byte (c/B).
A prediction is not a measurement: it says where a kernel stands against its bounds and what
a change moves; real figures come from `karx bench` on the CPU itself (docs/BENCHMARKS.md).
Needs llvm-mca from Debian's llvm-19 (apt-get install llvm-19).
"""
import argparse, json, os, re, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

AVX2 = ['-mavx2']
AVX512 = ['-mavx512f', '-mavx512vl', '-mavx512bw', '-mavx2']
VPCLMUL_AVX2 = ['-mavx2', '-mvpclmulqdq', '-mpclmul']
VPCLMUL_AVX512 = AVX512 + ['-mvpclmulqdq', '-mpclmul']


def per_block(nbytes, steps):
    """LSH single message: one iteration compresses one block of nbytes in steps steps."""
    return lambda ins: (nbytes, f'block ({nbytes} B, {steps} steps)', steps)


def arx_rounds(rot, rot_per_round, lane_bytes, rounds):
    """Word-sliced ciphers: an iteration's block-rounds are counted from its rotates (rot
    mnemonic prefix, rot_per_round of them a round on one register of lane_bytes of blocks),
    so an unrolled or interleaved loop is scaled by what it really does."""
    def unit(ins):
        n = sum(1 for i in ins if i.split()[0].startswith(rot))
        regs_rounds = n / rot_per_round  # one register's worth of blocks through one round
        return (regs_rounds * lane_bytes / rounds, f'{regs_rounds:g} register-rounds', None)
    return unit


def lsh_many(nmsg, nbytes):
    """LSH _many: one iteration compresses one block of nmsg messages (one per lane)."""
    return lambda ins: (nmsg * nbytes, f'block of {nmsg} messages ({nbytes} B each)', None)


def clmul_blocks(per_block_clmuls, lane_blocks):
    """GHASH: an iteration's blocks are counted from its carry-less multiplies."""
    def unit(ins):
        n = sum(1 for i in ins if i.split()[0].startswith('vpclmul'))
        blocks = n / per_block_clmuls * lane_blocks
        return (16 * blocks, f'{blocks:g} blocks (16 B)', None)
    return unit


# name: (source, ISA flags, function, unit, latency bound in cycles per iteration or None)
KERNELS = {
    'lsh512-avx512': ('src/lsh/lsh512_avx512.c', AVX512, 'compress', per_block(256, 28), 28 * 10),
    'lsh256-avx512': ('src/lsh/lsh256_avx512.c', AVX512, 'compress', per_block(128, 26), 26 * 7),
    'lsh512-avx2': ('src/lsh/lsh512_avx2.c', AVX2, 'compress', per_block(256, 28), 28 * 10),
    'lsh256-avx2': ('src/lsh/lsh256_avx2.c', AVX2, 'compress', per_block(128, 26), 26 * 7),
    'lsh512-many-avx512': ('src/lsh/lsh512_avx512_mb.c', AVX512, 'karx_i_lsh512_avx512_mb',
                           lsh_many(8, 256), None),
    'lsh256-many-avx512': ('src/lsh/lsh256_avx512_mb.c', AVX512, 'karx_i_lsh256_avx512_mb',
                           lsh_many(16, 128), None),
    'lsh512-many-avx2': ('src/lsh/lsh512_avx2_mb.c', AVX2, 'karx_i_lsh512_avx2_mb',
                         lsh_many(4, 256), None),
    'lsh256-many-avx2': ('src/lsh/lsh256_avx2_mb.c', AVX2, 'karx_i_lsh256_avx2_mb',
                         lsh_many(8, 128), None),
    # LEA-128: 24 rounds, 3 rotates a round; a zmm holds one word of 16 blocks (256 B a round-set)
    'lea128-ctr-avx512': ('src/lea/lea_avx512.c', AVX512, 'lea_ctr_xor',
                          arx_rounds('vpro', 3, 256, 24), None),
    'lea128-ctr-avx2': ('src/lea/lea_avx2.c', AVX2, 'lea_ctr_xor',
                        arx_rounds('vpsrld', 3, 128, 24), None),
    # LEA-128 GCM on AVX-512 (lea_gcm_avx512.c): the CTR round loop with two zmm GHASH pieces
    # (8 blocks) folded into each step of four rounds; counted by its rounds like the CTR kernel
    'lea128-gcm-avx512': ('src/lea/lea_gcm_avx512.c', VPCLMUL_AVX512, 'karx_i_lea_gcm_avx512',
                          arx_rounds('vpro', 3, 256, 24), None),
    # ARIA-128 with GFNI (aria_gfni_template.h): three gf2p8affineinvqb a register-round (SB1,
    # SB2, the inverse boxes' inversion), a zmm / ymm holding 4 / 2 blocks, 12 rounds
    'aria128-ecb-avx512-gfni': ('src/aria/aria_avx512_gfni.c', AVX512 + ['-mgfni'],
                                'aria_ecb', arx_rounds('vgf2p8affineinv', 3, 64, 12), None),
    'aria128-ecb-avx2-gfni': ('src/aria/aria_avx2_gfni.c', AVX2 + ['-mgfni'], 'aria_ecb',
                              arx_rounds('vgf2p8affineinv', 3, 32, 12), None),
    # GHASH, Karatsuba: 3 multiplies a register of 4 (zmm) or 2 (ymm) blocks
    'ghash-vpclmul-avx512': ('src/aead/ghash_vpclmul.c', VPCLMUL_AVX512,
                             'karx_i_ghash_blocks_vpclmul', clmul_blocks(3, 4), None),
    # the GHASH half of the stitched AVX2 pass (the CTR half is the back end's kernel, a call)
    'gcm-stitch-ghash-avx2': ('src/aead/gcm_stitch_avx2.c', VPCLMUL_AVX2, 'karx_i_gcm_ghash_avx2',
                              clmul_blocks(3, 2), None),
}
CPUS = ['znver4', 'sapphirerapids', 'icelake-server', 'znver3']
ISA_CPUS = {'avx512': ['znver4', 'sapphirerapids', 'icelake-server']}  # AVX-512 code: those only

DIRECTIVE = re.compile(r'^\s*\.(?!L)[a-z_0-9]+')
LABEL = re.compile(r'^(\.?[A-Za-z_0-9.$]+):')
JUMP = re.compile(r'^\s*(j[a-z]+)\s+(\.L[A-Za-z_0-9]+)')


def function_body(asm, func):
    """The lines of func in gcc/clang assembly, labels kept, directives dropped."""
    out, inside = [], False
    for line in asm.splitlines():
        m = LABEL.match(line)
        if m and m.group(1) == func:
            inside = True
            continue
        if inside:
            if re.match(r'\s*\.size\s+' + re.escape(func) + r'\b', line) or \
                    re.match(r'\.Lfunc_end', line):
                break
            if DIRECTIVE.match(line) or not line.strip() or line.strip().startswith('#'):
                continue
            out.append(line.split('#')[0].rstrip())
    return out


def hot_loop(body):
    """The innermost loop (a backward jump to a label, with no backward jump inside) with the
    most vector instructions (a scalar tail loop is never the hot one); the whole body when
    there is no loop. Returns (instructions, how)."""
    pos = {}
    loops = []
    for i, line in enumerate(body):
        m = LABEL.match(line.strip())
        if m:
            pos[m.group(1)] = i
        j = JUMP.match(line)
        if j and j.group(2) in pos:  # a jump back to a label already seen closes a loop
            loops.append((pos[j.group(2)], i))
    inner = [(a, b) for a, b in loops if not any(a < c and d < b for c, d in loops if (c, d) != (a, b))]
    ins = lambda a, b: [l.strip() for l in body[a:b + 1] if l.strip() and not LABEL.match(l.strip())]
    if not inner:
        return ins(0, len(body) - 1), 'whole function'
    a, b = max(inner, key=lambda ab: (sum(1 for i in ins(*ab) if i.startswith('v')), len(ins(*ab))))
    return ins(a, b), f'loop of {len(ins(a, b))} instructions'


def run_mca(mca, cpu, ins, iterations=200):
    src = '\n'.join(ins) + '\n'
    p = subprocess.run([mca, f'-mcpu={cpu}', f'-iterations={iterations}', '-timeline=false',
                        '-resource-pressure=false', '-instruction-info=false'],
                       input=src, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(p.stderr.strip().splitlines()[0] if p.stderr.strip() else 'llvm-mca failed')
    total = float(re.search(r'Total Cycles:\s+(\d+)', p.stdout).group(1))
    rthr = float(re.search(r'Block RThroughput:\s+([\d.]+)', p.stdout).group(1))
    return total / iterations, rthr


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cc', default=os.environ.get('CC', 'cc'))
    ap.add_argument('--mca', default=None, help='llvm-mca binary (default: llvm-mca-19, then llvm-mca)')
    ap.add_argument('--cpus', default=','.join(CPUS))
    ap.add_argument('--kernel', default='', help='only these kernels (comma list)')
    ap.add_argument('--json', help='append one JSON object per kernel and CPU to FILE')
    ap.add_argument('--asm-dir', help='keep each extracted loop here')
    a = ap.parse_args(argv)
    mca = a.mca or shutil.which('llvm-mca-19') or shutil.which('llvm-mca')
    if not mca:
        print('mca.py: no llvm-mca (apt-get install llvm-19)', file=sys.stderr)
        return 1
    names = [k for k in (a.kernel.split(',') if a.kernel else KERNELS) if k]
    bad = [k for k in names if k not in KERNELS]
    if bad:
        print(f'mca.py: unknown kernel {bad[0]} (known: {", ".join(KERNELS)})', file=sys.stderr)
        return 1
    cpus = a.cpus.split(',')
    rows = []
    commit = subprocess.run(['git', '-C', ROOT, 'rev-parse', '--short', 'HEAD'],
                            capture_output=True, text=True).stdout.strip() or 'unknown'
    ccv = subprocess.run([a.cc, '--version'], capture_output=True, text=True).stdout.split('\n')[0]
    mcav = subprocess.run([mca, '--version'], capture_output=True, text=True).stdout
    mcav = (re.search(r'LLVM version ([\d.]+)', mcav) or re.search(r'([\d.]+)', mcav)).group(1)
    print(f'# llvm-mca {mcav} predictions; compiler: {ccv}; commit {commit}')
    print('| kernel | CPU | iteration | mca cycles/iter | port bound | latency bound | mca c/B | mca / bound |')
    print('|---|---|---|---|---|---|---|---|')
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            src, flags, func, unit, lat = KERNELS[name]
            s = os.path.join(tmp, name + '.s')
            cmd = [a.cc, '-O3', '-S', '-o', s, '-I' + os.path.join(ROOT, 'include'),
                   '-I' + os.path.join(ROOT, 'src'), '-DKARX_HAVE_X86_SIMD=1', '-DKARX_STATIC_DEFINE',
                   *flags, os.path.join(ROOT, src)]
            p = subprocess.run(cmd, capture_output=True, text=True)
            if p.returncode != 0:
                print(f'mca.py: {name}: {src} did not compile: {p.stderr.strip().splitlines()[0]}',
                      file=sys.stderr)
                return 1
            body = function_body(open(s).read(), func)
            if not body:
                print(f'mca.py: {name}: no function {func} in {src}', file=sys.stderr)
                return 1
            ins, how = hot_loop(body)
            if a.asm_dir:
                os.makedirs(a.asm_dir, exist_ok=True)
                with open(os.path.join(a.asm_dir, name + '.s'), 'w') as f:
                    f.write('\n'.join(ins) + '\n')
            nbytes, what, _ = unit(ins)
            for cpu in cpus:
                if 'avx512' in name and cpu not in ISA_CPUS['avx512']:
                    continue
                cyc, ports = run_mca(mca, cpu, ins)
                bound = max(ports, lat or 0)
                row = {'suite': 'mca', 'kernel': name, 'cpu_model': cpu, 'iteration': what,
                       'loop': how, 'bytes_per_iter': nbytes, 'mca_cycles_per_iter': round(cyc, 2),
                       'port_bound': ports, 'latency_bound': lat,
                       'mca_cycles_per_byte': round(cyc / nbytes, 4) if nbytes else None,
                       'share_of_bound': round(bound / cyc, 3), 'compiler': ccv,
                       'llvm_mca': mcav, 'commit': commit}
                rows.append(row)
                print(f"| {name} | {cpu} | {what}; {how} | {cyc:.1f} | {ports:.1f} | "
                      f"{lat if lat else ''} | {row['mca_cycles_per_byte']} | {bound / cyc:.0%} |")
    if a.json:
        with open(a.json, 'a') as f:
            for r in rows:
                f.write(json.dumps(r) + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
