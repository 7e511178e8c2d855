"""Reading the rule texts a command is given (``--rules-dir DIR`` or ``$NEMESIS_RULES_DIR``): shared by
``rules alignment``, ``rules search`` and ``check``."""

from __future__ import annotations

from difflib import get_close_matches
from pathlib import Path

from nemesis_rules.errors import BadInputError
from nemesis_rules.rulebook.passages import rules_dir
from nemesis_rules.rulebook.sources import RULE_FILES


def read_texts(folder: Path | None, only: str | None) -> dict[str, str]:
    """The rule texts (file name -> text) from ``folder`` (else the configured rules folder);
    ``only`` picks one of them. A missing folder or file is bad input naming it."""
    if only is not None and only not in RULE_FILES:
        close = get_close_matches(only, list(RULE_FILES), n=1, cutoff=0.5)
        hint = f" (did you mean {close[0]!r}?)" if close else f" (choose from {', '.join(RULE_FILES)})"
        raise BadInputError(f"unknown rule text {only!r}{hint}", "--file")
    chosen = folder if folder is not None else rules_dir()
    if chosen is None:
        raise BadInputError("the rule texts are needed: give --rules-dir DIR or set NEMESIS_RULES_DIR", "--rules-dir")
    texts = {}
    for name in RULE_FILES if only is None else (only,):
        path = chosen / name
        try:
            texts[name] = path.read_text(encoding="utf-8")
        except OSError as error:
            raise BadInputError(f"cannot read {str(path)!r}: {error.strerror or error}", "--rules-dir") from None
    return texts
