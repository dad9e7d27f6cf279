"""``solutions/<name>/assignment.toml``, parsed once into typed, documented settings.

Every setting is declared once, below, as a field of a frozen dataclass: its type, its default
and (the docstring under it) what it does. :func:`parse` reads the file into :class:`Settings`
and refuses, with one message naming the file, the key and what was expected, anything else:

* a key that is not declared (a typo would otherwise be ignored without a word),
* a value of the wrong type (``provided_modules = "cartpole"`` where a list is expected),
* a file it names that is not there (a provided module, another assignment whose solution
  ships, a training check, an experiment, a mistake of the bank).

For example ``solutions/ppo/assignment.toml: grading.provided_modul is not a setting of
[grading] (expected one of: provided_modules, warm_imports)``. The registry
(:func:`autograder.authoring.course.assignments`) parses every assignment's file when the
course is first read, so ``grade``, ``release`` and ``release --check`` stop at the first
mistake, before any work. The ``[answers]`` table has its own parser
(:mod:`autograder.authoring.answer_sheet`), whose errors read the same way.
"""
from __future__ import annotations

import tomllib
import typing
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path

from pgcheck.answers import Sheet


class SettingsError(ValueError):
    """An ``assignment.toml`` that is not what :func:`parse` expects: the file, the key and
    what was expected, in one line."""


@dataclass(frozen=True)
class Release:
    """``[release]``: what the student release holds beyond the assignment's own files."""
    requirements: tuple[str, ...] = ()
    """What a student installs beyond torch, numpy and Jupyter (pip requirement strings,
    written to the release's ``requirements.txt``)."""
    include_solutions_of: tuple[str, ...] = ()
    """Other assignments whose reference module ships, solved, with this release (and is
    loaded in the worker before the submission)."""


@dataclass(frozen=True)
class Grading:
    """``[grading]``: what the worker holds besides the submission."""
    provided_modules: tuple[str, ...] = ()
    """Course modules (``solutions/<name>/<module>.py``) the worker loads before the
    submission, e.g. a training loop the student's functions plug into."""
    warm_imports: tuple[str, ...] = ()
    """Modules the worker fork server imports once, in advance, so each worker starts warm."""


@dataclass(frozen=True)
class Training:
    """``[training]``: the end-to-end check ``autograde calibrate`` measures."""
    check: str = ""
    """The check's module in the assignment's hidden folder (``autograder/hidden/<name>/``)."""
    doc: str = ""
    """The page (from the course root) whose table ``calibrate --write-docs`` rewrites."""
    default_mutants: tuple[str, ...] = ()
    """The known mistakes (``mutants/<name>.py`` of the hidden folder) calibrated when
    ``--mutants`` is not given."""
    seeds: tuple[int, ...] = ()
    """The grader's training seeds, tried in order (required with ``check``); the calibration
    never uses them."""
    attempts: int = 0
    """At most this many of ``seeds`` are tried; the submission passes as soon as one
    succeeds (required with ``check``: 1 to the number of seeds)."""


@dataclass(frozen=True)
class Limits:
    """``[limits]``: the time a submission's calls may take (unset: the sandbox's defaults,
    :class:`autograder.sandbox.confine.Limits`). The command line's ``--timeout``,
    ``--timeout-factor`` and ``--budget`` override them for one run."""
    call_floor: float | None = None
    """Seconds any call may take, however fast the reference is."""
    call_factor: float | None = None
    """A call may also take this many times what the reference took on the same input."""
    wall_budget: float | None = None
    """Seconds all calls of one submission may take together."""

    def applied(self, limits):
        """``limits`` (a sandbox ``Limits``) with the values set here."""
        from dataclasses import replace

        return replace(limits, **{f.name: getattr(self, f.name) for f in fields(self)
                                  if getattr(self, f.name) is not None})


@dataclass(frozen=True)
class Similarity:
    """``[similarity]``: how ``autograde similarity`` flags pairs."""
    threshold: float | None = None
    """The share of canonical code two submissions may have in common before they are
    flagged (None: the command's default)."""


@dataclass(frozen=True)
class Tests:
    """``[tests]``: the project's own tests."""
    engine_example: bool = False
    """This is the assignment the engine's tests grade (exactly one sets it)."""


