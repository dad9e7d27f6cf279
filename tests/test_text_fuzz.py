"""Generated student text through a whole grade (issue 34, point 5).

One Hypothesis test drives the same generated text (lone surrogates, control characters, bidi
overrides, formula starts, Rich markup, HTML) into every place a student writes text that the
grader keeps: the folder's name, the written answer, an answer cell's source and the string
it sets (a reply string of the worker). Each example grades the solution notebook so changed
beside a correct neighbour, has a TA score the written answer in ``manual.csv`` and runs
``autograde report``. Nothing may raise, the student keeps the marks of every function, the
neighbour keeps its grade, every file of the output folder parses back (JSON, CSV, HTML,
UTF-8), no page carries a tag a student wrote, and the console shows no raw control
character and the student's id as it is (no markup read).

Each example grades two notebooks, so there are few of them; the other tests of issue 34
generate names and strings by the hundred at the seams (``test_safe_ids.py``,
``test_surrogates.py``), and this one checks that the seams hold together.
"""
import csv
import io
import json
import os
import unicodedata
from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings, strategies as st

from autograder.authoring import course
from autograder.cli import main as autograde_main
from autograder.commands.console import UNSAFE, printable
from autograder.report.csvsafe import cell_text
from autograder.batch import manual
from conftest import ROOT
from pgcheck.messages import encodable

EX = course.example()      # the example has the notebook with written answers
SOLUTION = json.loads((ROOT / "solutions" / EX.name / f"{EX.name}.ipynb").read_text())
WRITTEN = EX.answers.written[0]
STEP1, STEP2 = EX.answers.steps[:2]

#: what an attacker types: the issue's cases, and what a spreadsheet, a terminal, a page or
#: Rich would read as something else than text
HOSTILE = ["\ud800", "\udfff", "\x1b[2J\x1b[H", "\x1b]0;owned\x07", "\x1b[8m", "\n", "\r",
           "\u202e", "\u2066", "\u0085", "\u2028", "\x00", "\x7f", "\t", " ", "=", "+", "-",
           "@", "'=", " ..", "[red]", "[/]", "[bold]x[/bold]", ":smile:", ",", '"', "\\",
           "<img src=x onerror=alert(1)>", "</textarea>", "&amp;", "{{ 7*7 }}", "mallory"]
texts = st.lists(st.one_of(st.sampled_from(HOSTILE),
                           st.text(st.characters(codec=None), max_size=4)),
                 min_size=1, max_size=5).map("".join)


def folder_name(text: str) -> str:
    """``text`` as a folder's name can hold it: its UTF-8 (a lone surrogate as CESU bytes, an
    undecodable name), no ``/`` or NUL, at most 120 bytes (cut anywhere: a broken sequence is
    a name too), never ``.``/``..``/empty itself (those are not folders one can make)."""
    raw = text.encode("utf-8", "surrogatepass").replace(b"/", b"_").replace(b"\0", b"_")
    name = os.fsdecode(raw[:120])
    return name if name not in ("", ".", "..") else f"x{name}"


def raw_cell(text: str) -> str:
    """The issue's answer cell, ``text`` written into it as it is: a quote or a newline in it
    is the student's syntax error, which stops the notebook loading (as it stops Run All)."""
    return f'{STEP1.names[0]} = "{text}"'


def compiles(source: str) -> bool:
    try:
        compile(encodable(source), "cell", "exec")     # as the grader reads it
    except (SyntaxError, ValueError):
        return False
    return True


def notebook(text: str) -> str:
    nb = json.loads(json.dumps(SOLUTION))
    sources = {WRITTEN.cell: text,
               STEP1.cell: raw_cell(text),                          # the cell
               STEP2.cell: "\n".join(f"{n} = {text!r}" for n in STEP2.names)}  # a reply string
    for cell in nb["cells"]:
        cell_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if cell_id in sources:
            cell["source"] = sources[cell_id]
    return json.dumps(nb)             # ensure_ascii: a lone surrogate spelt as JSON spells it


