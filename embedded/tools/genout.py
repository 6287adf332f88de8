"""The generators' one way out: write OUT, or with --check (CI) say whether the checked-in file
still equals what the generator makes now. Returns the exit status."""
import os
import sys


def write_or_check(path, text, what=None):
    me = os.path.basename(sys.argv[0])
    name = os.path.basename(path)
    if "--check" in sys.argv:
        with open(path, encoding="utf-8") as f:
            if f.read() != text:
                print("%s: %s is out of date; run python3 embedded/tools/%s" % (me, name, me))
                return 1
        print("%s: %s is up to date" % (me, name))
        return 0
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote %s (%s)" % (path, what or "%d lines" % text.count("\n")))
    return 0
