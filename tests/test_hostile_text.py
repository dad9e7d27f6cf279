"""Hostile text, graded by the real grader and opened in a real browser (issue 22, points 4 and 5).

A class of the engine's example assignment is graded with ``autograde grade`` (and compared
with ``autograde similarity``), as a TA would. Its students put markup everywhere they can:

* ``hostile`` (its folder's name is markup too) prints markup at import, raises it as an
  exception message, returns an object whose ``repr`` is markup, and puts the grading
  machine's paths (``torch.__file__``, ``sys.prefix``, ``sys.path``) in its messages;
* ``copycat`` hands in the same file, so the class page shows their matched regions;
* ``notebook`` hands in the released notebook with markup in its metadata, in a markdown
  cell, in a cell's metadata and tags, and two imports the grader cannot satisfy;
* ``named`` is a single file whose name is markup (graded 0: not the assignment's file);
* ``=HYPERLINK(...)`` is a folder whose name a spreadsheet would run as a formula;
* ``reference`` is the correct neighbour.

The payloads try to close code fences (```` ``` ````), ``<pre>`` and ``<code>``, add
``<script>``, ``<img onerror>``, ``<title>``, ``javascript:`` and markdown links and images;
each would set ``document.title`` and ``window.pwned`` if it ran. Every feedback.html and the
class page are opened in headless Chromium with the page's Content-Security-Policy bypassed
(so escaping alone is under test): no element the payloads would create exists, no script
ran, the title is the page's own. Then the policy alone is tested: a copy of a page with a
script and an ``onerror`` handler inserted raw runs neither. Last, every feedback file is
searched for the machine's absolute paths (course, venv, Python, output and class folders),
and every CSV for a cell a spreadsheet would read as a formula.
"""
import csv
import json
import os
import site
import sys
import warnings
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest
from markdown_it import MarkdownIt

import chromium
from autograder.authoring import course
from autograder.engine import discover
from autograder.report.feedback import CSP
from conftest import ROOT, autograde, inject, lost, make_submission

pytestmark = pytest.mark.slow       # a class graded with the CLI, then a browser: about 30 s

EX = course.example()
FIRST, LAST = EX.functions[0], EX.functions[-1]
RAN = "document.title='pwned';window.pwned=1"
PAYLOAD = ("```\n</code></pre></p><script>" + RAN + "</script>"
           "<img src=x onerror=\"" + RAN + "\"><title>pwned</title>"
           "[click](javascript:" + RAN + ") ![img](x.png) <a href='javascript:" + RAN + "'>a</a>"
           "\n<!-- </sub> -->~~~\n# heading\n- item")
FOLDER = "<img src=x onerror=window.pwned=1> <title>t [l](javascript:window.pwned=1) ```"
FILE_NAME = "<img src=x onerror=window.pwned=1>.py"
FORMULA = '=HYPERLINK("x","click")'
#: the id that folder is graded under (issue 34: a formula start is renamed, never quoted)
FORMULA_ID = discover.safe_id(FORMULA)[0]
#: each JavaScript expression counts what an injection would leave in the page
INJECTED = {
    "script": "document.scripts.length",
    "image not inlined": "[...document.images].filter(i => !i.src.startsWith('data:')).length",
    "javascript: link": "[...document.querySelectorAll('a')].filter(a => a.protocol === "
                        "'javascript:').length",
    "second title": "document.querySelectorAll('title').length - 1",
    "event handler": "[...document.querySelectorAll('*')].filter(e => [...e.attributes].some("
                     "a => a.name.startsWith('on'))).length",
    "script ran": "window.pwned === undefined ? 0 : 1",
}


def hostile_module() -> str:
    source = EX.reference_module.read_text()
    source = inject(source, FIRST, "import torch as _t, os as _os\n"
                                   f"raise ValueError({PAYLOAD!r} + _t.__file__ + _os.__file__)")
    source = inject(source, LAST, "class _Shown:\n"
                                  f"    def __repr__(self):\n        return {PAYLOAD!r}\n"
                                  "return _Shown()")
    return (f"import sys as _sys\nprint({PAYLOAD!r})\n"
            "print(_sys.prefix, _sys.executable, _sys.path, file=_sys.stderr)\n" + source)


