"""One test of a grade, as the engine's pytest plugin records it and every report reads it."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class TestOutcome:
    """One test of one grade (a hidden test, a public check, an answer cell's step or a
    written answer)."""

    __test__ = False            # pytest: not a test class, whatever its name

    name: str
    """``"<group>: <title>"`` (``"public: <check>"`` for a public check): what
    ``grade --json`` calls the test."""
    group: str
    """The idea the test grades: partial credit, gradebook columns and the class page follow
    it (never parsed back out of :attr:`name`)."""
    score: float
    max_score: float
    status: str
    """``"passed"`` or ``"failed"``."""
    output: str
    """What went wrong, for the student (empty when the test passed)."""
    visibility: str
    """Gradescope's: ``"visible"`` for a public check, else ``"after_published"``."""
    not_implemented: str = ""
    """The function a stub named, when that is why the test failed."""
    functions: tuple[str, ...] = ()
    """The student's functions the test called, in order."""
    gate: tuple[str, ...] = ()
    """An edge case of these functions: its points count once their main tests pass."""
    held_back: tuple[str, ...] = ()
    """Passed, but held back (0 points, failed) until the main tests of these functions pass."""
    mutant: str = ""
    """The known mistake (a mutant's file name) recognised in a failure."""
    manual: bool = False
    """Scored by a person (a written answer): 0 until then."""
    step: str = ""
    """An answer cell's step: its cell (grade_id) ..."""
    answer: str = ""
    """... and the values the student's cell gave, in short."""
