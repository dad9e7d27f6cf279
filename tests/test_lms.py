"""The LMS route (docs/lms.md): a roster, one course gradebook, Canvas's and Moodle's files.

One small class is graded once for the module (reinforce: alice, bob's blank release and
dave, who is not on the roster; grpo: alice, whose written answer a TA scores): carol is
on the roster with no submission. Our files are read back as each LMS documents that it
reads them (Canvas: Grades → Import; Moodle: Import grades → CSV file), every cell compared.
"""
import csv
import json
import re
import shutil

import pytest

from conftest import ROOT, autograde, make_submission
from lms_importers import canvas_import
from autograder.lms import roster as roster_reader
from autograder.lms.roster import RosterError

ROSTER = """id,name,email,canvas_id,sis_user_id,sis_login_id,id_number
alice,"Liddell, Alice",alice@example.edu,101,S0001,alice,S0001
bob,=HYPERLINK(1),bob@example.edu,102,S0002,bob,S0002
carol,"Danvers, Carol",carol@example.edu,103,S0003,carol,S0003
"""
CANVAS = """Student,ID,SIS User ID,SIS Login ID,Section,reinforce (1001),grpo (1004),Quiz 1 (2001),Current Score,Final Score
    Points Possible,,,,,30.00,42.00,10.00,(read only),(read only)
"Liddell, Alice",101,S0001,alice,RL 101,,,8.00,80.00,80.00
=HYPERLINK(1),102,S0002,bob,RL 101,5.00,,=7,70.00,70.00
"Danvers, Carol",103,S0003,carol,RL 101,12.00,,9.00,90.00,90.00
"Student, Test",999,,ab12cd34,RL 101,,,,,
"""


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The output folders of the class, the roster and the scores a TA gave."""
    tmp = tmp_path_factory.mktemp("lms")
    for name, students in (("reinforce", {"alice": "solutions", "bob": "assignments",
                                          "dave": "solutions"}),
                           ("grpo", {"alice": "solutions"})):
        for sid, source in students.items():
            (tmp / "class" / name / sid).mkdir(parents=True)
            shutil.copy(ROOT / source / name / f"{name}.py", tmp / "class" / name / sid)
            shutil.copy(ROOT / source / name / f"{name}.ipynb", tmp / "class" / name / sid)
    (tmp / "roster.csv").write_text(ROSTER)
    runs = {}
    for name in ("reinforce", "grpo"):
        runs[name] = autograde("grade", tmp / "class" / name, "-a", name, "--out",
                               tmp / "grades" / name, "--skip-slow", "--roster",
                               tmp / "roster.csv")
    manual = tmp / "grades" / "grpo" / "manual.csv"
    rows = list(csv.reader(manual.open()))
    rows[1][2], rows[1][3] = "1", "clear"
    with manual.open("w", newline="") as fh:
        csv.writer(fh).writerows(rows)
    return tmp, runs


def export(tmp, *args):
    """``autograde export`` of the class's grades with its roster: it places every grade but
    dave's (not on the roster), names his, and fails for it."""
    proc = autograde("export", tmp / "grades", "--roster", tmp / "roster.csv", *args,
                     check=False)
    assert proc.returncode == 1, proc.stderr
    assert "not placed: dave (reinforce): not on the roster" in proc.stderr
    return proc


def score(tmp, name, sid) -> float:
    return json.loads((tmp / "grades" / name / sid / "results.json").read_text())["score"]


def test_grade_names_who_is_not_on_the_roster_and_who_has_no_submission(graded):
    tmp, runs = graded
    out = runs["reinforce"].stdout
    assert "roster: 2 graded students on the roster" in out
    assert "not on the roster (unknown): dave" in out
    assert "no submission (no grade, not 0): carol" in out
    page = (tmp / "grades" / "reinforce" / "_report" / "reinforce.html").read_text()
    assert "Liddell, Alice (alice)" in page and "Danvers, Carol (carol)" in page
    assert "=HYPERLINK(1) (bob)" in page and "not on the roster</span>" in page