def hostile_notebook(note_cell: int) -> str:
    nb = nbformat.read(EX.release_dir / f"{EX.name}.ipynb", as_version=4)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": PAYLOAD, "language": PAYLOAD}
    nb.metadata["title"] = PAYLOAD
    nb.cells.insert(note_cell, {"cell_type": "code", "execution_count": None, "outputs": [],
                                "id": "hostile", "metadata": {"name": PAYLOAD, "tags": [PAYLOAD]},
                                "source": "import nosuch_module_for_the_note\n"
                                          "from torch import nosuch_name"})
    nb.cells.insert(0, {"cell_type": "markdown", "id": "md", "metadata": {}, "source": PAYLOAD})
    return json.dumps(nb)       # as it is: nbformat would refuse the metadata


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("hostile-text")
    klass, out = tmp / "class", tmp / "out"
    make_submission(klass / FOLDER, EX.name, hostile_module())
    make_submission(klass / "copycat", EX.name, hostile_module())
    make_submission(klass / "reference", EX.name, EX.reference_module.read_text())
    make_submission(klass / FORMULA, EX.name, EX.reference_module.read_text())
    (klass / "notebook").mkdir()
    (klass / "notebook" / f"{EX.name}.ipynb").write_text(hostile_notebook(note_cell=3))
    (tmp / "named").mkdir()
    named = tmp / "named" / FILE_NAME
    named.write_text(EX.reference_module.read_text())
    proc = autograde("grade", klass, named, "-a", EX.name, "--out", out, "--skip-slow", "--json")
    results = {r["submission"]: r for r in json.loads(proc.stdout)}
    autograde("similarity", out, "-a", EX.name)
    return {"tmp": tmp, "klass": klass, "out": out, "results": results}


def test_the_class_was_graded_as_expected(graded):
    results = graded["results"]
    assert set(results) == {FOLDER, "copycat", "reference", "notebook", "named", FORMULA_ID}
    assert results["reference"]["max_score"] > 0 and not lost(results["reference"])
    assert results[FOLDER]["score"] < results[FOLDER]["max_score"]
    similarity = json.loads((graded["out"] / "_report" / f"{EX.name}-similarity.json").read_text())
    assert {frozenset((p["a"], p["b"])) for p in similarity["pairs"]} >= {
        frozenset((FOLDER, "copycat"))}


def browser_or_skip():
    executable = chromium.find()
    if executable is None:
        message = ("NO CHROMIUM: feedback.html and the class page were NOT opened in a browser; "
                   "escaping is still checked by tests/test_markup.py. Install the system "
                   "package (apt-get install chromium); .ci/run does.")
        if os.environ.get("CI"):
            pytest.fail(message)
        warnings.warn(message)
        pytest.skip(message)
    return chromium.Browser(executable)


def pages(graded) -> dict[Path, str]:
    """Every page a TA or student opens, with the title it must keep."""
    out = graded["out"]
    found = {out / sid / "feedback.html": f"{EX.name}: {sid}" for sid in graded["results"]}
    found[out / "_report" / f"{EX.name}.html"] = f"{EX.name}: the class at a glance"
    return found


def test_no_payload_becomes_an_element_in_chromium(graded, tmp_path):
    with browser_or_skip() as browser:
        browser.send("Page.setBypassCSP", {"enabled": True}, session=True)
        for path, title in pages(graded).items():
            browser.open(path.as_uri())
            counts = {what: browser.evaluate(js) for what, js in INJECTED.items()}
            assert counts == dict.fromkeys(INJECTED, 0), path
            assert browser.evaluate("document.title") == title, path
            text = browser.evaluate("document.body.innerText")
            assert FOLDER in text or path.parent.name != "_report"          # shown, as text
            assert "<script>document.title='pwned'" in text or FOLDER not in path.parts
        regions = browser.evaluate(
            "[...document.querySelectorAll('#similar-pairs pre.code')].map(p => "
            "[p.querySelectorAll('mark').length, p.querySelectorAll('*').length, p.textContent])")
        assert regions and all(marks and marks == elements for marks, elements, _ in regions)
        assert any("</code></pre></p><script>" in code for _, _, code in regions)


