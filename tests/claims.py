"""What a student text says about grading, checked against where each number comes from.

A student reads the numbers of the grade in two places: the README's "How it is graded"
section and the notebook's markdown. Each such number has a source: the sandbox's
:class:`~autograder.sandbox.confine.Limits` (call time limits), the points of the hidden
tests and of the registry's answer cells, the training check's ``Rule`` (updates, step size,
seeds, thresholds), or the calibration table in ``docs/`` (measured rates). A :class:`Claim`
is a pattern of the text whose named groups must read as their source says; every number of
the grading text (:func:`grading_text`) must sit inside a claim's match, so a new number in a
text fails the test until it is checked too.

Claims common to every assignment are in ``tests/test_texts.py``; an assignment's own (its
training run's) are in ``tests/assignments/<name>/texts.py`` as ``CLAIMS``.
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

#: a number as a text writes one: 475, 100,000, 2e-4, 0.5, -800 (not the 1 of CartPole-v1)
NUMBER = re.compile(r"(?<![\w.-])[-+±]?\d[\d,]*(?:\.\d+)?(?:e-?\d+)?(?![\w])")
WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 10: "ten", 20: "twenty"}


@dataclass(frozen=True)
class Claim:
    """``pattern`` (a regex with named groups) in the text ``where`` ("README.md" or
    "notebook"), at least once unless ``optional``; each group must read as
    ``values(assignment)[group]`` says (``values(assignment, match)`` when it takes two
    arguments): a string exactly, a number within ``rel`` of it (0: exactly)."""
    pattern: str
    values: Callable
    where: str = "README.md"
    rel: float = 0.0
    optional: bool = False


def words(n: int) -> str:
    """How a text writes a small count: ``three``."""
    return WORDS.get(int(n), str(int(n)))


def thousands(n: float) -> str:
    """``100,000``."""
    return f"{int(n):,}"


def texts(assignment) -> dict[str, str]:
    """The student texts of an assignment as its source writes them: the README and the
    notebook's markdown cells."""
    nb = json.loads(assignment.notebook.read_text())
    markdown = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
    readme = assignment.source_dir / "README.md"
    return {"README.md": readme.read_text() if readme.is_file() else "",
            "notebook": "\n\n".join(markdown)}


def grading_text(where: str, text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` that state how the grade is made: the README's "How it is
    graded" section without its "Public checks" and "Hidden tests" bullets (which describe
    test cases), and the notebook's sentences about the grader or what is graded."""
    if where == "README.md":
        start = text.find("## How it is graded")
        if start < 0:
            return []
        end = text.find("\n## ", start + 1)
        end = len(text) if end < 0 else end
        spans, at = [], start
        for bullet in re.finditer(r"^\* \*\*(Public checks|Hidden tests)\*\*.*?(?=^\* |^\s*$)",
                                  text[start:end], re.M | re.S):
            spans.append((at, start + bullet.start()))
            at = start + bullet.end()
        return spans + [(at, end)]
    sentence = r"(?:[^.!?\n]|[.!?](?!\s|$)|\n(?!\n))+(?:[.!?](?=\s|$)|\n\n|$)"
    return [(m.start(), m.end()) for m in re.finditer(sentence, text)
            if re.search(r"\bgrad(?:er|ed|ing)\b", m.group())]


def check(assignment, claims: list[Claim]) -> list[str]:
    """What is wrong with ``assignment``'s texts against ``claims``: a claim not found, a
    group that does not read as its source, a grading number no claim covers."""
    problems = []
    found = texts(assignment)
    covered: dict[str, list[tuple[int, int]]] = {w: [] for w in found}
    for claim in claims:
        matches = list(re.finditer(claim.pattern, found[claim.where]))
        if not matches and not claim.optional:
            problems.append(f"{claim.where}: nothing says {claim.pattern!r}")
        for m in matches:
            covered[claim.where].append(m.span())
            expected = claim.values(assignment, m) if _takes_match(claim.values) \
                else claim.values(assignment)
            for group, want in expected.items():
                got = m.group(group)
                if not _reads_as(got, want, claim.rel):
                    problems.append(f"{claim.where}: {m.group()!r} says {got}, its source {want}")
    for where, text in found.items():
        for start, end in grading_text(where, text):
            for n in NUMBER.finditer(text, start, end):
                if not any(a <= n.start() and n.end() <= b for a, b in covered[where]):
                    line = text[text.rfind("\n", 0, n.start()) + 1:text.find("\n", n.end())]
                    problems.append(f"{where}: {n.group()!r} is no claim's (checked against "
                                    f"nothing): {line.strip()[:120]}")
    return problems


def _takes_match(values) -> bool:
    return values.__code__.co_argcount == 2


def _reads_as(got: str, want, rel: float) -> bool:
    if isinstance(want, str):
        return got == want
    try:
        number = float(got.replace(",", "").replace("±", ""))
    except ValueError:
        return False
    return math.isclose(number, float(want), rel_tol=rel, abs_tol=1e-12)


def calibration_rows(doc: Path) -> dict[str, list[str]]:
    """The rows of the calibration table in ``doc`` (between ``<!-- calibration:start -->``
    and ``<!-- calibration:end -->``), by their first cell."""
    text = doc.read_text()
    block = text[text.index("<!-- calibration:start -->"):text.index("<!-- calibration:end -->")]
    rows = {}
    for line in block.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells and not set(cells[0]) <= set("-"):
            rows[cells[0]] = cells
    return rows


def load_claims(path: Path) -> list[Claim]:
    """``CLAIMS`` of an assignment's ``texts.py`` ([] when it has none)."""
    if not path.is_file():
        return []
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"_claims_{path.parent.name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.CLAIMS)
