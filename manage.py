#!/usr/bin/env python3
import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "oware_tournaments.settings")
    # The project's package first: it sets the garbage collector's threshold for the start
    # (oware_tournaments/__init__.py), before Django's modules are loaded.
    import oware_tournaments  # noqa: F401

    # isort: split
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
