"""What a text says about grading, checked against where each number comes from.

A student reads the numbers of the grade in two places: the README's "How it is graded"
section and the notebook's markdown; an instructor reads them in the guides (``docs/``). Each
such number has a source: a setting of ``assignment.toml`` (a training check's seeds and
attempts, an idea's points), the sandbox's call time limits, the training check's ``Rule``, or
a calibration table in ``docs/``. A :class:`Claim` is a pattern of a text whose named groups
must read as their source says; every number of the student grading text (:func:`grading_text`)
must sit inside a claim's match, so a new number in a text fails until it is checked too.

``autograde release --check`` lists what is wrong (:func:`check`), naming the file and the
sentence; ``autograde release`` rewrites each group to its source's value (:func:`rewrite`),
written the way the text wrote it (``three``, ``100,000``, ``0.005``). The claims common to
every assignment are in :mod:`autograder.engine.texts`; an assignment's own (its training
run's) in ``autograder/hidden/<name>/texts.py`` as ``CLAIMS``.
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
    """``pattern`` (a regex with named groups) in the text ``where`` ("README.md",
    "notebook", or a guide from the course root: "docs/cartpole.md"), at least once unless ``optional``; each group must read as
    ``values(assignment)[group]`` says (``values(assignment, match)`` when it takes two
    arguments): a string exactly, a number within ``rel`` of it (0: exactly)."""
    pattern: str
    values: Callable
    where: str = "README.md"
    rel: float = 0.0
    optional: bool = False
    source: str = ""
    """Where the values come from, as the message names it (``[training] attempts``)."""


def words(n: int) -> str:
    """How a text writes a small count: ``three``."""
    return WORDS.get(int(n), str(int(n)))


def thousands(n: float) -> str:
    """``100,000``."""
    return f"{int(n):,}"


def texts(assignment, extra: tuple[str, ...] = ()) -> dict[str, str]:
    """The student texts of an assignment as its source writes them (the README and the
    notebook's markdown cells), and the guides named in ``extra``."""
    found = {"README.md": _read(assignment.source_dir / "README.md"),
             "notebook": "\n\n".join(_markdown(assignment.notebook))}
    return found | {doc: _read(assignment.root / doc) for doc in extra}


def file_of(assignment, where: str) -> Path:
    """The file a text ``where`` is read from."""
    return {"README.md": assignment.source_dir / "README.md",
            "notebook": assignment.notebook}.get(where, assignment.root / where)


def _read(path: Path) -> str:
    return path.read_text() if path.is_file() else ""


def _markdown(notebook: Path) -> list[str]:
    nb = json.loads(notebook.read_text()) if notebook.is_file() else {"cells": []}
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]


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
    group that does not read as its source, a grading number no claim covers; each names the
    file and the sentence."""
    problems = []
    found = texts(assignment, _guides(claims))
    covered: dict[str, list[tuple[int, int]]] = {w: [] for w in found}
    for claim in claims:
        matches = list(re.finditer(claim.pattern, found[claim.where]))
        if not matches and not claim.optional:
            problems.append(f"{_shown(assignment, claim.where)}: nothing says {claim.pattern!r}")
        for m in matches:
            covered[claim.where].append(m.span())
            wrong = _wrong(assignment, claim, m)
            if wrong:
                source = f" ({claim.source})" if claim.source else ""
                problems.append(f"{_shown(assignment, claim.where)}: the sentence "
                                f"{sentence(found[claim.where], m.start())!r} says "
                                f"{_listed([got for _, got, _ in wrong])}, its source{source} "
                                f"{_listed([_written(want, got) for _, got, want in wrong])}")
    for where, text in found.items():
        if where not in ("README.md", "notebook"):
            continue
        for start, end in grading_text(where, text):
            for n in NUMBER.finditer(text, start, end):
                if not any(a <= n.start() and n.end() <= b for a, b in covered[where]):
                    line = text[text.rfind("\n", 0, n.start()) + 1:text.find("\n", n.end())]
                    problems.append(f"{_shown(assignment, where)}: {n.group()!r} is no claim's "
                                    f"(checked against nothing): {line.strip()[:120]}")
    return problems


def rewrite(assignment, claims: list[Claim]) -> list[Path]:
    """Write each group of ``claims`` that does not read as its source as the source says
    (in the way the text wrote it); return the files changed."""
    changed = []
    for where in dict.fromkeys(c.where for c in claims):
        path = file_of(assignment, where)
        if not path.is_file():
            continue
        mine = [c for c in claims if c.where == where]
        if where == "notebook":
            import nbformat

            nb, edited = nbformat.read(path, as_version=4), False
            for cell in nb.cells:
                if cell.cell_type == "markdown":
                    fixed = _fixed(assignment, mine, cell.source)
                    edited, cell.source = edited or fixed != cell.source, fixed
            if edited:
                nbformat.write(nb, path)
                changed.append(path)
        else:
            text = path.read_text()
            fixed = _fixed(assignment, mine, text)
            if fixed != text:
                path.write_text(fixed)
                changed.append(path)
    return changed


def _fixed(assignment, claims: list[Claim], text: str) -> str:
    for claim in claims:
        out, at = [], 0
        for m in re.finditer(claim.pattern, text):
            for group, got, want in sorted(_wrong(assignment, claim, m),
                                           key=lambda w: m.start(w[0])):
                if m.start(group) >= at:
                    out += [text[at:m.start(group)], _written(want, got)]
                    at = m.end(group)
        text = "".join(out) + text[at:]
    return text


def _wrong(assignment, claim: Claim, m) -> list[tuple[str, str, object]]:
    """(group, what the text says, the source's value) of each group of ``m`` that does not
    read as its source."""
    try:
        expected = claim.values(assignment, m) if _takes_match(claim.values) \
            else claim.values(assignment)
    except FileNotFoundError:       # a source page this course does not keep (no docs/):
        return []                   # nothing to read the text against
    return [(group, m.group(group), want) for group, want in expected.items()
            if not _reads_as(m.group(group), want, claim.rel)]


def _listed(values: list[str]) -> str:
    return ", ".join(values[:-1]) + (" and " if len(values) > 1 else "") + values[-1]


def _written(want, like: str) -> str:
    """``want`` written the way ``like`` was: a word as is, a number with the same decimals,
    thousands separators or exponent."""
    if isinstance(want, str):
        return want
    if "e" in like:
        return f"{float(want):.0e}".replace("e-0", "e-").replace("e+0", "e")
    decimals = len(like.split(".")[1]) if "." in like else 0
    text = f"{float(want):,.{decimals}f}" if "," in like else f"{float(want):.{decimals}f}"
    return text


def sentence(text: str, at: int) -> str:
    """The sentence of ``text`` around position ``at``, on one line."""
    start = max(text.rfind(". ", 0, at) + 2, text.rfind("\n\n", 0, at) + 2,
                text.rfind("\n* ", 0, at) + 1, text.rfind("-->", 0, at) + 3, 0)
    ends = [i for i in (text.find(". ", at), text.find("\n\n", at), text.find("\n* ", at))
            if i >= 0]
    end = min(ends) + 1 if ends else len(text)
    return " ".join(text[start:end].split())[:300]


def _guides(claims: list[Claim]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(c.where for c in claims
                               if c.where not in ("README.md", "notebook")))


def _shown(assignment, where: str) -> str:
    path = file_of(assignment, where)
    try:
        shown = path.relative_to(assignment.root).as_posix()
    except ValueError:
        shown = str(path)
    return shown + (" (a markdown cell)" if where == "notebook" else "")


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
