"""The warnings a student text gives, and the public check that holds each one to account.

A warning ("make sure...", "note that...", "must never...", "constants: no gradient...") tells a
student of a mistake the grade will charge. If no public check fails the code that ignores it,
a student who heeds every check but misses the sentence loses hidden points without a sign. So
each warning of an assignment's material (its module's docstrings and comments, its notebook's
markdown, its README) is listed in ``tests/assignments/<name>/warnings.py`` as ``WARNINGS``: a
phrase of the sentence, a known mistake of the bank that ignores it, and the public check that
the mistake fails (the reference passing it). Sentences the scan finds that warn of nothing go
in ``NOT_WARNINGS``; a paragraph describing the hidden tests is not a warning.
"""
from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path

from claims import texts

#: the words of a warning (a sentence holding one of them must be listed)
WARNING = re.compile(r"\b(make sure|careful|note that|beware|warning|must not|must never|"
                     r"never (?:raises?|fails?)|no gradient|constants?\b|rather than|"
                     r"underflows?|overflows?|is NaN|exactly 0)", re.I)


@dataclass(frozen=True)
class Warned:
    """``phrase`` of a warning, the known ``mutant`` that ignores it, the public ``check`` that
    this mutant fails."""
    phrase: str
    mutant: str
    check: str


def flat(text: str) -> str:
    return " ".join(text.split())


def material(assignment) -> dict[str, str]:
    """What a student reads: the README, the notebook's markdown and the module (whitespace
    made single spaces)."""
    found = texts(assignment)
    found["module"] = assignment.reference_module.read_text()
    return {where: flat(text) for where, text in found.items()}


def sentences(text: str) -> list[str]:
    """The sentences of a flattened text, a table's cells each apart."""
    pieces = re.split(r"(?<=[.!?:])\s+(?=[A-Z(`*])|\s\|\s", text)
    return [p for p in pieces if p.strip()]


def warning_sentences(assignment) -> list[tuple[str, str]]:
    """(where, sentence) of every sentence of the material holding a warning's words, except
    those describing the hidden tests."""
    return [(where, s) for where, text in material(assignment).items() for s in sentences(text)
            if WARNING.search(s) and not re.search(r"\bhidden tests?\b", s, re.I)]


def load(assignment_dir: Path) -> tuple[list[Warned], list[str]]:
    """``WARNINGS`` and ``NOT_WARNINGS`` of ``tests/assignments/<name>/warnings.py``."""
    path = assignment_dir / "warnings.py"
    if not path.is_file():
        return [], []
    spec = importlib.util.spec_from_file_location(f"_warnings_{assignment_dir.name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.WARNINGS), list(getattr(module, "NOT_WARNINGS", []))
