"""``python -m ratings`` — see :mod:`ratings.cli`."""

import sys

from .cli import main

sys.exit(main())
