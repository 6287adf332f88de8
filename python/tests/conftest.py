import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the kat helper module

from hypothesis import settings  # noqa: E402

# No example database: nothing is written into the source tree (.hypothesis/), and runs stay
# reproducible from the seed hypothesis prints on failure.
settings.register_profile("karx", database=None, deadline=None)
settings.load_profile("karx")