def test_report_takes_the_roster_too(graded):
    tmp, _ = graded
    proc = autograde("report", tmp / "grades", "--roster", tmp / "roster.csv")
    assert "reinforce: roster: 1 graded but not on the roster (unknown): dave" in proc.stderr
    assert "grpo: roster: 2 on the roster with no submission (no grade, not 0): bob, carol" \
        in proc.stderr


def test_the_course_gradebook_has_every_grade_and_no_grade_for_no_submission(graded):
    tmp, _ = graded
    out = tmp / "course.csv"
    export(tmp, "--to", "csv",
              "-o", out)
    rows = list(csv.reader(out.open()))
    a = lambda name, sid: f"{score(tmp, name, sid):g}"                         # noqa: E731
    assert rows == [
        ["student", "name", "email", "grpo", "reinforce", "total"],   # the registry's order
        ["points possible", "", "", "42", "31", "73"],
        ["alice", "Liddell, Alice", "alice@example.edu", "42",       # the TA's point included
         a("reinforce", "alice"), f"{score(tmp, 'reinforce', 'alice') + 42:g}"],
        ["bob", "'=HYPERLINK(1)", "bob@example.edu", "", a("reinforce", "bob"),
         a("reinforce", "bob")],
        ["carol", "Danvers, Carol", "carol@example.edu", "", "", ""]]


def test_ideas_add_up_to_the_assignment_and_missing_zero_says_zero(graded):
    tmp, _ = graded
    out = tmp / "course-ideas.csv"
    export(tmp, "--ideas",
              "--missing", "zero", "-o", out)
    rows = list(csv.DictReader(out.open()))
    ideas = [c for c in rows[0] if c.startswith("reinforce: ")]
    assert ideas                                            # one column per idea worth points
    for row in rows:
        assert sum(float(row[c]) for c in ideas) == pytest.approx(float(row["reinforce"]))
    carol = rows[-1]
    assert carol["student"] == "carol" and carol["grpo"] == carol["reinforce"] == "0"


def canvas_read(path):
    """A file as Canvas's gradebook import reads it: header row 1 (Student, ID, the SIS
    columns, then Section), assignment columns ``Title (id)``, the totals ignored, the
    Points Possible row and blank rows skipped; students by ID."""
    rows = list(csv.reader(path.open(encoding="utf-8"), strict=True))
    header = rows[0]
    assert len(header) > 3 and "Student" in header[0] and "ID" in header[1]
    section = next(k for k in range(2, 7) if "Section" in header[k])
    columns = {k: m[2] for k, h in enumerate(header) if k > section
               and not re.search("Current Score|Final Score|Unposted|Points|Grade", h)
               and (m := re.match(r"^(.*) \((\d+)\)$", h))}
    students = {}
    for row in rows[1:]:
        if "Points Possible" in row[0] or not any(row):
            continue
        students[row[1]] = {columns[k]: row[k] for k in columns}
    return rows, students


def test_canvas_gets_its_export_back_with_our_cells_filled_and_nothing_else_changed(graded):
    tmp, _ = graded
    exported, out = tmp / "canvas-export.csv", tmp / "canvas-import.csv"
    exported.write_text(CANVAS)
    proc = export(tmp, "--to", "canvas", "--canvas-export", exported, "-o", out)
    before, _ = canvas_read(exported)
    after, students = canvas_read(out)
    ours = {(2, 5): f"{score(tmp, 'reinforce', 'alice'):.2f}", (2, 6): "42.00",
            (3, 5): f"{score(tmp, 'reinforce', 'bob'):.2f}"}
    assert len(after) == len(before)
    for i, (old, new) in enumerate(zip(before, after)):
        assert len(new) == len(old)
        for k, cell in enumerate(new):
            assert cell == ours.get((i, k), old[k]), (i, k)      # carol keeps her 12.00
    assert students["101"] == {"1001": ours[(2, 5)], "1004": "42.00", "2001": "8.00"}
    assert "on the roster, not in the Canvas export" not in proc.stderr


