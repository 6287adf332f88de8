#!/usr/bin/env python3
"""Drives `karx enc` without a passphrase option on a pseudo-terminal (its /dev/tty): answers the
two prompts and checks that the passphrase is not echoed. usage: tty_prompt.py KARX IN OUT PASS1 PASS2
Exit status: karx's; prints what the terminal showed on failure."""
import os
import pty
import signal
import sys

karx, inp, out, p1, p2 = sys.argv[1:6]
pid, fd = pty.fork()
if pid == 0:
    os.execv(karx, [karx, 'enc', '--iter', '2', '-i', inp, '-o', out])
seen = b''
signal.alarm(60)  # never hang a test run: SIGALRM ends this script (and the pty's karx gets SIGHUP)


def until(word):
    global seen
    while word not in seen:
        try:
            chunk = os.read(fd, 1024)
        except OSError:
            return False
        if not chunk:
            return False
        seen += chunk
    return True


ok = until(b'Passphrase: ')
if ok:
    os.write(fd, p1.encode() + b'\n')
    ok = until(b'Passphrase again: ')
if ok:
    os.write(fd, p2.encode() + b'\n')
until(b'\x00never')  # read to the end
_, status = os.waitpid(pid, 0)
rc = os.waitstatus_to_exitcode(status)
if p1.encode() in seen:
    print('the passphrase was echoed: %r' % seen)
    sys.exit(3)
if not ok:
    print('no prompt: %r' % seen)
    sys.exit(4)
sys.stdout.write(seen.decode(errors='replace').replace('\r', ''))
sys.exit(rc)
