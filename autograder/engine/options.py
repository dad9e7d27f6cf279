"""How a batch is graded: the options every grade of it shares.

Its own small module, free of torch and pytest, so that a process that only hands grades out
(``autograde grade --cluster``: :mod:`autograder.cluster`) can say how to grade without
importing the engine that grades.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from autograder.records.grades import Mark
from autograder.sandbox.confine import Limits


@dataclass
class Options:
    out_dir: Path
    sandbox: str = "auto"
    limits: Limits = field(default_factory=Limits)
    public_only: bool = False
    skip_slow: bool = False         #: leave out hidden tests marked slow (the cart-pole run)
    #: student -> a person's scores of their written answers (``OUT/manual.csv``), merged
    #: into the grade before its report is written (never a part of the regrade key)
    marks: dict[str, tuple[Mark, ...]] = field(default_factory=dict)
