"""The warnings a student text gives, and the public check that holds each one to account.

A warning ("make sure...", "note that...", "must never...", "constants: no gradient...") tells a
student of a mistake the grade will charge. If no public check fails the code that ignores it,
a student who heeds every check but misses the sentence loses hidden points without a sign. So
each warning of an assignment's material (its module's docstrings and comments, its notebook's
markdown, its README) is listed in ``tests/assignments/<name>/warnings.py`` as ``WARNINGS``: a
phrase of the sentence, a known mistake of the bank that ignores it, and the public check that
the mistake fails (the reference passing it). Sentences the scan finds that warn of nothing go
in ``NOT_WARNINGS``; a sentence describing the tests (the hidden tests, the public checks)
is not a warning.
"""
from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path

from autograder.authoring.claims import texts

#: the words of a warning (a sentence holding one of them must be listed)
WARNING = re.compile(r"\b(make sure|careful|note that|beware|warning|must not|must never|"
                     r"never (?:raises?|fails?)|no gradient|constants?\b|rather than|"
                     r"underflows?|overflows?|is NaN|exactly 0)", re.I)


#: a sentence describing the tests themselves (what the hidden tests try, what the public
#: checks are) warns of nothing
DESCRIBES_TESTS = re.compile(r"\b(hidden tests?|public checks?)\b|`checks\.py` \(", re.I)


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
    """What a student reads: the README, the notebook's markdown and the module."""
    found = texts(assignment)
    found["module"] = assignment.reference_module.read_text()
    return found


def sentences(text: str) -> list[str]:
    """The sentences of a text, whitespace made single spaces: paragraphs, bullets, headings
    and table cells each apart, then split after a full stop, colon, ! or ?."""
    blocks = re.split(r"\n\s*\n|\n(?=\s*(?:[*#|-] |\d+\. ))|\s\|\s", text)
    return [piece for block in blocks
            for piece in re.split(r"(?<=[.!?:])\s+(?=[A-Z(`*])", flat(block)) if piece]


def warning_sentences(assignment) -> list[tuple[str, str]]:
    """(where, sentence) of every sentence of the material holding a warning's words, except
    those describing the tests."""
    return [(where, s) for where, text in material(assignment).items() for s in sentences(text)
            if WARNING.search(s) and not DESCRIBES_TESTS.search(s)]


def load(assignment_dir: Path) -> tuple[list[Warned], list[str]]:
    """``WARNINGS`` and ``NOT_WARNINGS`` of ``tests/assignments/<name>/warnings.py``."""
    path = assignment_dir / "warnings.py"
    if not path.is_file():
        return [], []
    spec = importlib.util.spec_from_file_location(f"_warnings_{assignment_dir.name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.WARNINGS), list(getattr(module, "NOT_WARNINGS", []))