class Tags(HTMLParser):
    """Every start tag of a page, with its attributes' names."""

    def __init__(self):
        super().__init__()
        self.attributes: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.attributes |= {name for name, _ in attrs}


def parses_back(path) -> None:
    """One output file read back as its kind is read: strict UTF-8 for every text."""
    if path.suffix == ".png":
        return
    text = path.read_bytes().decode("utf-8")
    if path.suffix == ".json":
        json.loads(text)
    elif path.suffix == ".csv":
        assert list(csv.reader(io.StringIO(text, newline="")))
    elif path.suffix == ".html":
        tags = Tags()
        tags.feed(text)
        tags.close()
        assert "onerror" not in tags.attributes, path


def gradebook(out) -> dict[str, tuple[float, float]]:
    """``gradebook.csv`` as a spreadsheet reads it: student -> (score, max)."""
    with (out / "gradebook.csv").open(newline="", encoding="utf-8") as fh:
        return {cell_text(r["student"]): (float(r[EX.name]), float(r[f"{EX.name} (max)"]))
                for r in csv.DictReader(fh)}


def shown_raw(text: str) -> list[str]:
    return sorted({ascii(c) for c in text
                   if c != "\n" and unicodedata.category(c) in UNSAFE})


@pytest.mark.slow
@settings(max_examples=6, deadline=None, derandomize=True,
          phases=[Phase.explicit, Phase.generate],       # a failing example is shown unshrunk
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(texts)
@example("\ud800")                                       # the notebook
@example(" ..'=mallory \x1b[2J\x1b]0;t\x07\x1b[8m\n\u202e[red]<img src=x onerror=alert(1)>")
def test_generated_student_text_goes_through_a_whole_grade(tmp_path_factory, capsys, text):
    tmp = tmp_path_factory.mktemp("fuzz")
    klass, out = tmp / "class", tmp / "out"
    name = folder_name(text)
    for who, nb in ((name, notebook(text)), ("zz-neighbour", json.dumps(SOLUTION))):
        (klass / who).mkdir(parents=True)
        (klass / who / f"{EX.name}.ipynb").write_text(nb)
    capsys.readouterr()
    assert autograde_main(["grade", str(klass), "-a", EX.name, "-o", str(out), "--skip-slow",
                           "--jobs", "1"]) in (0, None)
    printed = capsys.readouterr()

    grades = gradebook(out)
    assert len(grades) == 2
    sid = next(i for i in grades if i != "zz-neighbour")
    score, neighbour = grades[sid], grades["zz-neighbour"]
    by_hand = sum(q.points for q in manual.questions(EX).values())
    assert neighbour == (neighbour[1] - by_hand, neighbour[1])
    if compiles(raw_cell(text)):             # every function keeps its marks
        assert score[0] >= neighbour[0] - STEP1.points - STEP2.points
    else:                                    # the student's syntax error, said as such
        said = (out / sid / "feedback.md").read_text(encoding="utf-8")
        assert "your code could not be loaded: your code raised SyntaxError" in said
    json.loads((out / sid / "results.json").read_text(encoding="utf-8"))
    assert shown_raw(printed.out + printed.err) == []
    assert printable(sid) in printed.out            # the id as it is: no markup read

    with (out / manual.MANUAL).open(newline="", encoding="utf-8") as fh:
        table = list(csv.reader(fh))
    header, body = table[0], table[1:]
    scored = [row for row in body if cell_text(row[0]) == sid]
    assert len(scored) == 1
    scored[0][header.index("points")] = str(WRITTEN.points)
    scored[0][header.index("comment")] = "seen"
    with (out / manual.MANUAL).open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(table)
    assert autograde_main(["report", str(out)]) in (0, None)
    printed = capsys.readouterr()
    assert shown_raw(printed.out + printed.err) == []
    assert gradebook(out)[sid][0] == score[0] + WRITTEN.points

    for path in out.rglob("*"):
        if path.is_file():
            parses_back(path)
