"""``python -m empires``: the ``empires`` command (the same as the installed script)."""

import sys

from empires.cli import main

sys.exit(main())
