"""Issue 47: submissions straight from the LMS's download, and no grade in another student's
row. Downloads are built as Canvas and Moodle build them (``tests/lms_downloads.py``), read
by ``autograde collect`` (:mod:`autograder.lms.collect`); exports are read back by
emulators of each LMS's import (``tests/lms_importers.py``). Nothing here grades: the
whole path with grading is ``tests/test_lms.py``'s run of docs/lms.md.
"""
import csv
import os
import re
import zipfile
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from conftest import ROOT, autograde
from lms_downloads import canvas_name, canvas_zip, moodle_prefix, moodle_worksheet, moodle_zip
from lms_importers import canvas_import, moodle_import
from autograder.engine.discover import _unique_ids, safe_id
from autograder.lms import canvas, collect, download, moodle
from autograder.lms import roster as roster_reader
from autograder.lms.gradebook import AssignmentGrade, CourseGradebook
from autograder.records.roster import id_key

CODE = (ROOT / "solutions" / "reinforce" / "reinforce.py").read_bytes()
STUB = (ROOT / "assignments" / "reinforce" / "reinforce.py").read_bytes()
ROSTER = """id,name,email,canvas_id
jose,"Núñez, José",jose@example.edu,101
bob,"Builder, Bob",Bob@example.edu,102
zoe,"Zoë Ångström",zoe@example.edu,103
carol,"Danvers, Carol",carol@example.edu,104
"""


@pytest.fixture
def class_roster(tmp_path):
    (tmp_path / "roster.csv").write_text(ROSTER)
    return roster_reader.read(tmp_path / "roster.csv")


def canvas_download(tmp_path):
    return canvas_zip(tmp_path / "submissions.zip", [
        ("Núñez, José", 101, False, [(9001, "reinforce.ipynb", b"{}"),      # two files
                                     (9002, "reinforce.py", CODE)], None),
        ("Builder, Bob", 102, True, [(9003, "reinforce-1.py", STUB)], "<p>my notes</p>"),
        ("Ångström, Zoë", 103, False, [(9004, "résumé: v2.pdf", b"%PDF")], None),
        ("Mallory, Eve", 666, False, [(9005, "reinforce.py", CODE)], None)])


def test_canvas_names_are_read_as_canvas_writes_them(tmp_path, class_roster):
    names = [i.filename for i in zipfile.ZipFile(canvas_download(tmp_path)).infolist()]
    assert not any(i.flag_bits & 0x800 for i in zipfile.ZipFile(tmp_path / "submissions.zip")
                   .infolist())                  # UTF-8 names without the flag (rubyzip)
    assert canvas_name("Núñez, José", 101) == "núñezjosé_101" and len(names) == 6
    done = collect.collect(tmp_path / "submissions.zip", "canvas", class_roster, "reinforce")
    assert sorted(done.students) == ["bob", "jose", "zoe"]
    assert sorted(done.students["jose"].files) == ["reinforce.ipynb", "reinforce.py"]
    assert list(done.students["bob"].files) == ["reinforce.py"]       # reinforce-1.py restored
    assert list(done.students["zoe"].files) == ["résumé_ v2.pdf"]     # Canvas's own "_"
    assert done.students["bob"].submitted.late and not done.students["jose"].submitted.late
    assert done.students["bob"].submitted.at == ""                    # the zip does not say
    assert done.missing == ["carol"]                                  # no submission
    assert done.refused == ["Canvas user 666 is not on the roster (no canvas_id 666): "
                            "malloryeve_666_9005_reinforce.py"]
    assert any("bob's text entry" in line for line in done.left_out)
    assert not done.ok


def test_collect_writes_the_folders_and_grade_reads_late_back(tmp_path):
    (tmp_path / "roster.csv").write_text(ROSTER)
    canvas_download(tmp_path)
    proc = autograde("collect", tmp_path / "submissions.zip", "--from", "canvas", "-a",
                     "reinforce", "--roster", tmp_path / "roster.csv", "-o", tmp_path / "class",
                     check=False)
    assert proc.returncode == 1 and "not placed: Canvas user 666" in proc.stderr
    assert "(1 late: bob)" in proc.stderr and "no submission): carol" in proc.stderr
    assert (tmp_path / "class" / "bob" / "reinforce.py").read_bytes() == STUB
    assert (tmp_path / "class" / "jose" / "reinforce.py").read_bytes() == CODE
    assert collect.read_manifest(tmp_path / "class")["bob"].late is True
    again = autograde("collect", tmp_path / "submissions.zip", "--from", "canvas", "-a",
                      "reinforce", "--roster", tmp_path / "roster.csv", "-o",
                      tmp_path / "class", check=False)
    assert again.returncode == 2 and "not an empty folder" in again.stderr


