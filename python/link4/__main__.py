"""``python -m link4``: the same program as the ``link4`` command."""

from link4.cli import main

raise SystemExit(main())