@dataclass(frozen=True)
class Settings:
    """One assignment's ``assignment.toml``."""
    title: str = ""
    """The assignment's title, as the release and the pages show it."""
    release: Release = Release()
    grading: Grading = Grading()
    training: Training = Training()
    experiments: tuple[tuple[str, str], ...] = ()
    """``[experiments]``: ``name = "module"``: ``autograde experiment NAME`` runs that module
    of the hidden folder."""
    similarity: Similarity = Similarity()
    tests: Tests = Tests()
    points: tuple[tuple[str, float], ...] = ()
    """``[points]``: ``"idea" = points``: what each idea (test group) of the hidden suite is
    worth in all. A grade shares an idea's points among its tests in proportion to their
    ``@points`` markers, counting each case of a parametrised test (``@both_dtypes``: two),
    so the total here is what the idea is worth on every route. Every idea of the hidden
    suite is declared here (``autograde lint`` says which is not); the answer cells'
    points are in ``[answers]``."""
    limits: Limits = Limits()
    answers: Sheet = Sheet(idea="")
    """``[answers]``: the notebook's answer cells (:mod:`autograder.authoring.answer_sheet`)."""


def parse(path: Path, hidden: Path) -> Settings:
    """The settings in ``path`` (an absent file: the defaults); ``hidden``: the assignment's
    hidden folder, where the modules named in ``[training]`` and ``[experiments]`` live.
    Raises :class:`SettingsError`."""
    from autograder.authoring import answer_sheet

    if not path.is_file():
        return Settings()
    try:
        table = tomllib.loads(path.read_text())
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise SettingsError(f"{path}: not a TOML file this grader can read ({exc})") from None
    answers = table.pop("answers", None)
    try:
        sheet = answer_sheet.parse(answers, path)
    except answer_sheet.SheetError as exc:
        raise SettingsError(str(exc)) from None
    settings = Settings(**_table(Settings, table, "", path), answers=sheet)
    _check_files(settings, path, hidden)
    return settings


def _table(cls, table, where: str, path: Path) -> dict:
    """The fields of ``cls`` found in ``table`` (the TOML table at ``where``), each checked."""
    names = [f.name for f in fields(cls) if f.name != "answers"]
    if not isinstance(table, dict):
        raise SettingsError(f"{path}: {where.rstrip('.')} must be a table")
    for key in table:
        if key not in names:
            section = f"[{where.rstrip('.')}]" if where else "the file's top level"
            raise SettingsError(f"{path}: {where}{key} is not a setting of {section} "
                                f"(expected one of: {', '.join(names)})")
    hints = typing.get_type_hints(cls)
    return {name: _value(hints[name], table[name], f"{where}{name}", path)
            for name in names if name in table}