def test_the_policy_alone_stops_injected_script(graded, tmp_path):
    """The pages' Content-Security-Policy, with no escaping to help: raw script and a raw
    event handler inserted in a copy of each page run neither."""
    with browser_or_skip() as browser:
        for path, title in pages(graded).items():
            html = path.read_text()
            assert html.count("Content-Security-Policy") == 1
            assert html.index("Content-Security-Policy") < html.index("<title>")
            probe = tmp_path / f"probe-{path.parent.name}.html"
            probe.write_text(html.replace("<body>", f"<body><script>{RAN}</script>"
                                                    f"<img src=x onerror=\"{RAN}\">", 1))
            browser.open(probe.as_uri())
            assert browser.evaluate("document.title") == title
            assert browser.evaluate(INJECTED["script ran"]) == 0
            assert browser.evaluate("document.querySelector("
                                    "'meta[http-equiv=Content-Security-Policy]').content") == CSP


class Tags(HTMLParser):
    def __init__(self, text):
        super().__init__()
        self.found = set()
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.found.add(tag if tag != "img" else f"img {dict(attrs).get('src')}")


def test_feedback_md_stays_text_in_a_markdown_viewer(graded):
    commonmark = MarkdownIt("commonmark")       # raw HTML on, as GitHub and Jupyter render it
    ours = {"h1", "h2", "h3", "p", "strong", "code", "pre", "ul", "li", "sub"}
    for sid in graded["results"]:
        text = (graded["out"] / sid / "feedback.md").read_text()
        assert Tags(commonmark.render(text)).found <= ours, sid


def machine_paths(graded) -> list[str]:
    """The absolute paths of this grading machine and class that no student may see."""
    paths = {str(ROOT), sys.prefix, sys.base_prefix, sys.exec_prefix, str(Path.home()),
             str(graded["out"]), str(graded["klass"]), str(graded["tmp"]),
             *site.getsitepackages(), os.path.dirname(os.__file__)}
    return sorted(p for p in paths if len(p) > 4)


def test_no_feedback_names_a_path_of_the_grading_machine(graded):
    forbidden = machine_paths(graded)
    for folder in (graded["out"] / sid for sid in graded["results"]):
        for name in ("feedback.md", "feedback.html", "results.json"):
            text = (folder / name).read_text()
            if name == "results.json":
                text = json.dumps(json.loads(text), ensure_ascii=False)
            leaked = [p for p in forbidden if p in text]
            assert not leaked, f"{folder.name}/{name} names {leaked}"
    # the hostile student's messages did carry them: here they are, as neutral words
    hostile = (graded["out"] / FOLDER / "feedback.md").read_text()
    assert "<site-packages>/torch/__init__.py" in hostile and "<stdlib>/os.py" in hostile
    assert "<python>" in hostile


def test_notebook_notes_use_the_students_cell_numbers(graded):
    text = (graded["out"] / "notebook" / "feedback.md").read_text()
    # cell 3 of the release became cell 5 of the student's notebook (a markdown cell was
    # added at the top); counting from 1, as the student scrolls
    assert (f"{EX.name}.ipynb, cell 5, line 1: `import nosuch_module_for_the_note` skipped "
            "(no module named 'nosuch_module_for_the_note' here)") in text
    assert (f"{EX.name}.ipynb, cell 5, line 2: `from torch import nosuch_name` skipped "
            "(cannot import name 'nosuch_name' from 'torch')") in text
    assert "pgcheck" not in text        # the release's own import of the checks: no note


def test_no_csv_cell_starts_a_formula(graded):
    from autograder.report.csvsafe import FORMULA_START

    tables = [graded["out"] / "gradebook.csv", *sorted((graded["out"] / "_report").glob("*.csv"))]
    students = set()
    for table in tables:
        rows = list(csv.reader(table.open(newline="")))
        assert not [cell for row in rows for cell in row if cell[:1] in FORMULA_START], table
        students |= {cell for row in rows for cell in row}
    assert FORMULA_ID in students and FORMULA_ID[:1] not in FORMULA_START   # there, as text
