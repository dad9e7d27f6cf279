"""Run an assignment's public checks on the student's own functions, in the student's Python.

The public checks (``checks.py`` beside the notebook) are functions
``check_<function>_<what>(student)``; ``student.fn(...)`` calls the student's
``fn``. In the grade the same checks run against a sandboxed worker; here
``student`` is a :class:`LocalStudent` over a namespace (a notebook's
``globals()``, or the module ``check.py`` built). Failures read the same in
both places: a :class:`~pgcheck.assertions.Mismatch`'s text, or
:func:`~pgcheck.messages.error_text` for an exception of the student's code.
"""
from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from pathlib import Path

from .assertions import Mismatch
from .calls import CallResult, call_function
from .messages import Origin, error_text, stubbed_function

_OWN_FILES = (str(Path(__file__).resolve().parent),)


class _LocalFunction:
    """A plain function with the grader proxy's ``.grad`` / ``.echo``."""

    def __init__(self, fn):
        self._fn = fn
        self.__name__ = getattr(fn, "__name__", "function")

    def __call__(self, *args, **kwargs):
        return self._fn(*args, **kwargs)

    def grad(self, *args, wrt, output=None, grad_output=None, **kwargs) -> CallResult:
        reply = call_function(self._fn, args, kwargs,
                              grad={"wrt": list(wrt), "output": output, "grad_output": grad_output})
        return CallResult.of(reply)

    def echo(self, *args, **kwargs) -> CallResult:
        return CallResult.of(call_function(self._fn, args, kwargs, echo_args=True))


class MissingFunction(AttributeError):
    """The namespace defines no function of that name (yet)."""


class LocalStudent:
    """The student's functions from a namespace (a notebook's ``globals()``, a module's vars)."""

    def __init__(self, namespace: dict):
        self._namespace = namespace

    def __getattr__(self, name):
        if name.startswith("_") or not callable(self._namespace.get(name)):
            raise MissingFunction(f"missing function: {name} (no function of that name is "
                                  "defined yet)")
        return _LocalFunction(self._namespace[name])


def checks_of(function: str, checks_module) -> list:
    """(name, check) of the public checks of ``function``, in file order.

    ``check_grpo_loss_small`` belongs to ``grpo_loss``, not to a function
    ``grpo``: the longest function name that prefixes the check wins, which the
    caller settles by passing each function in turn (see :func:`owner`).
    """
    return [(n, f) for n, f in vars(checks_module).items()
            if n.startswith("check_") and callable(f) and owner(n, [function]) == function]


def owner(check_name: str, functions) -> str:
    """The function a check belongs to: the longest one its name starts with ('' if none)."""
    rest = check_name[len("check_"):]
    return next((f for f in sorted(functions, key=len, reverse=True) if rest.startswith(f)), "")


@dataclass
class FunctionReport:
    """The public checks of one function, run."""

    function: str
    passed: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)   # (check, feedback)
    not_implemented: NotImplementedError | None = None    # set when the function is a stub

    @property
    def ok(self) -> bool:
        return not self.failed and self.not_implemented is None

    def lines(self, indent: str = "") -> list[str]:
        """What the student reads: one line per check, or one line for a stub."""
        if self.not_implemented is not None:
            origin = raised_at(self.not_implemented)
            if stubbed_function(str(self.not_implemented)) or origin is None:
                return [f"{indent}not implemented: {self.function}"]
            return [indent + error_text("NotImplementedError", str(self.not_implemented),
                                        origin=origin)]
        out = [f"{indent}passed  {name}" for name in self.passed]
        for name, text in self.failed:
            first, *rest = text.splitlines() or [""]
            out.append(f"{indent}FAILED  {name}: {first}")
            out += [f"{indent}        {line}" for line in rest]
        return out


def _student_frames(exc: BaseException) -> list:
    return [f for f in traceback.extract_tb(exc.__traceback__)
            if not f.filename.startswith(_OWN_FILES) and not f.filename.endswith("checks.py")]


def raised_at(exc: BaseException) -> Origin | None:
    """The student's function and line that raised ``exc``."""
    frames = _student_frames(exc)
    return Origin.parse(frames[-1].name, frames[-1].lineno) if frames else None


def student_traceback(exc: BaseException) -> str:
    return "".join(traceback.format_list(_student_frames(exc)[-4:])).rstrip()


def run_function(function: str, namespace: dict, checks_module) -> FunctionReport:
    """Run every public check of ``function`` against the functions in ``namespace``."""
    selected = checks_of(function, checks_module)
    if not selected:
        raise ValueError(f"no public check for {function!r}")
    student = LocalStudent(namespace)
    report = FunctionReport(function)
    for name, check in selected:
        try:
            check(student)
        except NotImplementedError as exc:
            named = stubbed_function(str(exc))
            if named in ("", function):     # this function is a stub: one line says so
                report.not_implemented = exc
                return report
            report.failed.append((name, error_text("NotImplementedError", str(exc),
                                                   origin=raised_at(exc))))
        except Mismatch as exc:
            report.failed.append((name, str(exc)))
        except AssertionError as exc:
            report.failed.append((name, str(exc).strip() or "a check failed"))
        except MissingFunction as exc:
            report.failed.append((name, str(exc)))
        except Exception as exc:  # noqa: BLE001 - the student's code may raise anything
            report.failed.append((name, error_text(type(exc).__name__, str(exc),
                                                   student_traceback(exc))))
        else:
            report.passed.append(name)
    return report


def run_checks(function: str, namespace: dict, checks_module=None) -> None:
    """Run the public checks of ``function`` from a notebook: ``run_checks("fn", globals())``.

    Prints one line per check. A stub re-raises its own ``NotImplementedError``
    (naming the function); any failed check raises ``AssertionError``; so an
    nbgrader test cell fails exactly when a check does.
    """
    if checks_module is None:
        import checks as checks_module          # the assignment's checks.py, beside the notebook
    report = run_function(function, namespace, checks_module)
    print("\n".join(report.lines()))
    if report.not_implemented is not None:
        raise report.not_implemented
    if report.failed:
        raise AssertionError(f"{len(report.failed)} public check(s) of {function} failed")
