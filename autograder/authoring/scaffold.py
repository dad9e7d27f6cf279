"""``autograde new NAME``: every file a new assignment needs, ready to be filled in.

Creates, and touches nothing else (the registry finds the assignment by its folder):

=====================================  ==============================================
file                                   what to do with it
=====================================  ==============================================
``solutions/NAME/NAME.py``             the reference: one example function, ``scale``,
                                       with a shape table, a doctest and a solution
                                       region; rename it, add the others
``solutions/NAME/assignment.toml``     the registry entry (title; every optional key
                                       is listed, commented out)
``solutions/NAME/NAME.ipynb``          the nbgrader source notebook: text, an import
                                       cell, the function cell (refreshed from the
                                       module by ``autograde release``), a check cell
``solutions/NAME/checks.py``           the public checks: the texts' worked examples
``solutions/NAME/README.md``           the student README (the set-up section is
                                       generated where the marker line is)
``autograder/hidden/NAME/test_NAME.py`` the hidden suite: ``compare`` against the
                                       reference, points by idea, a gated edge case
``autograder/hidden/NAME/mutants/``    the bank of known mistakes (one example)
``autograder/hidden/NAME/fuzz.py``      random calls from the contract's shapes (benchmark)
``tests/variants/NAME/``               correct solutions written differently (one)
``tests/fair/NAME/``                   the fairness bank: correct but unusual forms of
                                       each function (one), wrong forms its
                                       differential test must reject (one), and the
                                       docstrings' edge cases
``tests/mutants/NAME``                 a link to the bank, like every assignment's
=====================================  ==============================================

The walk-through is ``docs/adding-an-assignment.md``.
"""
from __future__ import annotations

import re
from pathlib import Path

import nbformat

from autograder.authoring.course import course_root, hidden_root

EXAMPLE = "scale"
#: the line of the reference an instructor replaces first
TODO_LINE = f'raise NotImplementedError("{EXAMPLE}: write the reference solution here")'

MODULE = '''"""{title}

Replace ``{fn}`` (the scaffold's example) with this assignment's functions. A graded
function is a top-level function whose body holds a solution region; the release turns
the region into a stub that names the function.
"""
import torch


def {fn}(x):
    """Twice the input (the scaffold's example).

    ========  ===========  ============================
    argument  shape/dtype  meaning
    ========  ===========  ============================
    ``x``     ``(T,)``     float32 or float64 values
    returns   ``(T,)``     ``2 * x``, same dtype
    ========  ===========  ============================

    >>> {fn}(torch.tensor([1.0, 2.5]))
    tensor([2., 5.])
    """
    ### BEGIN SOLUTION
    {todo}
    ### END SOLUTION
'''

TOML = '''# How this assignment is released and graded (the registry: read by autograder/authoring/course.py).
title = "{name}: {title}"

# [release]
# requirements = []            # what students install beyond torch, numpy and Jupyter
# include_solutions_of = []    # other assignments whose reference ships solved with this one

# [grading]
# provided_modules = []        # course modules (in this folder) the worker loads first
# warm_imports = []            # modules the fork server imports once, in advance

# [training]
# check = "my_check"           # autograder/hidden/{name}/my_check.py: an end-to-end training check
# doc = "docs/{name}.md"       # where `autograde calibrate {name} --write-docs` writes its table
# default_mutants = []         # mistakes calibrated by default
# seeds = [1, 2, 3]            # the grader's training seeds, tried in order (required with check)
# attempts = 3                 # at most this many seeds; one success passes (required with check)

# [limits]
# call_floor = 2.0             # seconds any call may take, however fast the reference
# call_factor = 1000.0         # a call may also take this many times the reference's time
# wall_budget = 180.0          # seconds all calls of one submission may take together

# [experiments]
# my_experiment = "experiment" # `autograde experiment my_experiment`: hidden/{name}/experiment.py

[points]
# What each idea (test group of autograder/hidden/{name}/) is worth, on every route: shared
# among its tests by their @points markers, each case counted (@both_dtypes: two cases).
# `autograde lint {name}` shows the shares and any idea missing here.
"values" = 4
"inputs unmodified" = 1
"float64 precision" = 1
'''

