"""Helpers the tests share: threads started together, a forked child's output."""
from __future__ import annotations

import os


def run_all(threads):
    """Starts every thread of threads, then waits for them all."""
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def in_child(fn):
    """Runs fn() in a child made by os.fork(); returns what it wrote (bytes) to a pipe."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: never returns into pytest
        code = 0
        try:
            os.write(w, fn())
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(w)
    chunks = []
    while True:
        b = os.read(r, 4096)
        if not b:
            break
        chunks.append(b)
    os.close(r)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, "child failed"
    return b"".join(chunks)