#: each declared type of a setting: whether a TOML value is one, what the message says is
#: expected, and the value kept
_KINDS = {
    str: (lambda v: isinstance(v, str), "a string", lambda v: v),
    bool: (lambda v: isinstance(v, bool), "true or false", lambda v: v),
    int: (lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number", int),
    tuple[int, ...]: (lambda v: isinstance(v, list)
                      and all(isinstance(n, int) and not isinstance(n, bool) for n in v),
                      "a list of whole numbers", tuple),
    tuple[tuple[str, float], ...]: (
        lambda v: isinstance(v, dict) and all(isinstance(n, (int, float))
                                              and not isinstance(n, bool) and n >= 0
                                              for n in v.values()),
        'a table of "idea" = points (numbers, 0 or more)',
        lambda v: tuple((k, float(n)) for k, n in v.items())),
    float | None: (lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
                   "a number", float),
    tuple[str, ...]: (lambda v: isinstance(v, list) and all(isinstance(s, str) for s in v),
                      "a list of strings", tuple),
    tuple[tuple[str, str], ...]: (
        lambda v: isinstance(v, dict) and all(isinstance(s, str) for s in v.values()),
        'a table of name = "module"', lambda v: tuple(v.items())),
}


def _value(kind, value, key: str, path: Path):
    """``value`` as the declared ``kind``, or a SettingsError that says what was expected."""
    if is_dataclass(kind):
        return kind(**_table(kind, value, f"{key}.", path))
    if kind not in _KINDS:
        raise TypeError(f"no parser for settings of type {kind}")      # a declaration above
    fits, expected, kept = _KINDS[kind]
    if not fits(value):
        raise SettingsError(f"{path}: {key} must be {expected}, not {value!r}")
    return kept(value)


def _check_files(settings: Settings, path: Path, hidden: Path) -> None:
    """Every file a setting names is there, and the threshold is a share."""
    folder, solutions = path.parent, path.parent.parent
    named = [("grading.provided_modules", folder / f"{m}.py")
             for m in settings.grading.provided_modules]
    named += [("release.include_solutions_of", solutions / other / f"{other}.py")
              for other in settings.release.include_solutions_of]
    named += [("training.check", hidden / f"{settings.training.check}.py")] \
        if settings.training.check else []
    named += [("training.default_mutants", hidden / "mutants" / f"{m}.py")
              for m in settings.training.default_mutants]
    named += [(f"experiments.{name}", hidden / f"{module}.py")
              for name, module in settings.experiments]
    threshold = settings.similarity.threshold
    if threshold is not None and not 0 < threshold <= 1:
        raise SettingsError(f"{path}: similarity.threshold must be a number in (0, 1], "
                            f"not {threshold!r}")
    for f in fields(settings.limits):
        value = getattr(settings.limits, f.name)
        if value is not None and value <= 0:
            raise SettingsError(f"{path}: limits.{f.name} must be a number above 0 (seconds "
                                f"or a factor), not {value!r}")
    for key, file in named:
        if not file.is_file():
            raise SettingsError(f"{path}: {key} names {file.name}, expected a file at {file}, "
                                "which is not there")
    _check_training(settings.training, path)


def _check_training(training: Training, path: Path) -> None:
    """A training check has its seeds and how many of them are tried."""
    if not training.check:
        return
    if not training.seeds or len(set(training.seeds)) != len(training.seeds):
        raise SettingsError(f"{path}: training.seeds must be a list of distinct whole numbers "
                            f"(the grader's seeds, tried in order), not {list(training.seeds)!r}")
    if not 1 <= training.attempts <= len(training.seeds):
        raise SettingsError(f"{path}: training.attempts must be a whole number from 1 to "
                            f"{len(training.seeds)} (the number of training.seeds), "
                            f"not {training.attempts!r}")


def declared(cls=Settings, where: str = "") -> list[str]:
    """The key of every setting in the file (``grading.provided_modules``), in the order
    declared."""
    keys = []
    for f in fields(cls):
        kind = typing.get_type_hints(cls)[f.name]
        if is_dataclass(kind) and kind is not Sheet:
            keys += declared(kind, f"{where}{f.name}.")
        else:
            keys.append(f"{where}{f.name}")
    return keys



#: the lines around the table of every setting in the guide (docs/adding-an-assignment.md):
#: ``autograde release`` writes it from the declarations above, ``release --check`` compares
TABLE_START, TABLE_END = "<!-- settings:start -->", "<!-- settings:end -->"


def table() -> str:
    """A markdown table of every key: its TOML name, what a value must be, its default and
    what it does (the docstrings above)."""
    import ast
    import inspect
    import re

    docs: dict[str, str] = {}
    for cls in (n for n in ast.parse(inspect.getsource(inspect.getmodule(Settings))).body
                if isinstance(n, ast.ClassDef)):
        for node, after in zip(cls.body, cls.body[1:] + [None]):
            if isinstance(node, ast.AnnAssign) and isinstance(after, ast.Expr) \
                    and isinstance(after.value, ast.Constant):
                docs[f"{cls.name}.{node.target.id}"] = after.value.value
    rows = ["| key | a value is | default | what it does |", "|---|---|---|---|"]

    def walk(cls, where: str) -> None:
        hints = typing.get_type_hints(cls)
        for f in fields(cls):
            kind = hints[f.name]
            if is_dataclass(kind) and kind is not Sheet:
                walk(kind, f"{where}{f.name}.")
                continue
            key = f"{where}{f.name}"
            table_, _, name = key.rpartition(".")
            shown = f"`[{table_}] {name}`" if table_ else f"`[{key}]`" \
                if key in ("experiments", "points", "answers") else f"`{key}`"
            expected = _KINDS[kind][1] if kind in _KINDS else \
                "a table (autograder/authoring/answer_sheet.py)"
            default = "empty" if kind is Sheet or key in ("experiments", "points") \
                else _toml(f.default)
            text = " ".join(docs.get(f"{cls.__name__}.{f.name}", "").split())
            text = re.sub(r"(?::\w+:)?``?([^`]+)``?", r"`\1`", text).replace("|", "&#124;")
            rows.append(f"| {shown} | {expected} | {default} | {text} |")

    walk(Settings, "")
    return "\n".join(rows)


def _toml(value) -> str:
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, tuple):
        return f"`{list(value)}`"
    return f"`{value!r}`" if not isinstance(value, str) else f'`"{value}"`'


def with_table(guide: str) -> str:
    """``guide`` with its table of settings (between :data:`TABLE_START` and
    :data:`TABLE_END`) as :func:`table` writes it."""
    start, end = guide.index(TABLE_START), guide.index(TABLE_END)
    return guide[:start + len(TABLE_START)] + "\n" + table() + "\n" + guide[end:]
