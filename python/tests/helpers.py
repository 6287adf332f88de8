"""Helpers the tests share: threads started together, a forked child's output, a caller-seeded
DRBG across a fork."""
from __future__ import annotations

import os

import karx


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


def check_caller_seeded_after_fork(make, child_entropy):
    """With caller-supplied entropy the library cannot reseed by itself: a child's generate()
    on make()'s DRBG raises ReseedRequired (saying it forked) until the caller reseeds with
    child_entropy; the parent's stream goes on as its twin's (a second make())."""
    d = make()
    twin = make()

    def child():
        try:
            d.generate(16)
            return b"generated"
        except karx.ReseedRequired as e:
            msg = str(e)
        d.reseed(child_entropy)
        return b"refused|" + msg.encode() + b"|" + d.generate(16)

    head, msg, out = in_child(child).split(b"|", 2)
    assert head == b"refused" and b"forked" in msg
    parent = d.generate(16)
    assert parent == twin.generate(16) and out != parent