@pytest.mark.parametrize("member, why", [
    ("README.txt", "not named as Canvas names"),
    ("__MACOSX/._x", "not named as Canvas names"),
    ("anon_12345_9001_reinforce.py", "anonymous grading"),
    ("bob_102_9001_../../etc/passwd", "not named as Canvas names"),
    ("bob_102_9001_a\x1bb.py", "cannot be written as it is"),
])
def test_a_file_the_format_does_not_explain_is_named_never_guessed(tmp_path, class_roster,
                                                                   member, why):
    with zipfile.ZipFile(tmp_path / "d.zip", "w") as zf:
        zf.writestr(member, b"x")
    done = collect.collect(tmp_path / "d.zip", "canvas", class_roster, "reinforce")
    assert not done.students and len(done.unexplained) == 1 and why in done.unexplained[0]


def test_a_name_ending_in_digits_never_moves_a_file_to_a_classmate(tmp_path, class_roster):
    """A student (user 103) who sets their name to end in ``_101`` (another student's id):
    Canvas writes ``x_101_103_<file id>_reinforce.py``, which reads as a file of either; it
    is named, never given to 101. A file name starting with digits reads one way only."""
    with zipfile.ZipFile(tmp_path / "d.zip", "w") as zf:
        zf.writestr(f"{canvas_name('X, y_101', 103)}_9001_reinforce.py", CODE)
        zf.writestr("builderbob_102_9002_2024_05_notes.txt", b"n")
        zf.writestr("builderbob_102_9003_reinforce.py", STUB)
    done = collect.collect(tmp_path / "d.zip", "canvas", class_roster, "reinforce")
    assert canvas_name("X, y_101", 103) == "xy_101_103"
    assert list(done.students) == ["bob"]
    assert sorted(done.students["bob"].files) == ["2024_05_notes.txt", "reinforce.py"]
    assert "Canvas users 101 and 103" in done.unexplained[0]


def test_two_files_that_would_be_one_are_refused(tmp_path, class_roster):
    canvas_zip(tmp_path / "d.zip", [("Builder, Bob", 102, False,
                                     [(1, "reinforce.py", STUB), (2, "reinforce-1.py", CODE)],
                                     None)])
    done = collect.collect(tmp_path / "d.zip", "canvas", class_roster, "reinforce")
    assert not done.students and "bob" not in done.missing
    assert "both reinforce.py" in done.refused[0]


def test_reading_is_bounded_links_and_bombs(tmp_path, class_roster, monkeypatch):
    link = zipfile.ZipInfo("builderbob_102_1_reinforce.py")
    link.external_attr = (0o120777 << 16)                 # zip --symlinks
    bomb = zipfile.ZipInfo("núñezjosé_101_2_reinforce.py")
    bomb.compress_type = zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(tmp_path / "d.zip", "w") as zf:
        zf.writestr(link, "/etc/passwd")
        zf.writestr(bomb, b"0" * (3 << 20))              # 3 MB of a .py, a few kB zipped
    done = collect.collect(tmp_path / "d.zip", "canvas", class_roster, "reinforce")
    collect.write(done, tmp_path / "out")
    assert sorted(os.listdir(tmp_path / "out")) == ["collected.csv"]
    assert any("symbolic link" in r for r in done.refused)
    assert any("over the 1 MB limit" in r for r in done.refused)
    monkeypatch.setattr(download, "DOWNLOAD_MEMBERS", 1)
    with pytest.raises(download.CollectError, match="at most 1 are read"):
        download.entries(tmp_path / "d.zip")
    (tmp_path / "link.zip").symlink_to(tmp_path / "d.zip")
    with pytest.raises(download.CollectError, match="symbolic link"):
        download.entries(tmp_path / "link.zip")


