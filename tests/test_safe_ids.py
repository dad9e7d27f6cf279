"""Ids that are safe and read back (issue 34, point 3).

A folder name with control characters, bidi overrides, spaces at its ends or a formula start
is graded under a safe id (:func:`autograder.engine.discover.safe_id`), listed as renamed;
``manual.csv``'s reader is the inverse of its writer for every id; the console escapes what a
student controls. The end-to-end check grades such a class twice into one output folder
and runs ``autograde report`` on it.
"""
import csv
import unicodedata

from hypothesis import given, settings, strategies as st

from autograder.authoring import course
from autograder.commands.console import printable
from autograder.engine.discover import UNSAFE_CATEGORIES, safe_id
from autograder.report.csvsafe import FORMULA_START, cell_text, safe_cell, write_csv
from autograder.batch import manual
from conftest import ROOT, autograde

EX = course.example()      # the example has the notebook with written answers
names = st.text(st.characters(codec=None, blacklist_characters="/\0"), min_size=1, max_size=30)


@settings(max_examples=300, deadline=None)
@given(names)
def test_a_safe_id_is_safe_and_stays_itself(name):
    sid, why = safe_id(name)
    assert sid and sid == sid.strip()
    assert not any(unicodedata.category(c) in UNSAFE_CATEGORIES for c in sid)
    assert sid[:1] not in FORMULA_START and not sid.startswith("'")
    assert sid not in (".", "..")             # " .." once graded into OUT's parent
    assert safe_id(sid) == (sid, "")          # a safe id is its own id: it reads back
    assert (why == "") == (sid == name)
    assert sid.encode("utf-8")                # no surrogate left


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_a_cell_reads_back_as_it_was_written(text):
    assert cell_text(safe_cell(text)) == text


@settings(max_examples=60, deadline=None)
@given(st.lists(names, min_size=1, max_size=4))
def test_manual_csv_reads_back_the_ids_its_writer_wrote(tmp_path_factory, folders):
    tmp = tmp_path_factory.mktemp("ids")
    ids = sorted({safe_id(name)[0] for name in folders})
    known = manual.questions(EX)
    cell = next(iter(known))
    path = write_csv(tmp / "manual.csv", list(manual.COLUMNS),
                     [[sid, cell, "1", f"{sid} comment", ""] for sid in ids])
    scores = manual.read(path, known, ids)
    assert {student for student, _ in scores} == set(ids)
    assert all(s.comment == f"{s.student} comment" for s in scores.values())


def test_a_folder_named_dots_and_spaces_stays_inside_the_output_folder():
    assert safe_id(" ..") == ("_..", "the folder name ' ..' has spaces at its ends and no "
                                     "name but a folder's own once its spaces are off")
    assert safe_id(". ")[0] == "_."


def test_the_console_shows_no_control_character_and_no_markup():
    shown = printable("mallory\x1b[2J\x1b[H\x1b]0;owned\x07\x1b[8m\n\u202efake [bold]x",
                      markup=True)
    assert not any(unicodedata.category(c) in UNSAFE_CATEGORIES for c in shown)
    assert "\\x1b[2J" in shown and "\\u202e" in shown and "\\[bold]" in shown


def test_a_class_of_bad_ids_grades_twice_and_reports(tmp_path):
    bad = ["mallory ", "'=mallory", "\x1b[2J\x1b[Hfake", "new\nline", "\u202eevil"]
    source = (ROOT / "solutions" / EX.name / f"{EX.name}.py").read_text()
    for name in bad + ["zz"]:
        (tmp_path / "class" / name).mkdir(parents=True)
        (tmp_path / "class" / name / f"{EX.name}.py").write_text(source)
    out = tmp_path / "out"
    for _ in range(2):
        run = autograde("grade", str(tmp_path / "class"), "-a", EX.name, "-o", str(out))
        assert run.returncode == 0, run.stderr[-2000:]
        assert "\x1b" not in run.stdout + run.stderr and "\u202e" not in run.stdout + run.stderr
    assert "5 students graded under another id" in run.stdout
    report = autograde("report", str(out))
    assert report.returncode == 0, report.stderr[-2000:]
    with (out / "gradebook.csv").open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert sorted(cell_text(r["student"]) for r in rows) == sorted(safe_id(n)[0]
                                                                 for n in bad + ["zz"])
    assert len({r[EX.name] for r in rows}) == 1      # the same work, the same marks