def test_a_column_named_by_hand_and_a_missing_one(graded):
    tmp, _ = graded
    exported, out = tmp / "canvas-named.csv", tmp / "canvas-named-import.csv"
    exported.write_text(CANVAS.replace("grpo (1004)", "GRPO homework (1004)"))
    proc = export(tmp, "--to", "canvas", "--canvas-export", exported, "-o", out)
    assert "no Canvas column for grpo" in proc.stderr
    export(tmp, "--to", "canvas", "--canvas-export", exported, "-o", out,
           "--column", "grpo=GRPO homework (1004)")
    assert canvas_read(out)[1]["101"]["1004"] == "42.00"


def test_a_semicolon_export_comes_back_with_semicolons(graded):
    tmp, _ = graded
    exported, out = tmp / "canvas-semicolon.csv", tmp / "canvas-semicolon-import.csv"
    rows = list(csv.reader(CANVAS.splitlines()))
    with exported.open("w", newline="") as fh:
        csv.writer(fh, delimiter=";").writerows([[c.replace("8.00", "8,00") for c in r]
                                                 for r in rows])
    export(tmp, "--to", "canvas", "--canvas-export", exported, "-o", out)
    back = list(csv.reader(out.open(), delimiter=";"))
    assert back[2][5:8] == [f"{score(tmp, 'reinforce', 'alice'):.2f}", "42.00", "8,00"]
    assert [r[:5] for r in back] == [r[:5] for r in rows]


MOODLE = """First name,Last name,ID number,Institution,Department,Email address,Assignment: reinforce (Real),Assignment: grpo (Real),Quiz: Quiz 1 (Real),Last downloaded from this course
Alice,Liddell,S0001,,,alice@example.edu,-,-,8.00,1764700000
Bob,Builder,S0002,,,bob@example.edu,5.00,40.00,7.00,1764700000
Carol,Danvers,S0003,,,carol@example.edu,12.00,30.00,9.00,1764700000
"""


def moodle_read(path, field_values):
    """A file as Moodle's CSV grade import reads it (``grade/import/csv``): a header line,
    every line as many fields, the mapped identifier never blank and a known user (else the
    import stops), each value a number with a point, or blank or ``-`` (which clear)."""
    rows = list(csv.reader(path.open(encoding="utf-8-sig")))
    header = rows[0]
    assert all(len(r) == len(header) for r in rows)
    for row in rows[1:]:
        assert row[0] in field_values
        assert all(v in ("", "-") or re.fullmatch(r"\d+(\.\d+)?", v) for v in row[2:])
    return rows


def test_moodle_writes_only_what_changes_and_never_clears_a_grade(graded):
    tmp, _ = graded
    export_file, out = tmp / "moodle-export.csv", tmp / "moodle.csv"
    export_file.write_text(MOODLE)
    proc = export(tmp, "--to", "moodle", "--moodle-export", export_file, "--moodle-id",
                  "id_number", "-o", out)
    rows = moodle_read(out, {"S0001", "S0002", "S0003"})
    # bob has no grpo of ours: his 40.00 stays (as exported); carol has nothing new: no row
    assert rows == [["ID number", "Name", "grpo", "reinforce"],        # the registry's order
                    ["S0001", "Liddell, Alice", "42", f"{score(tmp, 'reinforce', 'alice'):g}"],
                    ["S0002", "'=HYPERLINK(1)", "40.00", f"{score(tmp, 'reinforce', 'bob'):g}"]]
    assert "map from 'ID number' to 'useridnumber'" in proc.stderr
    assert "cells: 3 written, 0 unchanged, 3 kept (no grade of ours), 1 refused" in proc.stderr


