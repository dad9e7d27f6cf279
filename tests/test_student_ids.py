"""Issue 24, points 2 to 4, without grading: ids unique by construction, never a name the
grader writes in OUT, and CSV cells that a spreadsheet reads as data.

The end-to-end run of the same rules (a grade with colliding and hostile folder names, its
gradebook, class page, CSVs and nbgrader record) is ``tests/test_class_ids.py``.
"""
import csv
import io
import math
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.authoring import course
from autograder.engine.discover import _unique_ids, id_key, safe_id, students
from autograder.records.grades import Graded
from autograder.records.outcomes import TestOutcome
from autograder.report import OUTPUT_NAMES, write_gradebook
from autograder.report.csvsafe import FORMULA_START, LEADING_NOISE, safe_cell, write_csv
from autograder.batch import regrade
from conftest import ROOT, make_submission

EX = course.example()


def test_three_alices_keep_three_ids_and_none_is_alice_by_sort_order(tmp_path):
    stub = (EX.release_dir / f"{EX.name}.py").read_text()
    for where in ("s1/alice", "s2/alice", "s2/alice-2"):
        make_submission(tmp_path / where, EX.name, stub)
    found = students([tmp_path / "s1", tmp_path / "s2"], EX.name)
    assert [(s.id, s.path.relative_to(tmp_path).as_posix()) for s in found] == [
        ("alice~clash1", "s1/alice"), ("alice~clash2", "s2/alice"), ("alice-2", "s2/alice-2")]
    clash = found[1]
    assert clash.found_as == "alice" and clash.clash == "alice"
    assert str(tmp_path / "s1" / "alice") in clash.renamed and "a clash" in clash.renamed
    assert not found[2].renamed and not found[2].clash
    # the same command line, the same ids; in the other order, still nobody is alice
    assert students([tmp_path / "s1", tmp_path / "s2"], EX.name) == found
    assert "alice" not in [s.id for s in students([tmp_path / "s2", tmp_path / "s1"], EX.name)]


@pytest.mark.parametrize("names", [
    (" bob", "bob"), ("bob", "Bob"), ("bob", "BOB "), ("bob", "\uff42\uff4f\uff42"),   # fullwidth
    ("stra\u00dfe", "STRASSE"), ("bob\u200b", "bob_"), ("\u212bngstr\u00f6m", "\u00c5ngstr\u00f6m"),
    ("=bob", "_=bob"),
])
def test_folders_one_after_normalisation_are_a_clash_whatever_their_order(names):
    for order in (names, names[::-1]):
        got = _unique_ids([(n, Path("class") / n) for n in order])
        assert all(s.clash and "~clash" in s.id for s in got), got
        assert len({id_key(s.id) for s in got}) == len(got)


def test_output_names_are_never_student_ids(tmp_path):
    stub = (EX.release_dir / f"{EX.name}.py").read_text()
    for name in [*OUTPUT_NAMES, "Gradebook.CSV", "student-_runs"]:
        make_submission(tmp_path / "class" / name, EX.name, stub)
    found = {s.found_as or s.id: s for s in students([tmp_path / "class"], EX.name)}
    # in sorted order; the two gradebooks differ only in case, which some file systems ignore
    assert found["Gradebook.CSV"].id == "student-Gradebook.CSV"
    assert found["gradebook.csv"].id == "student-gradebook.csv-2"
    assert found["_report"].id == "student-_report"
    assert found["_runs"].id == "student-_runs-2"       # a student already has student-_runs
    assert found["student-_runs"].id == "student-_runs"
    assert "OUT/_runs" in found["_runs"].renamed


def test_the_current_folder_has_a_name(tmp_path, monkeypatch):
    make_submission(tmp_path / "bob", EX.name, "")
    monkeypatch.chdir(tmp_path / "bob")
    assert [s.id for s in students([Path(".")], EX.name)] == ["bob"]


def test_plan_refuses_what_would_overwrite(tmp_path):
    with pytest.raises(ValueError, match="_runs"):
        regrade.plan(tmp_path / "out", EX, [("_runs", tmp_path)], {})
    with pytest.raises(ValueError, match="GRADEBOOK"):
        regrade.plan(tmp_path / "out", EX, [("GRADEBOOK.csv", tmp_path)], {})
    with pytest.raises(ValueError, match="two students"):
        regrade.plan(tmp_path / "out", EX, [("ann", tmp_path), ("Ann", tmp_path)], {})


