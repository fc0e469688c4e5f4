"""``python -m empires.cli``: the ``empires`` command."""

import sys

from empires.cli import main

sys.exit(main())
