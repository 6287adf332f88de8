"""Where the shared reference models live: ../shared/specs/models beside the repository root.

Found from this file's own location so no machine's absolute path is written into the tree;
KARX_SPECS overrides it.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SPECS = os.environ.get(
    'KARX_SPECS', os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared', 'specs', 'models')))