NAMES = st.one_of(st.sampled_from(["a", "A", "a-2", "a-3", "student-_runs", "b", "ä", "a\u0308",
                                   *OUTPUT_NAMES]),
                  st.text(st.characters(blacklist_characters="/\0"), min_size=1, max_size=6))


@settings(max_examples=300, deadline=None)
@given(st.lists(NAMES, max_size=12))
def test_ids_are_unique_by_construction(names):
    found = [(n, Path("class") / n) for n in names]
    got = _unique_ids(found)
    keys = [id_key(s.id) for s in got]
    assert len(got) == len(names) and len(set(keys)) == len(keys)      # no overwrite, none lost
    assert not set(keys) & {id_key(n) for n in OUTPUT_NAMES}
    safe = [safe_id(n)[0] for n in names]       # an unsafe name is renamed first (issue 34)
    for i, (name, s) in enumerate(zip(names, got)):
        alone = sum(id_key(n) == id_key(safe[i]) for n in safe) == 1      # no clash
        reserved = id_key(safe[i]) in {id_key(n) for n in OUTPUT_NAMES}
        keeps = alone and not reserved and safe[i] == name
        assert (s.id == name and not s.renamed) if keeps else (s.found_as == name and s.renamed)
        assert bool(s.clash) == (not alone and not reserved)    # never the name by sort order
    assert _unique_ids(found) == got                                   # deterministic


# -- CSV --------------------------------------------------------------------------------------------

def test_formulas_become_text_and_numbers_stay_numbers(tmp_path):
    rows = [["=HYPERLINK(\"x\",\"y\")", "+1+1", "-2+3", "@SUM(1+1)", "\t=1+2", "\r=1", " =1",
             "\uff1d1+1"],
            [-2.5, "-2.5", 3, "1e-3", "alice", "", None, "a=b"]]
    path = write_csv(tmp_path / "t.csv", ["h1", "=h2", "h3", "h4", "h5", "h6", "h7", "h8"], rows)
    back = list(csv.reader(path.open(newline="")))
    assert back[0][1] == "'=h2"
    assert back[1] == ["'" + c for c in rows[0]]
    assert back[2] == ["-2.5", "-2.5", "3", "1e-3", "alice", "", "", "a=b"]


#: what every spreadsheet reads as a plain number
NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def safe(cell: str) -> bool:
    """What a spreadsheet would not read as a formula."""
    if cell.startswith("'") or NUMBER.fullmatch(cell):
        return True
    return cell.lstrip(LEADING_NOISE)[:1] not in FORMULA_START and cell[:1] not in ("\t", "\r")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=12), st.floats(allow_nan=False), st.integers()),
                max_size=6))
def test_any_cell_reads_back_as_data(cells):
    buffer = io.StringIO()
    csv.writer(buffer).writerow([safe_cell(c) for c in cells])
    back = next(csv.reader(io.StringIO(buffer.getvalue(), newline="")), [])
    for original, cell in zip(cells, back):
        assert safe(cell), (original, cell)
        if isinstance(original, (int, float)) and math.isfinite(original):
            assert type(original)(cell) == original            # numbers unchanged
        elif cell != str(original):
            assert cell == "'" + str(original)                 # text: only an apostrophe added


def test_gradebook_neutralises_ids():
    result = Graded("=1+1", EX.name, (TestOutcome("a: b", "a", 1.0, 2.0, "failed", "", "visible"),))
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        write_gradebook(Path(tmp) / "g.csv", [result])
        rows = list(csv.reader((Path(tmp) / "g.csv").open(newline="")))
    assert rows[1][:3] == ["'=1+1", "1.0", "2.0"]


def test_every_csv_writer_goes_through_the_one_function():
    """No module writes CSV but :mod:`autograder.report.csvsafe` (a new table cannot forget
    to neutralise its cells)."""
    own = ROOT / "autograder" / "report" / "csvsafe.py"
    writers = [p.relative_to(ROOT).as_posix() for p in sorted(ROOT.glob("autograder/**/*.py"))
               + sorted(ROOT.glob("pgcheck/**/*.py")) + sorted(ROOT.glob("benchmarks/*.py"))
               if p != own and any(w in p.read_text() for w in ("csv.writer", "DictWriter",
                                                                  "writerow"))]
    assert writers == []