@pytest.mark.parametrize("folders", [True, False])
def test_moodle_joins_by_participant_id_through_its_worksheet(tmp_path, class_roster, folders):
    moodle_zip(tmp_path / "m.zip", [
        ("José Núñez", 5001, [("reinforce.py", CODE), ("notes_v1.txt", b"n")], None),
        ("Bob_Builder", 5002, [("reinforce.py", STUB)], "<p>hi</p>"),
        ("Participant", 5009, [("reinforce.py", CODE)], None)], folders=folders)
    moodle_worksheet(tmp_path / "w.csv", [
        (5001, "José Núñez", "jose@example.edu", "Submitted for grading", "Friday, 5 December"),
        (5002, "Bob Builder", "bob@example.edu", "Submitted for grading - 1 day 2 hours late",
         "Sunday, 7 December"),
        (5003, "Carol Danvers", "carol@example.edu", "No submission", "-")])
    done = collect.collect(tmp_path / "m.zip", "moodle", class_roster, "reinforce",
                           tmp_path / "w.csv")
    assert sorted(done.students) == ["bob", "jose"]       # bob@ is Bob@ on the roster
    assert sorted(done.students["jose"].files) == ["notes_v1.txt", "reinforce.py"]
    bob = done.students["bob"].submitted
    assert (bob.lms, bob.lms_id, bob.at, bob.late) == ("moodle", "5002", "Sunday, 7 December",
                                                       True)
    assert done.students["jose"].submitted.late is False
    assert done.refused == [f"{moodle_prefix('Participant', 5009)}_assignsubmission_file_"
                            f"{'/' if folders else ''}reinforce.py: participant 5009 is not in "
                            f"the grading worksheet {tmp_path / 'w.csv'} (download the "
                            "worksheet of the same assignment)"]
    assert sorted(done.missing) == ["carol", "zoe"]


def test_moodle_unpacked_folder_names_a_link_and_reads_the_rest(tmp_path, class_roster):
    moodle_zip(tmp_path / "m.zip", [("José Núñez", 5001, [("reinforce.py", CODE)], None)])
    zipfile.ZipFile(tmp_path / "m.zip").extractall(tmp_path / "unpacked")
    bob = tmp_path / "unpacked" / f"{moodle_prefix('Bob Builder', 5002)}_assignsubmission_file_"
    bob.mkdir()
    (bob / "reinforce.py").symlink_to(ROOT / "solutions" / "reinforce" / "reinforce.py")
    moodle_worksheet(tmp_path / "w.csv", [
        (5001, "José Núñez", "jose@example.edu", "Submitted for grading", "Friday"),
        (5002, "Bob Builder", "bob@example.edu", "Submitted for grading", "Friday")])
    done = collect.collect(tmp_path / "unpacked", "moodle", class_roster, "reinforce",
                           tmp_path / "w.csv")
    collect.write(done, tmp_path / "out")
    assert (tmp_path / "out" / "jose" / "reinforce.py").read_bytes() == CODE
    assert not (tmp_path / "out" / "bob").exists()
    assert any(r.startswith("bob: ") and "symbolic link" in r for r in done.refused)


# -- ids no student can choose -------------------------------------------------------------

def test_a_roster_refuses_ids_one_under_the_graders_normalisation(tmp_path):
    for text, where in [("id,name\nbob,B\n Bob,C\n", "line 3, column 1 (id)"),
                        ("id,name\nbob,B\nｂｏｂ,C\n", "line 3, column 1 (id)"),
                        ("id,name,email\na,A,bob@x.edu\nb,B,Bob@x.edu\n", "line 3, column 3"),
                        ]:
        (tmp_path / "r.csv").write_text(text)
        with pytest.raises(roster_reader.RosterError, match=re.escape(where)):
            roster_reader.read(tmp_path / "r.csv")
    (tmp_path / "moodle.csv").write_text(
        "First name,Last name,Email address\nBob,One,bob@x.edu\nBob,Two,BOB@y.edu\n")
    proc = autograde("roster", tmp_path / "moodle.csv", "--from", "moodle", "-o",
                     tmp_path / "out.csv", check=False)
    assert proc.returncode == 2 and "line 3, column 3 (Email address)" in proc.stderr
    assert "two students would meet one folder's grade" in proc.stderr


# -- no grade in another student's row: any folder names, any roster ------------------------

SAMPLES = ["bob", " bob", "Bob", "BOB ", "ｂｏｂ", "alice", "=alice", "_=alice", "bob~clash1",
           "carol"]
#: a folder's name (an undecodable byte included); a roster id (text of a UTF-8 file)
NAME = st.one_of(st.sampled_from(SAMPLES), st.text(st.characters(
    blacklist_characters="/\0"), min_size=1, max_size=5))
ID = st.one_of(st.sampled_from(SAMPLES), st.text(st.characters(
    blacklist_categories=("Cs",), blacklist_characters="\0"), min_size=1, max_size=5))
