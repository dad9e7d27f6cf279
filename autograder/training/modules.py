"""Find an assignment's training check and experiments through the registry.

``solutions/<name>/assignment.toml`` names them::

    [training]
    check = "cartpole_check"          # autograder/hidden/<name>/cartpole_check.py
    doc = "docs/cartpole.md"          # where `autograde calibrate --write-docs` writes
    default_mutants = ["loss_sign"]   # calibrated when --mutants is not given

    [experiments]
    cartpole = "experiment"           # `autograde experiment cartpole`: hidden/<name>/experiment.py

Modules are loaded by path under a private name, like the reference solutions. So that a
function of theirs can run elsewhere (a cluster's worker, which has the same course), it
is named by where the registry puts it: :func:`locate` gives the (assignment, module) of a
loaded module's function and :func:`load` loads that module again, there.
"""
from __future__ import annotations

from types import ModuleType

from autograder.authoring.course import Assignment, assignments
from autograder.engine.plugin import load_module


def _private_name(assignment: Assignment, module: str) -> str:
    return f"_autograde_{assignment.name}_{module}"


def _load(assignment: Assignment, module: str) -> ModuleType:
    return load_module(assignment.hidden_dir / f"{module}.py", _private_name(assignment, module))


def load(assignment: str, module: str) -> ModuleType:
    """The training check or experiment ``module`` of the named assignment, loaded here."""
    return _load(assignments()[assignment], module)


def locate(function) -> tuple[str, str]:
    """(assignment, module) of a function of a training check or experiment module loaded
    here; ValueError for any other function."""
    for assignment in assignments().values():
        for module in [assignment.settings.training.check,
                       *(m for _, m in assignment.settings.experiments)]:
            if module and getattr(function, "__module__", None) == _private_name(assignment,
                                                                                  module):
                return assignment.name, module
    raise ValueError(f"{getattr(function, '__qualname__', function)!r} is not a function of a "
                     "training check or experiment of the course")


def check_module(assignment: Assignment) -> ModuleType | None:
    """The assignment's training-check module, or None."""
    name = assignment.settings.training.check
    return _load(assignment, name) if name else None


def with_checks() -> list[str]:
    """Names of the assignments that have a training check."""
    return [name for name, a in assignments().items() if a.settings.training.check]


def experiments() -> dict[str, tuple[Assignment, str]]:
    """Every experiment of the course: name -> (its assignment, module name)."""
    return {name: (assignment, module) for assignment in assignments().values()
            for name, module in assignment.settings.experiments}


def experiment_module(name: str) -> ModuleType:
    assignment, module = experiments()[name]
    return _load(assignment, module)
