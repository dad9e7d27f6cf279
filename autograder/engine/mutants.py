"""The bank of known mistakes: ``autograder/hidden/<name>/mutants/*.py``.

A mutant file holds a docstring saying what it gets wrong, optionally a
``HINT`` (the one-sentence misconception shown to a student whose answer
matches it), a ``LOSES`` (the only test group a precision-only mistake may
cost), a ``FEEDBACK`` (words its feedback must hold when a diagnosis
computed from the numbers, not a replay, explains it), a ``REAL_BUG`` (where the
kind of mistake was seen in real code: benchmarks/bench_causes.py measures how
many of these get their own cause), and the buggy version of one or more functions. A full buggy
submission is the reference module with those functions swapped in, so the
bank never copies the rest of the reference.

One bank serves three uses: the kill-rate test (every mutant must lose
points), the misconception hints, and the demo's example of a buggy student.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from autograder.authoring.course import Assignment
from autograder.authoring.markers import function_sources, strip_solutions


@dataclass(frozen=True)
class Mutant:
    name: str
    path: Path
    assignment: Assignment

    @property
    def source(self) -> str:
        return self.path.read_text()

    @property
    def doc(self) -> str:
        return ast.get_docstring(ast.parse(self.source)) or ""

    @property
    def hint(self) -> str | None:
        return self._constant("HINT")

    @property
    def feedback(self) -> str | None:
        """Words the feedback of this mistake must hold (a diagnosis's), if it says so."""
        return self._constant("FEEDBACK")

    @property
    def real_bug(self) -> str | None:
        """Where this kind of mistake was seen in real students' or public code, if it was."""
        return self._constant("REAL_BUG")

    @property
    def loses_only(self) -> str | None:
        """The one test group this mistake may cost (``LOSES``: a precision-only mistake)."""
        return self._constant("LOSES")

    def _constant(self, name: str) -> str | None:
        for node in ast.parse(self.source).body:
            if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == name for t in node.targets):
                return ast.literal_eval(node.value)
        return None

    @property
    def functions(self) -> dict[str, str]:
        return function_sources(self.source)

    def load(self) -> dict:
        """The whole buggy module, executed (our own code: run in the grader, never a student's)."""
        namespace: dict = {"__name__": f"_autograde_mutant_{self.assignment.name}_{self.name}"}
        exec(compile(self.materialize(), str(self.path), "exec"), namespace)
        return namespace

    def materialize(self) -> str:
        """The whole buggy submission: the reference with this mutant's functions swapped in."""
        ref_path = self.assignment.reference_module
        reference = strip_solutions(ref_path.read_text(), str(ref_path), keep_solution=True)
        tree = ast.parse(reference)
        lines = reference.splitlines()
        replacements = self.functions
        for node in reversed(tree.body):   # bottom-up keeps earlier line numbers valid
            if isinstance(node, ast.FunctionDef) and node.name in replacements:
                lines[node.lineno - 1:node.end_lineno] = replacements[node.name].splitlines()
        imports = [ast.get_source_segment(self.source, n) for n in ast.parse(self.source).body
                   if isinstance(n, (ast.Import, ast.ImportFrom))]
        return "\n".join(imports + lines) + "\n"


def bank(assignment: Assignment) -> list[Mutant]:
    folder = assignment.hidden_dir / "mutants"
    if not folder.is_dir():
        return []
    return [Mutant(p.stem, p, assignment) for p in sorted(folder.glob("*.py"))
            if not p.name.startswith("_")]