def test_two_folders_grading_one_assignment_are_refused(graded, tmp_path):
    tmp, _ = graded
    shutil.copytree(tmp / "grades" / "grpo", tmp_path / "grpo-again")
    proc = autograde("export", tmp / "grades", tmp_path / "grpo-again", "--roster",
                     tmp / "roster.csv", check=False)
    assert proc.returncode == 2 and "grpo is graded in" in proc.stderr


@pytest.mark.parametrize("text, where", [
    ("id,name,mail\n", "line 1, column 3 ('mail'): not a roster column"),
    ("id,name,id\n", "line 1, column 3 ('id'): named twice"),
    ("id,email\n", "line 1: no column 'name'"),
    ("id,name\nalice,Alice\nalice,Alice Two\n", "line 3, column 1 (id): 'alice' is already on line 2"),
    ("id,name\nalice,\n", "line 2, column 2 (name): empty"),
    ("id,name,email\nalice,Alice,alice.example.edu\n", "line 2, column 3 (email): 'alice.example.edu' is not"),
    ("id,name,email\na,A,x@e\nb,B,x@e\n", "line 3, column 3 (email): 'x@e' is already on line 2"),
    ("id,name\nalice,Alice,extra\n", "line 2, column 3: more cells than the 2 columns"),
    ('id,name\nalice,"Alice\n', "line 2: not CSV"),
])
def test_a_wrong_roster_row_names_the_file_the_line_and_the_column(tmp_path, text, where):
    path = tmp_path / "roster.csv"
    path.write_text(text)
    with pytest.raises(RosterError) as caught:
        roster_reader.read(path)
    assert str(caught.value).startswith(f"{path}, {where}")


def test_a_wrong_roster_stops_grade_before_anything_is_graded(tmp_path):
    (tmp_path / "roster.csv").write_text("id,name\nalice,\n")
    proc = autograde("grade", ROOT / "solutions" / "reinforce", "-a", "reinforce", "--out",
                     tmp_path / "out", "--roster", tmp_path / "roster.csv", check=False)
    assert proc.returncode == 2 and "line 2, column 2 (name): empty" in proc.stderr
    assert not (tmp_path / "out").exists()


def test_a_roster_from_canvas_export_leaves_out_the_test_student(tmp_path):
    (tmp_path / "canvas.csv").write_text(CANVAS)
    autograde("roster", tmp_path / "canvas.csv", "--from", "canvas", "-o", tmp_path / "r.csv")
    students = roster_reader.read(tmp_path / "r.csv").students
    assert [(s.id, s.name, s.canvas_id, s.sis_user_id) for s in students] == [
        ("alice", "Liddell, Alice", "101", "S0001"), ("bob", "=HYPERLINK(1)", "102", "S0002"),
        ("carol", "Danvers, Carol", "103", "S0003")]


