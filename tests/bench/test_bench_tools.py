#!/usr/bin/env python3
"""bench/compare.py's pairing and ratio code and bench/plot.py, on the small fixture files beside
this one (no timing). usage: test_bench_tools.py compare|plot
compare: the pairs karx / peer, the rendered LSH table, a missing peer harness. plot: every plot
is drawn from the fixtures and names its source, the share of bound is computed, and a bad file
fails with one line on stderr."""
import os, subprocess, sys, tempfile, unittest

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.join(HERE, '..', '..', 'bench')
sys.path.insert(0, BENCH)
import compare  # noqa: E402

LSH = os.path.join(HERE, 'fixture_lsh_peers.jsonl')
THREADS = os.path.join(HERE, 'fixture_threads.jsonl')


class Compare(unittest.TestCase):
    def setUp(self):
        self.rows = compare.load(LSH)

    def test_pairs_take_the_best_back_end_and_divide_by_the_peer(self):
        got = {(p['label'], p['bytes']): p for p in compare.pair_rows(self.rows)}
        sha = got[('LSH-256-256 / OpenSSL SHA-256', 16 << 20)]
        self.assertEqual(sha['karx_backend'], 'avx2')
        self.assertAlmostEqual(sha['ratio'], 0.5)
        self.assertAlmostEqual(got[('LSH-256-256 / OpenSSL SHA-256', 64)]['ratio'], 2.0)
        self.assertAlmostEqual(got[('LSH-256-256 / Crypto++ LSH-256', 16 << 20)]['ratio'], 4.0)
        # a size only one side has gives no pair; a suite not asked for gives none
        self.assertNotIn(('LSH-512-512 / OpenSSL SHA-512', 4096), got)
        self.assertEqual(compare.pair_rows(self.rows, ['cipher']), [])

    def test_lsh_table_shows_the_peers_and_ratios(self):
        text = compare.render_rows(self.rows, 'lsh')
        self.assertIn('| LSH-256-256 / OpenSSL SHA-256 | 16 MiB | 1.000 (avx2) | 2.000 (SHA-NI) | 0.50x |',
                      text)
        self.assertIn('| LSH-256-256 / Crypto++ LSH-256 | 16 MiB |', text)
        self.assertNotIn('hash_many_sweep', text)  # the sweep is plotted, not tabled

    def test_missing_peer_harness_gives_karx_rows_only(self):
        with tempfile.TemporaryDirectory() as d:
            self.assertIsNone(compare.build_peer(os.path.join(d, 'nope'), d))


class Plot(unittest.TestCase):
    def run_plot(self, *args):
        return subprocess.run([sys.executable, os.path.join(BENCH, 'plot.py'), *args],
                              capture_output=True, text=True)

    def test_every_plot_is_drawn_and_names_its_source(self):
        with tempfile.TemporaryDirectory() as d:
            p = self.run_plot(LSH, THREADS, '--out', d, '--note', 'fixture note')
            self.assertEqual(p.returncode, 0, p.stderr)
            for name in ('gbps_vs_size', 'hashes_vs_batch', 'speedup_vs_threads', 'share_of_bound'):
                with open(os.path.join(d, name + '.png'), 'rb') as f:
                    self.assertEqual(f.read(8), b'\x89PNG\r\n\x1a\n', name)
                with open(os.path.join(d, name + '.svg')) as f:
                    svg = f.read()
                self.assertIn('<svg', svg)
                self.assertIn('fixture note', svg, name)
                self.assertIn('commit fixture0000', svg, name)
                self.assertIn('FIXTURE CPU', svg, name)

    def test_at_most_six_series_and_peers_drawn_once(self):
        import plot
        files = plot.load([LSH, LSH])  # the same peers in two files: each peer drawn once
        for title, series in plot.size_series(files):
            labels = [label for label, _, _ in series if not label.startswith('karx')]
            self.assertEqual(len(labels), len(set(labels)), title)
        with self.assertRaises(plot.BadInput):
            plot.check_series('x', [('panel', plot.MAX_SERIES + 1)])
        plot.check_series('x', [('panel', plot.MAX_SERIES)])

    def test_one_colour_per_library(self):
        import plot
        self.assertEqual(plot.color_of('OpenSSL SHA-256'), plot.color_of('OpenSSL AES-128-CTR'))
        self.assertNotEqual(plot.color_of('OpenSSL SHA-256'), plot.color_of('Crypto++ LSH-256'))
        self.assertEqual(plot.color_of('karx (avx2)'), plot.COLORS['karx'])

    def test_docs_block_is_rewritten_between_its_markers(self):
        import plot
        files = plot.load([LSH, THREADS])
        block = plot.docs_block(files, {'command': 'CMD', 'note': 'NOTE'})
        md = 'before\n' + plot.BEGIN + '\nstale 9.99x\n' + plot.END + '\nafter\n'
        new = plot.splice(md, block)
        self.assertTrue(new.startswith('before\n' + plot.BEGIN))
        self.assertTrue(new.endswith(plot.END + '\nafter\n'))
        self.assertNotIn('stale', new)
        self.assertIn('[1] fixture_lsh_peers.jsonl', new)
        self.assertIn('Speed-up at 2 threads', new)
        with self.assertRaises(plot.BadInput):
            plot.splice('no markers', block)

    def test_share_of_bound(self):
        import plot
        shares = {s[0]: s[1] for s in plot.bound_shares(plot.load([LSH]))}
        self.assertAlmostEqual(shares['lsh256-256 hash 16 MiB\navx2'], 0.5)
        self.assertAlmostEqual(shares['lsh512-512 hash 16 MiB\navx2'], 1.09 / 2.5)
        self.assertNotIn('lsh256-256 hash 16 MiB\nsse2', shares)  # no bound for sse2

    def test_bad_file_fails_with_one_line(self):
        with tempfile.TemporaryDirectory() as d:
            bad = os.path.join(d, 'bad.jsonl')
            with open(LSH) as f, open(bad, 'w') as g:  # plottable rows, then one bad line
                g.write(f.read() + 'not json\n')
            for args in ([bad], [os.path.join(d, 'missing.jsonl')]):
                p = self.run_plot(*args, '--out', d)
                self.assertEqual(p.returncode, 1)
                self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
                self.assertTrue(p.stderr.startswith('plot.py: '), p.stderr)
            self.assertFalse([n for n in os.listdir(d) if n.endswith('.svg')])


if __name__ == '__main__':
    group = {'compare': Compare, 'plot': Plot}[sys.argv.pop(1)] if len(sys.argv) > 1 else None
    suite = (unittest.defaultTestLoader.loadTestsFromTestCase(group) if group else
             unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__]))
    sys.exit(0 if unittest.TextTestRunner(verbosity=2).run(suite).wasSuccessful() else 1)