CANVAS_HEADER = "Student,ID,SIS User ID,SIS Login ID,Section,reinforce (1001),Quiz (2001)\n"


@settings(max_examples=150, deadline=None)
@given(folders=st.lists(NAME, min_size=1, max_size=6), ids=st.lists(ID, min_size=1, max_size=6),
       held=st.lists(st.sampled_from(["", "7.00", "EX", "N/A"]), min_size=6, max_size=6))
def test_no_grade_is_ever_written_into_the_row_of_a_student_who_did_not_produce_it(
        tmp_path_factory, folders, ids, held):
    tmp = tmp_path_factory.mktemp("prop")
    with (tmp / "roster.csv").open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["id", "name", "email", "canvas_id"])
        w.writerows([rid, f"Student {i}", f"s{i}@x.edu", str(100 + i)]
                    for i, rid in enumerate(ids))
    try:
        students = roster_reader.read(tmp / "roster.csv")
    except roster_reader.RosterError:
        assume(False)                            # the roster refuses it: nothing exported
    graded = _unique_ids([(f, Path("class") / f) for f in folders])
    producer = {s.id: f for s, f in zip(graded, folders)}
    book = CourseGradebook(["reinforce"], {"reinforce": 100.0}, {"reinforce": {}},
                           {s.id: {"reinforce": AssignmentGrade(float(i + 1), 100.0)}
                            for i, s in enumerate(graded)})
    score_of = {float(i + 1): s.id for i, s in enumerate(graded)}

    def rightful(student, gid) -> bool:
        """Whether ``gid``'s grade is ``student``'s: its folder alone has the student's id
        (case, Unicode form and surrounding space aside), or, in a clash of folders, the
        roster names that folder's clash id (the TA said who it is)."""
        if next(s for s in graded if s.id == gid).clash:
            return id_key(student.id) == id_key(gid)
        return id_key(safe_id(producer[gid])[0]) == id_key(student.id)

    # Canvas: its export of these students, filled, read back by its importer
    rows = [f'"Student {i}",{s.canvas_id},,,S,{held[i]},5.00' for i, s in
            enumerate(students.students)]
    (tmp / "canvas.csv").write_text(CANVAS_HEADER + "    Points Possible,,,,,100.00,10.00\n"
                                    + "\n".join(rows) + "\n")
    filled = canvas.fill(tmp / "canvas.csv", book, students)
    canvas.write(tmp / "ci.csv", filled)
    before = {(s.canvas_id, "1001"): held[i] for i, s in enumerate(students.students)}
    before.update({(s.canvas_id, "2001"): "5.00" for s in students.students})
    changes = canvas_import((tmp / "ci.csv").read_text(encoding="utf-8"), before)
    by_uid = {s.canvas_id: s for s in students.students}
    for (uid, aid), new in changes.items():
        assert aid == "1001" and new != "", (uid, aid, new)        # never a removal
        assert rightful(by_uid[uid], score_of[float(new)])
    # Moodle: its export of these students, our import made from it, read back by its importer
    with (tmp / "moodle.csv").open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["First name", "Last name", "Email address", "Assignment: reinforce (Real)"])
        w.writerows([f"S{i}", "X", s.email, "-" if held[i] in ("", "EX", "N/A") else held[i]]
                    for i, s in enumerate(students.students))
    made = moodle.fill(tmp / "moodle.csv", book, students, "email")
    moodle.write(tmp / "mi.csv", made)
    users = {s.email: {"reinforce": "-" if held[i] in ("", "EX", "N/A") else held[i]}
             for i, s in enumerate(students.students)}
    changes = moodle_import((tmp / "mi.csv").read_text(encoding="utf-8"), "Email address",
                            {"reinforce": "reinforce"}, users)
    by_email = {s.email: s for s in students.students}
    for (who, _), new in changes.items():
        assert new is not None                                     # never a grade cleared
        assert rightful(by_email[who], score_of[new])
    # and every grade that reaches no row is named
    for gid in producer:
        if not any(rightful(s, gid) for s in students.students):
            assert any(r.startswith(f"{gid} (reinforce)") for r in made.placed.refused)


# -- exports that lose no grade ------------------------------------------------------------

def book_of(scores: dict[str, float]) -> CourseGradebook:
    return CourseGradebook(["reinforce"], {"reinforce": 31.0}, {"reinforce": {}},
                           {sid: {"reinforce": AssignmentGrade(v, 31.0)} for sid, v in
                            scores.items()})