CHECKS = '''"""Public checks for `{name}`: the worked examples of the texts, shipped to students.

Run them with `python check.py`. The grade runs these too (worth 0 points there), plus the
hidden tests.
"""
import torch

from pgcheck import expect_close


def check_{fn}_example(student):
    """The worked example: (1, 2.5) -> (2, 5)."""
    expect_close(student.{fn}(torch.tensor([1.0, 2.5])), torch.tensor([2.0, 5.0]),
                 case="the worked example (1, 2.5)")


def check_{fn}_float64(student):
    """float64 in, float64 out, to float64's precision (the grade's float64 precision test)."""
    x = torch.tensor([0.1, 1.0 / 3.0], dtype=torch.float64)
    expect_close(student.{fn}(x), torch.tensor([0.2, 2.0 / 3.0], dtype=torch.float64),
                 precision=True, case="(0.1, 1/3) in float64")
'''

README = '''# {name}: {title}

Implement the functions below, either in `{name}.py` or in the notebook `{name}.ipynb`. Every
stub raises `NotImplementedError` naming its function until you replace it.

| function | what it returns |
|---|---|
| `{fn}(x)` | twice its input, same dtype |

<!-- generated: set-up -->

## How it is graded

* **Public checks** (visible to you): the worked examples in `checks.py`.
* **Hidden tests**: random inputs in both float dtypes, and inputs left unmodified.
<!-- generated: precision -->
'''

HIDDEN = '''"""Hidden suite for `{name}`: the reference on seeded random inputs, and the edge cases.

Ideas graded (test groups; partial credit and gradebook columns follow them): values,
inputs unmodified, float64 precision. ``PROMISES`` maps each promise of a graded function's
docstring to the tests that exercise it (tests/test_promises.py checks the map).
"""
import pytest
import torch

from autograder.engine.assertions import both_dtypes

points = pytest.mark.points

PROMISES = {{
    "{fn}": {{
        "``2 * x``, same dtype": ["test_random_values", "test_float64_precision"],
    }},
}}


@points(2, group="values")
@both_dtypes
def test_random_values(compare, dtype):
    """seeded random values, compared with the reference"""
    x = torch.randn(7, generator=torch.Generator().manual_seed(1), dtype=torch.float64).to(dtype)
    compare("{fn}", x, case=f"7 random values, {{dtype}}")


@points(1, group="inputs unmodified", gate="{fn}")
def test_input_unmodified(compare):
    """the input tensor is left as it was"""
    compare.unmodified("{fn}", torch.randn(5, dtype=torch.float64), case="5 random values")


@points(1, group="float64 precision", gate="{fn}")
def test_float64_precision(compare):
    """{fn} keeps float64's precision on float64 inputs (docs/contract.md, "Precision")"""
    x = torch.randn(9, generator=torch.Generator().manual_seed(2), dtype=torch.float64) / 3
    compare.precision("{fn}", x, case="9 random values, float64")
'''

FUZZ = '''"""Random calls of every graded function, drawn from the contract's shapes, for the mutation
benchmark (benchmarks/bench_mutation.py). ``wrt``: arguments whose gradients the contract
speaks of."""
import torch


def calls(g: torch.Generator, dtype: torch.dtype) -> list[tuple[str, tuple, dict, list]]:
    """(function, args, kwargs, wrt) of one random draw."""
    T = int(torch.randint(0, 12, (), generator=g))
    return [("{fn}", (torch.randn(T, generator=g, dtype=torch.float64).to(dtype),), {{}}, [])]
'''

MUTANT = '''"""Forgets the factor: returns the input itself."""
HINT = "the input came back unchanged: the factor 2 is missing"


def {fn}(x):
    return x
'''

VARIANT = '''"""A correct {fn} written as a loop (variants must keep full marks)."""
import torch


def {fn}(x):
    return torch.stack([value + value for value in x]) if len(x) else x.clone()
'''


