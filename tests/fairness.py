"""The fairness bank: correct solutions written the way students write them (issue 39).

``tests/fair/<name>/<function>/<form>.py`` holds one correct but unusual implementation of one
graded function (numpy inside, Python loops, ``einsum``, shape asserts copied from the
docstring, extra keyword-only arguments, float64 inside, a callable object, prints...), with a
docstring saying what is unusual about it. It defines that function and any helpers of its
own, and calls no other graded function (so that it means the same alone and in a submission
with the bank's other functions). ``tests/fair/<name>/edges.py`` lists the edge cases the
docstrings speak of; ``tests/fair/<name>/wrong/<function>/`` holds wrong forms in the same
styles (a ``.float()`` mask, ``sum() / len`` of a batch, ``std == 0`` for an all-equal group,
``.to()`` under ``no_grad`` returning the input itself...).

:func:`differences` is the differential test: the variant against the reference on the
documented input space (``hidden/<name>/fuzz.py``'s random draws in both dtypes, and the edge
cases), every input first checked against the contract: the answer's type, shape and dtype,
its values (float64 inputs: to float64's precision; float32: to float32's, from the exact
answer), the gradients the draw names, and the inputs left as they were. Its sensitivity is
measured on the bank of known mistakes and on the wrong forms, which it must all reject. :func:`rounds` puts the bank into
a few whole submissions, the k-th form of every function in the k-th, to be graded together.
"""
from __future__ import annotations

import ast
import importlib.util
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import torch

from autograder.authoring import course
from autograder.authoring.contract import check_call, contracts
from autograder.authoring.markers import strip_solutions
from autograder.engine.assertions import Mismatch
from autograder.engine.compare import exact_answer, expect_grads, expect_same
from autograder.engine.mutants import Mutant
from autograder.engine.plugin import reference_module
from conftest import ROOT
from pgcheck.calls import call_function, clone

BANK = ROOT / "tests" / "fair"
SEEDS = range(12)


@dataclass(frozen=True)
class Fair(Mutant):
    """One implementation of the bank: a file read like a known mistake's (its source, its
    docstring), but run alone, never swapped into the reference."""
    function: str = ""

    @property
    def form(self) -> str:
        return self.name

    def load(self):
        """The implemented function, its file run in a namespace of its own (our own code)."""
        namespace = {"__name__": f"_fair_{self.assignment.name}_{self.function}_{self.form}"}
        exec(compile(self.source, str(self.path), "exec"), namespace)
        return namespace[self.function]

    def own_names(self) -> set[str]:
        """The top-level names it defines besides its function and its imports."""
        names = set()
        for node in ast.parse(self.source).body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                names |= {n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        return names - {self.function}


def bank(name: str, wrong: bool = False) -> list[Fair]:
    """The bank of ``name``: its correct forms, or (``wrong``) the wrong ones of
    ``tests/fair/<name>/wrong/<function>/`` that the differential test must reject."""
    folder = BANK / name / "wrong" if wrong else BANK / name
    assignment = course.get(name)
    return [Fair(path.stem, path, assignment, fn) for fn in assignment.functions
            for path in sorted((folder / fn).glob("*.py"))]


@cache
def _module(path: Path, label: str):
    spec = importlib.util.spec_from_file_location(label, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def inputs(name: str) -> list[tuple[str, tuple, dict, list, str]]:
    """(function, args, kwargs, wrt, where) of the documented input space of ``name``."""
    assignment = course.get(name)
    fuzz = _module(assignment.hidden_dir / "fuzz.py", f"_fair_fuzz_{name}")
    edges = _module(BANK / name / "edges.py", f"_fair_edges_{name}")
    found = []
    for dtype in (torch.float32, torch.float64):
        for seed in SEEDS:
            g = torch.Generator().manual_seed(seed)
            found += [(*call, f"fuzz seed {seed}, {dtype}") for call in fuzz.calls(g, dtype)]
        found += [(*call, f"edge case {i}, {dtype}") for i, call in enumerate(edges.calls(dtype))]
    return found


def differences(function, name: str, fn: str, limit: int = 3) -> list[str]:
    """What ``function`` (an implementation of ``name``'s ``fn``) does differently from the
    reference on the documented input space (at most ``limit`` cases); empty: none."""
    assignment = course.get(name)
    reference = getattr(reference_module(assignment), fn)
    table = contracts(assignment.reference_module, assignment.functions)[fn]
    found = []
    for call_fn, args, kwargs, wrt, where in inputs(name):
        if call_fn != fn:
            continue
        problems, binding = check_call(table, args, kwargs)
        assert not problems, f"{name} {where}: {fn} outside its contract: {problems}"
        case = f"{fn} on {where}"
        try:
            _judge(function, reference, args, kwargs, wrt, case, binding.dtype == torch.float64)
        except Mismatch as exc:
            found.append(str(exc).splitlines()[0])
        except Exception as exc:  # noqa: BLE001 - a wrong variant may raise anything
            found.append(f"{case}: raised {type(exc).__name__}: {exc}"[:300])
        if len(found) >= limit:
            break
    return found


def _judge(function, reference, args, kwargs, wrt, case: str, precision: bool) -> None:
    expected = reference(*clone(args), **clone(kwargs))
    given_args, given_kwargs = clone(args), clone(kwargs)
    actual = function(*given_args, **given_kwargs)
    expect_same(actual, expected, case=case, precision=precision,
                exact=exact_answer(reference, args, kwargs))
    for i, (before, after) in enumerate(zip(list(args) + list(kwargs.values()),
                                            given_args + tuple(given_kwargs.values()))):
        if isinstance(before, torch.Tensor) and not torch.equal(before, after):
            raise Mismatch(case, detail=f"argument {i + 1} was modified in place")
    if not wrt:
        return
    grad_args = [a.detach().clone().requires_grad_(i in wrt) if isinstance(a, torch.Tensor)
                 and a.is_floating_point() else a for i, a in enumerate(clone(args))]
    out = expected[0] if isinstance(expected, tuple) else expected
    spec = {"wrt": wrt, "output": None,
            "grad_output": torch.ones_like(out) if out.dim() else None}
    want = call_function(reference, clone(grad_args), clone(kwargs), grad=spec)
    got = call_function(function, clone(grad_args), clone(kwargs), grad=spec)
    none = [None] * len(wrt)    # an answer built from no input (all clipped, detached): none flows
    expect_grads(got.get("grads") or none, want.get("grads") or none, case=case,
                 names=[f"argument {w + 1}" for w in wrt])


def rounds(name: str) -> list[tuple[str, list[Fair]]]:
    """Whole submissions holding the bank: the k-th holds the k-th form of every function
    (a function with fewer forms starts again from its first), the rest of the reference
    module as it is; as (module source, the forms it holds)."""
    assignment = course.get(name)
    by_function = {fn: [f for f in bank(name) if f.function == fn] for fn in assignment.functions}
    count = max((len(forms) for forms in by_function.values()), default=0)
    path = assignment.reference_module
    reference = strip_solutions(path.read_text(), str(path), keep_solution=True)
    tree = ast.parse(reference)
    lines = reference.splitlines()
    for node in reversed(tree.body):    # the graded functions go: the bank's take their place
        if isinstance(node, ast.FunctionDef) and node.name in assignment.functions:
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            del lines[start - 1:node.end_lineno]
    found = []
    for k in range(count):
        held = [forms[k % len(forms)] for forms in by_function.values() if forms]
        parts = ["\n".join(lines)] + [f"# -- {f.function}: {f.form} --\n{f.source}" for f in held]
        found.append(("\n\n".join(parts) + "\n", held))
    return found
