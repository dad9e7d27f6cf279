"""Bank cases whose attack is the student's text, not their code (issue 34).

The other cases of the bank are code, on top of wrong answers, in a folder named after the
case. These are what once stopped a batch or reached the TA's terminal raw:

* two notebooks (the solution notebook, one cell changed) holding a lone surrogate, JSON's
  ``"\\ud800"``: in the written answer (once: no gradebook, no class page, the neighbour's
  grade lost) and in an answer cell (once: no class page, ``autograde report`` failing). They
  must keep the marks of the solution notebook, less the points the text itself costs
  (``lost``: a wrong answer cell);
* folders whose name is the attack (a trailing space, a formula start, ESC[2J, an OSC title
  change, ESC[8m, a newline, U+202E), holding the wrong answers: graded under a safe id
  (:func:`autograder.engine.discover.safe_id`), scoring 0 like every attack.

``tests/test_adversarial.py`` and ``benchmarks/bench_adversarial.py`` both build them with
:func:`build` and find each case's grade under :func:`graded_as`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
SOLUTION = ROOT / "solutions" / "grpo" / "grpo.ipynb"


@dataclass(frozen=True)
class TextCase:
    name: str                                 #: the case, as the bank's tables name it
    folder: str                               #: the student's folder (for an id case: the attack)
    cells: dict = field(default_factory=dict)  #: a notebook case: grade_id -> its new source
    lost: float = 0.0                         #: a notebook case: the points its text costs


CASES = (
    TextCase("surrogate_written", "surrogate_written",
             {"table-step4-why": "the mean \ud800 is what the others are pushed from"}),
    TextCase("surrogate_answer", "surrogate_answer",
             {"table-step1": 'step1_rewards = "\ud800"'}, lost=1.0),
    TextCase("id_trailing_space", "mallory "),
    TextCase("id_formula", "'=mallory"),
    TextCase("id_clear_screen", "\x1b[2J\x1b[Hfake: 42 of 42"),
    TextCase("id_osc_title", "\x1b]0;owned\x07osc"),
    TextCase("id_hidden_text", "\x1b[8mhidden"),
    TextCase("id_newline", "forged\n│ row │ grpo │ 42 │"),
    TextCase("id_bidi", "\u202eevil"),
)


def notebook(case: TextCase) -> str:
    """The solution notebook with ``case``'s cells changed, spelt as JSON spells a lone
    surrogate (``ensure_ascii``)."""
    nb = json.loads(SOLUTION.read_text())
    for cell in nb["cells"]:
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if grade_id in case.cells:
            cell["source"] = case.cells[grade_id]
    return json.dumps(nb)


def build(batch: Path, wrong: str, skip=()) -> None:
    """Each case's submission under ``batch``: a notebook, or the wrong answers (``wrong``)
    in a folder whose name is the attack."""
    for case in CASES:
        if case.name in skip:
            continue
        folder = batch / case.folder
        folder.mkdir(parents=True)
        if case.cells:
            (folder / "grpo.ipynb").write_text(notebook(case))
        else:
            (folder / "grpo.py").write_text(wrong)


def graded_as(case: TextCase) -> str:
    """The id the grader gives ``case``'s folder (no other folder of the bank shares it)."""
    from autograder.engine.discover import safe_id

    return safe_id(case.folder)[0]


def names() -> list[str]:
    return [case.name for case in CASES]
