"""Every promise a graded function's docstring makes is exercised by a hidden case.

Each hidden suite keeps ``PROMISES``: for each graded function, phrases quoted from its
docstring (the promise), each with the hidden tests that exercise it. Checked here, without
running anything: every graded function has promises, every phrase is in that function's
docstring, and every test named exists and compares that very function (``compare("fn", ...)``,
``compare.grad``, ``compare.precision`` or ``compare.unmodified``)."""
import ast
import re

import pytest

from autograder.authoring import course

NAMES = sorted(course.assignments())


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _suite(name):
    """(PROMISES, {test name: functions it compares}) of an assignment's hidden suites."""
    promises, compared = {}, {}
    for path in sorted(course.get(name).hidden_dir.glob("test_*.py")):
        tree = ast.parse(path.read_text())
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "PROMISES"
                                                    for t in node.targets):
                promises.update(ast.literal_eval(node.value))
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                compared[node.name] = {
                    call.args[0].value for call in ast.walk(node)
                    if isinstance(call, ast.Call) and call.args
                    and isinstance(call.args[0], ast.Constant)
                    and (getattr(call.func, "id", "") == "compare"
                         or getattr(getattr(call.func, "value", None), "id", "") == "compare")}
    return promises, compared


def _docstrings(name) -> dict[str, str]:
    tree = ast.parse(course.get(name).reference_module.read_text())
    return {n.name: _flat(ast.get_docstring(n) or "") for n in tree.body
            if isinstance(n, ast.FunctionDef)}


def problems(promises: dict, compared: dict, docs: dict, functions) -> list[str]:
    """What is wrong with a suite's PROMISES (empty: every promise has a case)."""
    found = [f"no promises for {fn}" for fn in functions if not promises.get(fn)]
    for fn, listed in promises.items():
        for phrase, tests in listed.items():
            if _flat(phrase) not in docs.get(fn, ""):
                found.append(f"{fn}: {phrase!r} is not in its docstring")
            if not tests:
                found.append(f"{fn}: {phrase!r} names no test")
            for test in tests:
                if test not in compared:
                    found.append(f"{fn}: {phrase!r} names {test}, which is not a hidden test")
                elif fn not in compared[test]:
                    found.append(f"{fn}: {phrase!r} names {test}, which never compares {fn}")
    return found


@pytest.mark.parametrize("name", NAMES)
def test_every_docstring_promise_has_a_hidden_case(name):
    promises, compared = _suite(name)
    functions = course.get(name).functions
    assert set(promises) == set(functions), f"{name}: PROMISES covers {sorted(promises)}"
    found = problems(promises, compared, _docstrings(name), functions)
    assert not found, "\n".join(found)


def test_the_check_catches_what_is_missing():
    """The check can fail: a function without promises, a phrase no docstring holds, a test
    that does not exist, one that compares another function."""
    docs = {"f": "Returns x twice.", "g": "Anything."}
    compared = {"test_f": {"f"}, "test_g": {"g"}}
    promises = {"f": {"Returns x twice": ["test_f"], "never raises": ["test_f"],
                      "x": ["test_none", "test_g"]}}
    found = problems(promises, compared, docs, ["f", "g"])
    assert found == ["no promises for g", "f: 'never raises' is not in its docstring",
                     "f: 'x' names test_none, which is not a hidden test",
                     "f: 'x' names test_g, which never compares f"]
