"""Shared fixtures of the rulebook tests: the rule texts the catalogues cite."""

from __future__ import annotations

from pathlib import Path

import pytest

from nemesis_rules.rulebook import RULE_FILES

RULES_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "rules"


@pytest.fixture(scope="session")
def rule_texts() -> dict[str, str]:
    """File name → text of every cited rule file; skips when the rules folder is not there."""
    if not RULES_DIR.is_dir():
        pytest.skip(f"rule texts folder {RULES_DIR} is absent, so citations cannot be checked against it")
    return {name: (RULES_DIR / name).read_text(encoding="utf-8") for name in RULE_FILES}
