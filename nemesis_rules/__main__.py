"""``python -m nemesis_rules``: the same command line as ``nemesis-rules``."""

from nemesis_rules.cli.app import main

if __name__ == "__main__":
    main()
