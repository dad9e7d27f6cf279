"""Stubs are found by parsing the code, and the module-or-notebook choice follows (issue 39).

:mod:`pgcheck.stubs` reads which graded functions a module or a notebook has written; a
comment, a string or dead code never makes a stub, and code that does not parse is said to.
:func:`pgcheck.discovery.read` grades the file with more functions written, the module on a
tie. The four combinations of a finished module (stub lines deleted, or kept as comments) with
a notebook that has zero or one function written, and a function written in the notebook only,
are read here; tests/test_bundles.py takes them through the shipped ``check.py`` and
``autograde grade``.
"""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.authoring import course
from pgcheck.discovery import read
from pgcheck.messages import stub_line
from pgcheck.stubs import CODE_BYTES, progress
from two_files import CASES, make, note

EX = course.example()
STUB = stub_line("f")
DOC = '    """Docstring."""\n'


def of(source: str, functions=("f",)):
    return progress("py", functions, source=source)


@pytest.mark.parametrize("body, stub", [
    (f"    {STUB}\n", True),                                     # as released
    (f"{DOC}    {STUB}\n", True),
    ("    raise NotImplementedError\n", True),                   # no message: still a stub
    ("    raise NotImplementedError()\n", True),
    (f"    x = 1\n    {STUB}\n", True),                          # code above, the stub still runs
    (f"    if x:\n        return 1\n    {STUB}\n", True),        # may fall through to it
    (f"    # {STUB}\n    return 2 * x\n", False),                # the stub line kept as a comment
    (f"{DOC}    # {STUB}\n    return 2 * x\n", False),
    (f"    return 2 * x\n    {STUB}\n", False),                  # dead code after a return
    (f"    if False:\n        {STUB}\n    return x\n", False),   # under a condition
    (f"    s = '{STUB}'\n    return x\n", False),                # a string
    ('    """raise NotImplementedError("f: not implemented yet")"""\n    return x\n', False),
    ('    raise NotImplementedError("g: not implemented yet")\n', False),   # names another
    ("    raise ValueError('f: not implemented yet')\n", False),
    ("    pass\n", False),                                      # written, if wrongly
])
def test_a_stub_is_the_release_raise_that_still_runs(body, stub):
    work = of(f"def f(x):\n{body}")
    assert (work.stubs, work.written) == ((("f",), ()) if stub else ((), ("f",))), work


def test_the_last_definition_counts_and_any_binding_defines():
    assert of(f"def f(x):\n    return x\ndef f(x):\n    {STUB}\n").stubs == ("f",)
    assert of(f"def f(x):\n    {STUB}\ndef f(x):\n    return x\n").written == ("f",)
    assert of(f"def f(x):\n    {STUB}\nclass F:\n    def __call__(self, x):\n        return x\n"
              "f = F()\n").written == ("f",)
    assert of(f"try:\n    from numpy import f\nexcept ImportError:\n    def f(x):\n        {STUB}\n"
              ).stubs == ("f",)
    assert of("def g(x):\n    return x\n", ("f", "g")).missing == ("f",)


@pytest.mark.parametrize("source, words", [
    ("def f(x):\n    return (x\n", "does not parse (line 2"),
    ("def f(x):\n    return " + "(" * 300 + "x" + ")" * 300 + "\n", "does not parse"),
    ("x = " + "-" * 100_000 + "1\n", "does not parse"),
    ("x = a" + ".a" * 60_000 + "\n", "does not parse"),
    ("# " + "x" * CODE_BYTES + "\n", f"over {CODE_BYTES >> 10} kB of code"),
])
def test_code_that_cannot_be_read_says_so(source, words):
    work = of(source)
    assert words in work.unreadable and not work.written and not work.stubs, work


def test_a_notebook_is_read_as_grading_builds_it():
    cells = [[0, "%matplotlib inline\nimport torch"], [2, f"def f(x):\n    {STUB}"],
             [3, "f(1)  # run it"], [5, "def f(x):\n    # " + STUB + "\n    return x"]]
    assert progress("ipynb", ["f"], cells=cells, filename="a.ipynb").written == ("f",)
    called = [[0, "class F:\n    def __call__(self, x):\n        return x\nf = F()"]]
    assert progress("ipynb", ["f"], cells=called, filename="a.ipynb").missing == ("f",)
    broken = [[0, "import torch"], [4, "def f(x:\n    return x"]]
    assert progress("ipynb", ["f"], cells=broken, filename="a.ipynb").unreadable.startswith(
        "does not parse (a.ipynb, cell 5, line 1")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300), st.sampled_from(["py", "ipynb"]))
def test_any_text_is_read_or_refused_never_an_exception(text, kind):
    work = progress(kind, ["f"], source=text, cells=[[0, text], [1, text]], filename="a.ipynb")
    assert bool(work.unreadable) or len(work.written + work.stubs + work.missing) == 1


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_the_release_module_cut_anywhere_is_read_or_refused(data):
    """Every prefix of the release module, and its lines shuffled, read without an exception."""
    source = (EX.release_dir / f"{EX.name}.py").read_text()
    cut = data.draw(st.integers(0, len(source)))
    lines = data.draw(st.permutations(source.splitlines()))
    for text in (source[:cut], "\n".join(lines)):
        progress("py", EX.functions, source=text)


# -- the choice ----------------------------------------------------------------------------------

@pytest.mark.parametrize("case", list(CASES))
def test_the_file_with_more_functions_written_is_graded(case, tmp_path):
    folder = make(tmp_path / "alice", EX, case)
    sub = read("alice", folder, EX.name, EX.functions, answers=bool(EX.answers))
    assert sub.kind == CASES[case][2], sub.note
    assert note(EX, case) in sub.note, sub.note


def test_a_module_that_does_not_parse_loses_the_choice_and_says_why(tmp_path):
    folder = make(tmp_path / "bob", EX, "stubs deleted, one function in the notebook")
    module = folder / f"{EX.name}.py"
    module.write_text(module.read_text() + "\ndef broken(:\n")
    sub = read("bob", folder, EX.name, EX.functions)
    assert sub.kind == "ipynb", sub.note
    assert f"{EX.name}.py does not parse (line" in sub.note, sub.note


def test_a_notebook_that_does_not_parse_loses_the_choice_and_says_why(tmp_path):
    folder = make(tmp_path / "carol", EX, "module untouched, one function in the notebook only")
    nb = json.loads((folder / f"{EX.name}.ipynb").read_text())
    nb["cells"].append({"cell_type": "code", "metadata": {}, "outputs": [],
                        "execution_count": None, "source": "def oops(:\n"})
    (folder / f"{EX.name}.ipynb").write_text(json.dumps(nb))
    sub = read("carol", folder, EX.name, EX.functions)
    assert sub.kind == "py" and f"{EX.name}.ipynb does not parse ({EX.name}.ipynb, cell" in sub.note
