"""The suite the conformance tests share: a small one by default (a few seeded games per ruleset,
every ruling's scenario), the default suite of ``conformance export`` with NEMESIS_LONG=1."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from nemesis_rules.conformance import SuiteOptions, build_cases, write_suite

LONG = os.environ.get("NEMESIS_LONG") == "1"
SMALL = SuiteOptions(games=6, per_clause=1, legal_states=60)
WRONG_ENGINE = Path(__file__).with_name("wrong_engine.py")
SERVE = f"{sys.executable} -c 'from nemesis_rules.cli.app import main; main()' conformance serve"
"""This engine behind the protocol, as ``nemesis-rules conformance serve`` (with this interpreter)."""


def wrong(mistake: str) -> str:
    return f"{sys.executable} {WRONG_ENGINE} {mistake}"


@pytest.fixture(scope="session")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("suite")
    write_suite(folder, build_cases(SuiteOptions() if LONG else SMALL))
    return folder
