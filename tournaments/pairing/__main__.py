"""``python -m tournaments.pairing`` — see :mod:`tournaments.pairing.cli`."""

import sys

from .cli import main

sys.exit(main())