FAIR_FORM = '''"""numpy inside (the fairness bank: a correct form that must keep full marks)."""
import torch


def {fn}(x):
    return torch.from_numpy(x.detach().numpy() * 2)
'''

FAIR_WRONG = '''"""Adds 2 where it should double (the differential test must reject it)."""


def {fn}(x):
    return x + 2
'''

FAIR_EDGES = '''"""The edge cases {fn}'s docstring speaks of, for the fairness bank's differential test
(tests/fairness.py): (function, args, kwargs, arguments whose gradients are compared)."""
import torch


def calls(dtype):
    return [("{fn}", (torch.zeros(0, dtype=dtype),), {{}}, []),
            ("{fn}", (torch.tensor([1.0, -2.5, 1e30], dtype=dtype),), {{}}, [])]
'''


def _notebook(name: str, title: str, fn: str) -> nbformat.NotebookNode:
    def meta(grade_id, *, locked=True, solution=False, grade=False, points=None):
        data = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": 3,
                "solution": solution, "task": False}
        if points is not None:
            data["points"] = points
        return {"nbgrader": data}

    module_fn = MODULE.format(title=title, fn=fn, todo=TODO_LINE).split("\n\n\n", 1)[1].strip()
    cells = [
        nbformat.v4.new_markdown_cell(f"# {title}\n\nWhat this assignment teaches, with the "
                                      "worked numbers of the course texts.",
                                      metadata=meta("intro")),
        nbformat.v4.new_code_cell("import torch\nfrom pgcheck import run_checks",
                                  metadata=meta("imports")),
        nbformat.v4.new_markdown_cell(f"## `{fn}`\n\nThe idea, the formula, a worked example.",
                                      metadata=meta(f"about-{fn}")),
        nbformat.v4.new_code_cell(module_fn, metadata=meta(f"impl-{fn}", locked=False,
                                                          solution=True)),
        # a check cell runs the public checks and is worth nothing: every route grades the
        # module and the answer cells alike (`autograde release --check` refuses grade cells)
        nbformat.v4.new_code_cell(f'run_checks("{fn}", globals())',
                                  metadata=meta(f"check-{fn}")),
    ]
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    return nb


def create(name: str, title: str = "a new assignment", root: Path | None = None) -> list[Path]:
    """Write the new assignment's files; return them. Refuses to overwrite anything."""
    if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise ValueError(f"{name!r}: use a lowercase Python identifier (letters, digits, _)")
    root = root or course_root()
    hidden = hidden_root(root) / name
    fmt = {"name": name, "title": title, "fn": EXAMPLE, "todo": TODO_LINE}
    files = {
        root / "solutions" / name / f"{name}.py": MODULE.format(**fmt),
        root / "solutions" / name / "assignment.toml": TOML.format(**fmt),
        root / "solutions" / name / "checks.py": CHECKS.format(**fmt),
        root / "solutions" / name / "README.md": README.format(**fmt),
        hidden / f"test_{name}.py": HIDDEN.format(**fmt),
        hidden / "mutants" / "forgets_the_factor.py": MUTANT.format(**fmt),
        hidden / "fuzz.py": FUZZ.format(**fmt),
        root / "tests" / "variants" / name / "loop" / f"{name}.py": VARIANT.format(**fmt),
        root / "tests" / "fair" / name / EXAMPLE / "numpy.py": FAIR_FORM.format(**fmt),
        root / "tests" / "fair" / name / "wrong" / EXAMPLE / "adds.py": FAIR_WRONG.format(**fmt),
        root / "tests" / "fair" / name / "edges.py": FAIR_EDGES.format(**fmt),
    }
    notebook = root / "solutions" / name / f"{name}.ipynb"
    link = root / "tests" / "mutants" / name
    taken = [p for p in [*files, notebook, link] if p.exists() or p.is_symlink()]
    if taken:
        raise FileExistsError(f"{name} exists already: {taken[0]}")
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    nbformat.write(_notebook(name, title, EXAMPLE), notebook)
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(Path("..", "..", "autograder", "hidden", name, "mutants")
                    if hidden.parent.parent.parent == root else hidden / "mutants")
    return [*files, notebook, link]
