"""One registry of assignments (``solutions/<name>/`` and its ``assignment.toml``): no engine or
test code names an assignment outside it.

Allowed: per-assignment folders (``autograder/hidden/<name>/``, ``tests/variants/<name>/``,
``tests/assignments/<name>/``), docstrings and comments. Everything else takes names from
``autograder.authoring.course`` (``assignments()``, ``get()``, ``example()``).
"""
import ast
import io
import re
import tokenize
from pathlib import Path

from autograder.authoring import course
from conftest import ROOT

NAMES = sorted(course.assignments())


def docstring_lines(tree) -> set[int]:
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                lines |= set(range(body[0].lineno, body[0].end_lineno + 1))
    return lines


def named_assignments(source: str) -> list[tuple[int, str]]:
    """(line, token) of every string literal or identifier naming an assignment, outside
    docstrings and comments."""
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, NAMES)) + r")(?![\w-])")
    skip = docstring_lines(ast.parse(source))
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in (tokenize.STRING, tokenize.NAME) and tok.start[0] not in skip:
            if tok.type == tokenize.NAME and tok.string not in NAMES:
                continue
            if pattern.search(tok.string):
                found.append((tok.start[0], tok.string[:60]))
    return found


#: tests whose fixtures are worked examples written for named assignments, each said why: the
#: LMS walkthrough's course (docs/lms.md names its five columns and their points), the LMS's
#: downloads and gradebook exports as Canvas and Moodle write them for one named assignment
#: (their file names and column headers hold its name), the trainer swaps of the assignments
#: whose training checks they forge, and the forgery bank's honest twins (each a named
#: assignment's function, forged where its verdict is observed)
NAMED_EXAMPLES = {"tests/test_lms.py", "tests/test_collect.py", "tests/test_forgeries.py",
                  "tests/test_forgery_bank.py"}


def scoped(path: Path) -> bool:
    """Inside a per-assignment folder, or a named example of :data:`NAMED_EXAMPLES`."""
    relative = path.relative_to(ROOT)
    return any(part in NAMES for part in relative.parts[:-1]) or str(relative) in NAMED_EXAMPLES


def test_no_assignment_is_named_outside_the_registry():
    files = sorted(ROOT.glob("autograder/**/*.py")) + sorted(ROOT.glob("tests/**/*.py"))
    offenders = {str(p.relative_to(ROOT)): named_assignments(p.read_text())
                 for p in files if not scoped(p)}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_scan_finds_a_hand_kept_list():
    planted = f'"""Docstrings may say {NAMES[0]}."""\n# so may comments: {NAMES[0]}\n' \
              f'ASSIGNMENTS = [{NAMES[0]!r}, "other"]\nx = course.get("{NAMES[-1]}")\n'
    assert [line for line, _ in named_assignments(planted)] == [3, 4]


def test_every_assignment_has_its_registry_entry():
    for name, assignment in course.assignments().items():
        assert (assignment.source_dir / "assignment.toml").is_file(), name
        assert assignment.settings.title, f"{name}: assignment.toml needs a title"
    assert course.example().name in NAMES
