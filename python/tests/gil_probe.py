"""The GIL probe shared by the tests that check a call releases the GIL."""
import sys
import threading


def spins_during(fn):
    """How often the main thread loops while fn runs in another thread. The switch interval is
    raised to 0.5 s, longer than fn takes here, so a call that holds the GIL lets the main thread
    run only after it ends (a count near 0); a call that releases it lets it spin throughout."""
    started, done = threading.Event(), threading.Event()

    def work():
        started.set()
        fn()
        done.set()

    old = sys.getswitchinterval()
    sys.setswitchinterval(0.5)
    try:
        t = threading.Thread(target=work)
        t.start()
        started.wait()
        n = 0
        while not done.is_set():
            n += 1
        t.join()
    finally:
        sys.setswitchinterval(old)
    return n
