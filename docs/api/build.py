"""Build the API documentation site from the package's docstrings with pdoc, warnings as errors.

    python docs/api/build.py [OUT]      # default OUT: docs/api/site (open OUT/index.html)

Every module of ``nemesis_rules`` is documented (a package's public names are its ``__all__``);
the command line (``nemesis_rules.cli``) is left out, its reference is ``nemesis-rules --help``.
Any warning pdoc gives (a module that cannot be imported, a signature it cannot read, a docstring
it cannot render) fails the build with exit code 1, so the site stays whole. The tests build it
too (tests/test_api_docs.py).
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pdoc
import pdoc.render

ROOT = Path(__file__).resolve().parents[2]
MODULES = [
    "nemesis_rules",
    "nemesis_rules.model.data.vocabulary",
    "nemesis_rules.record.schema",
    "!nemesis_rules.cli",
]
"""What pdoc documents: the package and its subpackages' public names (each package's ``__all__``,
a package listing the submodules it makes public there), the declared vocabulary of action words
and the record's schemas; not the command line."""


def build(out: Path) -> list[str]:
    """Write the site to ``out``; returns the warnings pdoc gave (empty when the build is clean)."""
    pdoc.render.configure(docformat="restructuredtext", show_source=False, search=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdoc.pdoc(*MODULES, output_directory=out)
    return [f"{w.category.__name__}: {w.message}" for w in caught]


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "api" / "site"
    problems = build(out)
    for problem in problems:
        print(f"api docs: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"api docs written to {out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
