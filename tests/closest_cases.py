"""Buggy functions written the way real code gets a convention wrong, for the tests of each
assignment's conventions (``tests/assignments/<name>/causes/*.py``): each file is one buggy
submission in the form of ``benchmarks/held_out`` (its functions swapped into the reference, a
docstring saying what is wrong, ``CAUSE``: a regular expression the right cause matches), or a
correct variant in the same style (``CORRECT = True``: a float32 intermediate at most) that must
be named no cause.

:func:`cause_of` grades one such file's function on the documented input space
(tests/fairness.py) through the whole pipeline of likely causes
(:meth:`autograder.engine.causes.Causes.conclude`). The same files grade through the real
grader with ``benchmarks/bench_causes.py --held-out DIR`` (``DIR/<name>`` a link to the
folder)."""
from __future__ import annotations

import re
from pathlib import Path

from autograder.authoring import course
from autograder.engine.causes import Causes
from autograder.engine.mutants import Mutant
from autograder.engine.plugin import reference_module
from pgcheck.calls import clone
from test_closest import observe

HERE = Path(__file__).resolve().parent / "assignments"


def cases(name: str, folders=("causes", "causes/correct")) -> list[Mutant]:
    return [Mutant(p.stem, p, course.get(name))
            for folder in folders
            for p in sorted((HERE / name / folder).glob("*.py"))]


def cause_of(mutant: Mutant, fn: str, precisions=(False,)) -> str:
    """The likely cause the pipeline names for ``fn`` of ``mutant`` ("" for none), on the
    value tests' cases (``precisions``: and the float64 precision tests')."""
    name = mutant.assignment.name
    namespace = mutant.load()
    causes = Causes(mutant.assignment, (mutant.materialize(),))     # the source, as a worker's
    causes.ask = again(namespace)
    observations = [o for f in causes.scope(fn) for precision in precisions
                    for o in observe(name, f, namespace[f], precision)]
    return causes.conclude(fn, observations, reference_module(mutant.assignment)).text or ""


def again(namespace, calls: list | None = None):
    """The ablations' ``ask`` of a buggy file run here (our own test code, as the sandbox's
    ``map`` runs a submission's): its answers on each argument list, or None when one raises;
    ``calls`` (a list) collects the items asked."""
    def ask(fn, items, seconds):
        if calls is not None:
            calls.extend(items)
        try:
            return [namespace[fn](*clone(item)) for item in items]
        except Exception:  # noqa: BLE001 - as in the sandbox: the experiment ends
            return None
    return ask


def check(mutant: Mutant) -> None:
    """Every function the file defines that fails gets a cause, and the right one; a correct
    variant none."""
    correct = bool(mutant._constant("CORRECT"))
    said = {fn: cause_of(mutant, fn, (False, True) if correct else (False,))
            for fn in mutant.functions if fn in mutant.assignment.functions}
    if correct:
        assert not any(said.values()), said
        return
    pattern = mutant._constant("CAUSE")
    assert any(re.search(pattern, text, flags=re.I) for text in said.values()), said
    wrong = [t for t in said.values() if t and not re.search(pattern, t, flags=re.I)]
    assert not wrong, said