@pytest.mark.slow
def test_the_guide_runs_as_written_on_a_fresh_copy(tmp_path):
    """docs/lms.md's command blocks, in the guide's order, pasted into bash in a fresh copy
    (five assignments, three students; about a minute)."""
    import os
    import subprocess

    from conftest import fresh_checkout, walkthroughs

    copy = fresh_checkout(tmp_path / "repo")
    blocks = walkthroughs((ROOT / "docs" / "lms.md").read_text())
    env = {**os.environ, "AUTOGRADE_ROOT": str(copy), "COLUMNS": "100"}
    proc = subprocess.run(["bash", "-euo", "pipefail", "-c", "\n".join(blocks.values())],
                          cwd=copy, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, f"{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    canvas = list(csv.reader((copy / "canvas-import.csv").open()))
    assert canvas[2][5:11] == ["31.00", "27.00", "24.00", "42.00", "26.00", "8.00"]   # alice
    assert canvas[3][5:11] == ["0.00"] * 5 + ["7.00"]                                  # bob
    assert canvas[4][5:11] == ["31.00", "27.00", "15.00", "", "", "9.00"]   # carol keeps 15
    assert canvas[5] == next(csv.reader([blocks["lms-canvas-roster"].splitlines()[6]]))
    assert (copy / "moodle-import.csv").read_text().splitlines() == [
        "Email address,Name,gae,grpo,grpo_lm,ppo,reinforce",
        "alice@example.edu,Alice Liddell,27,42,26,24,31",
        "bob@example.edu,Bob Builder,0,0,0,0,0",
        "carol@example.edu,Carol Danvers,27,-,-,18.00,31"]     # her 18.00 and "no grade" kept
    collected = (copy / "class" / "grpo" / "collected.csv").read_text().splitlines()
    assert collected[1:] == [
        'alice,"Liddell, Alice",canvas,101,,on time,liddellalice_101_5001_grpo.py;'
        'liddellalice_101_5002_grpo.ipynb',
        'bob,"Builder, Bob",canvas,102,,late,builderbob_LATE_102_5003_grpo-1.py;'
        'builderbob_LATE_102_5004_grpo.ipynb']
    assert sorted(p.name for p in (copy / "class" / "grpo" / "bob").iterdir()) == [
        "grpo.ipynb", "grpo.py"]                                      # grpo-1.py restored
    moodle = (copy / "class-moodle" / "reinforce" / "collected.csv").read_text().splitlines()
    assert moodle[2].startswith('bob,Bob Builder,moodle,7002,"Saturday, 6 December 2026, '
                                '2:03 AM",late,')
    assert (copy / "course-grades.csv").read_text().splitlines() == [
        "student,name,email," + ",".join(f"{a},{a}: late,{a}: submitted" for a in
                                         ("gae", "grpo", "grpo_lm", "ppo", "reinforce"))
        + ",total",
        "points possible,,,27,,,42,,,26,,,24,,,31,,,150",
        'alice,"Liddell, Alice",,27,on time,,42,on time,,26,on time,,24,on time,,31,on time,,150',
        'bob,"Builder, Bob",,0,late,,0,late,,0,late,,0,late,,0,late,,0',
        'carol,"Danvers, Carol",,27,on time,,,,,,,,,,,31,on time,,58']
    # what Canvas's importer would change: our cells only, no grade removed
    export_text = (copy / "canvas-export.csv").read_text()
    rows = list(csv.reader(export_text.splitlines()))
    held = {(r[1], h.rsplit("(", 1)[1].rstrip(")")): r[k] for r in rows[1:] for k, h in
            enumerate(rows[0]) if k > 4 and "(" in h and r[0].strip() != "Points Possible"}
    changes = canvas_import((copy / "canvas-import.csv").read_text(), held)
    assert "" not in changes.values()
    assert {aid for _, aid in changes} <= {"1001", "1002", "1003", "1004", "1005"}
    assert ("103", "1003") not in changes                            # carol's 15.00 kept


def test_a_folder_graded_under_a_safe_id_meets_its_roster_row(tmp_path):
    """The seam between safe ids (a folder ``=mallory`` is graded as ``_=mallory``, one with a
    space at its end without it) and the roster, whose rows name the folders as they are."""
    for folder in ("=mallory", "trent "):
        make_submission(tmp_path / "class" / folder, "gae",
                        (ROOT / "solutions" / "gae" / "gae.py").read_text())
    (tmp_path / "roster.csv").write_text("id,name\n=mallory,Mallory\ntrent ,Trent\n")
    assert [s.id for s in roster_reader.read(tmp_path / "roster.csv").students] == [
        "_=mallory", "trent"]
    proc = autograde("grade", tmp_path / "class", "-a", "gae", "--out", tmp_path / "out",
                     "--skip-slow", "--roster", tmp_path / "roster.csv")
    assert "roster: 2 graded students on the roster" in proc.stdout + proc.stderr
    assert "not on the roster" not in proc.stdout + proc.stderr
    assert "with no submission" not in proc.stdout + proc.stderr
