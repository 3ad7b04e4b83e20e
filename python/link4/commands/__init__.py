"""The subcommands of ``link4``: each module has ``add_parser(subparsers)`` and ``run(args)``."""