@pytest.mark.parametrize("cell, overwrite, placed", [
    ("", (), "written"), ("31.00", (), "unchanged"), ("31,00", (), "unchanged"),
    ("30.00", (), "written"), ("N/A", (), "refused"), ("n/a", ("excused",), "refused"),
    ("EX", (), "refused"), ("ex", (), "refused"), ("EX", ("excused",), "written"),
])
def test_a_canvas_cell_is_written_unchanged_or_refused_never_lost(tmp_path, cell, overwrite,
                                                                 placed):
    (tmp_path / "r.csv").write_text("id,name,canvas_id\nbob,Bob,102\ncarol,Carol,103\n")
    (tmp_path / "c.csv").write_text(CANVAS_HEADER + "    Points Possible,,,,,31.00,10.00\n"
                                    f'"Builder, Bob",102,,,A,"{cell}",5.00\n'
                                    '"Danvers, Carol",103,,,A,12.00,5.00\n')
    filled = canvas.fill(tmp_path / "c.csv", book_of({"bob": 31.0}),
                         roster_reader.read(tmp_path / "r.csv"), overwrite=overwrite)
    counts = filled.placed
    assert (counts.written, counts.unchanged, len(counts.refused), counts.kept) == (
        placed == "written", placed == "unchanged", placed == "refused", 1)   # carol kept
    bob = next(r for r in filled.rows if r[1] == "102")
    assert bob[5] == ("31.00" if placed == "written" else cell)
    assert next(r for r in filled.rows if r[1] == "103")[5] == "12.00"


def test_a_manually_posted_column_is_named_and_left_unless_asked(tmp_path):
    (tmp_path / "r.csv").write_text("id,name,canvas_id\nbob,Bob,102\n")
    (tmp_path / "c.csv").write_text(CANVAS_HEADER + ",,,,,Manual Posting,\n"
                                    "    Points Possible,,,,,31.00,10.00\n"
                                    '"Builder, Bob",102,,,A,,5.00\n')
    students = roster_reader.read(tmp_path / "r.csv")
    filled = canvas.fill(tmp_path / "c.csv", book_of({"bob": 20.0}), students)
    assert "Manual Posting" in filled.placed.refused[0] and filled.rows[2][5] == ""
    filled = canvas.fill(tmp_path / "c.csv", book_of({"bob": 20.0}), students,
                         overwrite=("manual-posting",))
    assert filled.rows[2][5] == "20.00" and not filled.placed.refused


def test_missing_zero_writes_no_zero_over_a_grade(tmp_path):
    (tmp_path / "r.csv").write_text("id,name,canvas_id\nbob,Bob,102\ncarol,Carol,103\n")
    (tmp_path / "c.csv").write_text(CANVAS_HEADER + '"B",102,,,A,,5.00\n"C",103,,,A,12.00,5.00\n')
    filled = canvas.fill(tmp_path / "c.csv", book_of({}), roster_reader.read(tmp_path / "r.csv"),
                         missing_zero=True)
    assert [r[5] for r in filled.rows] == ["0.00", "12.00"]


def test_moodle_gets_rows_only_for_its_own_users_and_only_what_changes(tmp_path):
    (tmp_path / "r.csv").write_text("id,name,email\nbob,Bob,Bob@x.edu\ncarol,Carol,carol@x.edu\n"
                                    "dan,Dan,dan@x.edu\n")
    (tmp_path / "m.csv").write_text("First name,Last name,Email address,Assignment: reinforce "
                                    "(Real)\nB,B,bob@x.edu,20.00\nC,C,carol@x.edu,-\n")
    made = moodle.fill(tmp_path / "m.csv", book_of({"bob": 20.0, "carol": 7.5, "dan": 9.0}),
                       roster_reader.read(tmp_path / "r.csv"))
    assert made.rows == [["carol@x.edu", "Carol", "7.5"]]   # bob's 20.00 is Moodle's already
    assert (made.placed.written, made.placed.unchanged) == (1, 1)
    assert made.placed.refused == ["dan (reinforce): Email address 'dan@x.edu' is not in "
                                   "Moodle's export"]
    (tmp_path / "p.csv").write_text("First name,Last name,Email address,Assignment: reinforce "
                                    "(Percentage)\nB,B,bob@x.edu,20.00 %\n")
    with pytest.raises(moodle.MoodleError, match="export again with grade display type Real"):
        moodle.fill(tmp_path / "p.csv", book_of({}), roster_reader.read(tmp_path / "r.csv"))
