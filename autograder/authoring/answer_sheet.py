"""The ``[answers]`` table of an ``assignment.toml``: the notebook's answer cells, typed.

An assignment whose notebook asks for numbers worked out by hand (``grpo``'s table
exercise) or for written answers declares them here; every route grades them from this
one declaration (the hidden suite, ``check.py``, the class page, ``OUT/manual.csv``)::

    [answers]
    idea = "table exercise"            # the steps' idea: a gradebook column, a class-page idea
    written_idea = "written answers"   # the written answers' idea (scored by a person)

    [[answers.steps]]                  # one per answer cell, in the order they run
    cell = "table-step1"               # the cell's nbgrader grade_id in NAME.ipynb
    title = "step 1, the rewards of A, B, C, D"
    names = ["step1_rewards"]          # the variables the cell must define
    points = 1

    [[answers.written]]                # one per markdown answer cell
    cell = "table-step4-why"
    title = "step 4, why the lone error is pushed down harder"
    points = 1

The reference values are the solution notebook's own answer cells. :func:`parse` checks
every key and type and raises :class:`SheetError` naming the file and the key
(``solutions/grpo/assignment.toml: answers.steps[2].points must be a positive number``).
"""
from __future__ import annotations

from pathlib import Path

from pgcheck.answers import Sheet, Step, Written

STEP_KEYS = {"cell": str, "title": str, "names": list, "points": (int, float)}
WRITTEN_KEYS = {"cell": str, "title": str, "points": (int, float)}


class SheetError(ValueError):
    """An ``[answers]`` table that is not what :func:`parse` expects: the file and the key."""


def parse(table, source: Path) -> Sheet:
    """The :class:`~pgcheck.answers.Sheet` of an ``[answers]`` table (``None`` or absent:
    an empty sheet) read from the file ``source``."""
    if table is None:
        return Sheet(idea="")

    def fail(key: str, what: str):
        raise SheetError(f"{source}: {key} {what}")

    if not isinstance(table, dict):
        fail("answers", "must be a table")
    unknown = sorted(set(table) - {"idea", "written_idea", "steps", "written"})
    if unknown:
        fail(f"answers.{unknown[0]}", "is not a key of [answers] (idea, written_idea, steps, "
                                      "written)")
    steps = [_entry(e, f"answers.steps[{i}]", STEP_KEYS, fail)
             for i, e in enumerate(_list(table.get("steps", []), "answers.steps", fail))]
    written = [_entry(e, f"answers.written[{i}]", WRITTEN_KEYS, fail)
               for i, e in enumerate(_list(table.get("written", []), "answers.written", fail))]
    for key, entries in (("idea", steps), ("written_idea", written)):
        if entries and not (isinstance(table.get(key), str) and table[key].strip()):
            fail(f"answers.{key}", "must name the idea those entries count under")
        if entries and ":" in table[key]:
            fail(f"answers.{key}", "may not hold ':' (it starts each test's name)")
    cells = [e["cell"] for e in steps + written]
    twice = sorted({c for c in cells if cells.count(c) > 1})
    if twice:
        fail("answers", f"names the cell {twice[0]!r} twice")
    for i, e in enumerate(steps):
        bad = [n for n in e["names"] if not (isinstance(n, str) and n.isidentifier())]
        if not e["names"] or bad:
            fail(f"answers.steps[{i}].names", "must be a non-empty list of Python identifiers")
    return Sheet(idea=table.get("idea", ""),
                 steps=tuple(Step(e["cell"], e["title"], tuple(e["names"]), float(e["points"]))
                             for e in steps),
                 written_idea=table.get("written_idea", ""),
                 written=tuple(Written(e["cell"], e["title"], float(e["points"]))
                               for e in written))


def _list(value, key, fail) -> list:
    if not isinstance(value, list):
        fail(key, "must be an array of tables ([[" + key + "]])")
    return value


def _entry(entry, key: str, keys: dict, fail) -> dict:
    if not isinstance(entry, dict):
        fail(key, "must be a table")
    for name in sorted(set(entry) - set(keys)):
        fail(f"{key}.{name}", f"is not a key of it ({', '.join(keys)})")
    for name, kind in keys.items():
        value = entry.get(name)
        if value is None:
            fail(f"{key}.{name}", "is missing")
        if not isinstance(value, kind) or isinstance(value, bool):
            fail(f"{key}.{name}", f"must be {'a number' if name == 'points' else 'a ' + kind.__name__}")
    if not entry["points"] > 0:
        fail(f"{key}.points", "must be a positive number")
    if not entry["cell"].strip() or not entry["title"].strip():
        fail(f"{key}.{'cell' if not entry['cell'].strip() else 'title'}", "may not be empty")
    return entry
