"""Submissions straight from the LMS's download (``autograde collect``): one folder per
roster student, named by the roster's id, the files under their own names.

The download is read as each LMS writes it (docs/lms.md, "Submissions from the LMS", with
the source each fact was read in):

* **Canvas**, "Download Submissions": one flat zip. A file is named
  ``<name>_[LATE_]<user id>_<attachment id>_<file name>`` (``lib/content_zipper.rb``:
  ``<name>`` is the sortable name, lower-cased, kept to word characters; ``LATE`` when
  Canvas marks the submission late); a text entry is ``<name>_[LATE_]<user id>_text.html``,
  a URL ``..._link.html``; under anonymous grading ``anon_<id>`` stands where the name and
  the user id were. Only the latest attempt is in it. Canvas renames a file uploaded again
  under a name it already holds ``grpo-1.py`` (``Attachment.make_unique_filename``): the
  graded file's name (``grpo.py``, ``grpo.ipynb``, ``grpo-submission.zip``) is restored.
  The student is the roster row whose ``canvas_id`` is the user id.
* **Moodle**, "Download all submissions" (a zip, or the folder it unpacks to): one folder
  per student and plugin, ``<Full Name>_<participant id>_assignsubmission_file_/`` holding
  the files under their own names, or (without "Download submissions in folders") the same
  prefix before each file name (``mod/assign/locallib.php``, ``download_submissions``).
  The participant id is ``assign::get_uniqueid_for_user``: a number per assignment and
  user, not the user id. Moodle's grading worksheet of the same assignment (View all
  submissions → Download grading worksheet) maps it back: its ``Identifier`` column is
  ``Participant <id>`` (``mod/assign/gradingtable.php``, ``col_recordid``), beside the
  user's e-mail address (or ID number, username), the status (with ``... late`` when it
  was) and ``Last modified (submission)``. The student is the roster row holding that
  e-mail address (``--match``: or ID number, username).

A name is never the join: only the LMS's numbers are. Every file of the download is
either collected, explained and left out (a text entry, another plugin's files) or named
as a file the format does not explain; nothing is guessed. A student the LMS knows and the
roster does not, two files that would be one graded file, and an unexplained file are
named and make the command fail (:attr:`Collected.ok`); the rest is collected.

Reading is bounded as a student's own files are: :mod:`autograder.lms.download`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from autograder.lms.roster import RosterError, csv_rows
from autograder.records.roster import Roster, RosterStudent, id_key
from autograder.records.submitted import Submitted
from autograder.report.csvsafe import cell_text, write_csv
from pgcheck.discovery import submission_zip_name
from autograder.lms.download import CollectError, Entry, entries, limit_of, plain_name
from pgcheck.files import Refused, lstat, megabytes

#: the most bytes written in all
COLLECT_BYTES = 2 << 30
#: the file beside the student folders saying how each was handed in
MANIFEST = "collected.csv"
MANIFEST_COLUMNS = ["id", "name", "lms", "lms_id", "submitted", "late", "files"]

CANVAS_FILE = re.compile(r"_(?:(?P<late>LATE)_)?(?P<uid>\d+)_(?P<fid>\d+)_(?P<original>[^/]+)")
#: what Canvas never leaves in a name (``sanitize_user_name`` joins ``_123_``)
CANVAS_JOINED = re.compile(r"_\d+_")
CANVAS_TEXT = re.compile(r"(?P<who>[^/]*?)_(?:(?P<late>LATE)_)?(?P<uid>\d+)_(?P<kind>text|link)"
                         r"\.html")
MOODLE_ENTRY = re.compile(r"(?P<who>[^_/]*)_(?P<pid>\d+)_assignsubmission_(?P<plugin>[a-z]+)_"
                          r"(?:/(?P<path>.+)|(?P<flat>[^/]+))")
MOODLE_PARTICIPANT = re.compile(r"Participant (?P<pid>\d+)")
#: Moodle's user fields a worksheet may show: roster column -> header
MOODLE_FIELDS = {"email": "Email address", "id_number": "ID number", "username": "Username"}


@dataclass
class StudentFiles:
    """What is collected for one roster student."""
    student: RosterStudent
    submitted: Submitted
    files: dict[str, Entry] = field(default_factory=dict)      #: name to write -> entry


@dataclass
class Collected:
    """What :func:`collect` found: the students' files, and every file it could not place."""
    lms: str
    students: dict[str, StudentFiles] = field(default_factory=dict)    #: roster id ->
    left_out: list[str] = field(default_factory=list)     #: explained, not collected
    unexplained: list[str] = field(default_factory=list)  #: named: the format says nothing
    refused: list[str] = field(default_factory=list)      #: a student's files not collected
    missing: list[str] = field(default_factory=list)      #: roster ids with nothing
    held: set[str] = field(default_factory=set)           #: roster ids refused: nothing of it

    @property
    def ok(self) -> bool:
        return not (self.unexplained or self.refused)


# -- what a name says --------------------------------------------------------------------

def restored(original: str, assignment: str) -> str:
    """The graded file's own name back from Canvas's ``grpo-1.py``; any other name as is."""
    for wanted in (f"{assignment}.py", f"{assignment}.ipynb", submission_zip_name(assignment)):
        stem, dot, ext = wanted.rpartition(".")
        if re.fullmatch(re.escape(stem) + r"-\d+" + re.escape(dot + ext), original):
            return wanted
    return original


def canvas(found: list[Entry], roster: Roster, assignment: str) -> Collected:
    """The students of Canvas's "Download Submissions" zip (see the module docstring)."""
    done = Collected("canvas")
    by_id = {s.canvas_id: s for s in roster.students if s.canvas_id}
    unknown: dict[str, list[str]] = {}
    for entry in found:
        text = CANVAS_TEXT.fullmatch(entry.name)
        readings = canvas_readings(entry.name, by_id)
        m = readings[0] if len(readings) == 1 else None
        hit = text or m
        if entry.name.startswith("anon_") or hit and hit["who"] in ("anon", ""):
            done.unexplained.append(f"{entry.name}: anonymous grading (no user id in the name); "
                                    "download again once the assignment's anonymity is off")
            continue
        if len(readings) > 1 and not text:
            done.unexplained.append(f"{entry.name}: reads as the file of Canvas users "
                                    + " and ".join(r["uid"] for r in readings) + " (a name "
                                    "ending in _digits); which one is for a person to say")
            continue
        if not hit:
            done.unexplained.append(f"{entry.name}: not named as Canvas names a submission's "
                                    "file (name_[LATE_]userid_fileid_filename)")
            continue
        student = by_id.get(hit["uid"])
        if student is None:
            unknown.setdefault(hit["uid"], []).append(entry.name)
            continue
        mine = done.students.setdefault(student.id, StudentFiles(
            student, Submitted("canvas", hit["uid"], late=bool(hit["late"]))))
        if bool(hit["late"]) != mine.submitted.late:
            done.held.add(student.id)
            done.refused.append(f"{student.id} (Canvas user {hit['uid']}): {entry.name} says "
                                "late and another of the student's files does not")
        if text:
            done.left_out.append(f"{entry.name}: {student.id}'s {hit['kind']} entry (not a "
                                 "file: not graded)")
            continue
        _add(done, mine, restored(m["original"], assignment), entry)
    for uid, names in unknown.items():
        done.refused.append(f"Canvas user {uid} is not on the roster (no canvas_id {uid}): "
                            + ", ".join(names))
    return _finished(done, roster)


def canvas_readings(name: str, by_id: dict) -> list[dict]:
    """Every way ``name`` reads as ``<name>_[LATE_]<user id>_<file id>_<file name>`` with a
    ``<name>`` Canvas could write (lower-cased, so never ending in ``LATE``; no ``_123_`` in
    it); where more than one does, those of
    users on the roster (a student's name ending in ``_`` and digits could otherwise put a
    file in a classmate's folder)."""
    found = []
    for k, c in enumerate(name):
        m = CANVAS_FILE.fullmatch(name, k) if c == "_" and "/" not in name else None
        if m and not CANVAS_JOINED.search(name[:k]) and not name[:k].endswith("LATE"):
            found.append({"who": name[:k], **m.groupdict()})
    on_roster = [r for r in found if r["uid"] in by_id]
    return on_roster if len(found) > 1 and on_roster else found[:1]


def moodle(found: list[Entry], roster: Roster, worksheet: Path, match: str) -> Collected:
    """The students of Moodle's "Download all submissions" (see the module docstring),
    joined through its grading ``worksheet`` by the roster column ``match``."""
    done = Collected("moodle")
    sheet = read_worksheet(worksheet, match)
    by_field = {id_key(getattr(s, match)): s for s in roster.students if getattr(s, match)}
    for entry in found:
        m = MOODLE_ENTRY.fullmatch(entry.name)
        if not m:
            done.unexplained.append(f"{entry.name}: not named as Moodle names a submission's "
                                    "file (Full Name_participantid_assignsubmission_file_...)")
            continue
        row = sheet.get(m["pid"])
        if row is None:
            done.refused.append(f"{entry.name}: participant {m['pid']} is not in the grading "
                                f"worksheet {worksheet} (download the worksheet of the same "
                                "assignment)")
            continue
        value, when, late = row
        student = by_field.get(id_key(value)) if value else None
        if student is None:
            done.refused.append(f"participant {m['pid']} ({MOODLE_FIELDS[match]} {value!r} in "
                                f"the worksheet) is not on the roster: {entry.name}")
            continue
        mine = done.students.setdefault(student.id, StudentFiles(
            student, Submitted("moodle", m["pid"], when, late)))
        if m["plugin"] != "file":
            done.left_out.append(f"{entry.name}: {student.id}'s {m['plugin']} submission (not a "
                                 "file: not graded)")
            continue
        _add(done, mine, m["path"] or m["flat"], entry)
    return _finished(done, roster)


def read_worksheet(path: Path, match: str) -> dict[str, tuple[str, str, bool | None]]:
    """Moodle's grading worksheet: participant id -> (the ``match`` field's value, when
    submitted as Moodle wrote it, late)."""
    try:
        rows = csv_rows(Path(path), "Moodle grading worksheet")
    except RosterError as exc:
        raise CollectError(str(exc)) from None
    header = [h.strip() for h in rows[0][1]]
    title = MOODLE_FIELDS[match]
    for needed in ("Identifier", title, "Status", "Last modified (submission)"):
        if needed not in header:
            raise CollectError(f"{path}, line 1: no column {needed!r}: is it Moodle's grading "
                               "worksheet (View all submissions → Download grading worksheet), "
                               f"its site showing {title}?")
    at = {h: header.index(h) for h in ("Identifier", title, "Status",
                                       "Last modified (submission)")}
    sheet = {}
    for line, row in rows[1:]:
        if not any(c.strip() for c in row):
            continue
        cell = {h: row[k].strip() if k < len(row) else "" for h, k in at.items()}
        m = MOODLE_PARTICIPANT.fullmatch(cell["Identifier"])
        if not m:
            raise CollectError(f"{path}, line {line}, column {at['Identifier'] + 1} "
                               f"(Identifier): {cell['Identifier']!r} is not 'Participant N'")
        when = cell["Last modified (submission)"]
        sheet[m["pid"]] = (cell[title], "" if when == "-" else when,
                           bool(re.search(r"\blate\b", cell["Status"])))
    return sheet


def _add(done: Collected, mine: StudentFiles, name: str, entry: Entry) -> None:
    plain = plain_name(name)
    if plain is None:
        done.held.add(mine.student.id)
        done.unexplained.append(f"{entry.name}: the file name {name!r} cannot be written as it "
                                f"is in {mine.student.id}'s folder")
    elif plain in mine.files:
        done.held.add(mine.student.id)
        done.refused.append(f"{mine.student.id}: {mine.files[plain].name} and {entry.name} are "
                            f"both {plain} (which one to grade is for a person to say)")
    else:
        mine.files[plain] = entry
        mine.submitted = Submitted(mine.submitted.lms, mine.submitted.lms_id, mine.submitted.at,
                                   mine.submitted.late, mine.submitted.files + (entry.name,))


def _finished(done: Collected, roster: Roster) -> Collected:
    for sid in done.held:
        done.students.pop(sid, None)           # a student with a refused file: nothing of it
    for sid in [sid for sid, mine in done.students.items() if not mine.files]:
        del done.students[sid]                 # a text entry only: no file to grade
    done.students = {s.id: done.students[s.id] for s in roster.students
                     if s.id in done.students}                     # the roster's order
    done.missing = [s.id for s in roster.students if s.id not in done.students
                    and s.id not in done.held]
    return done


# -- writing -----------------------------------------------------------------------------

def write(done: Collected, dest: Path) -> Path:
    """The student folders in ``dest`` (a new or empty folder) and :data:`MANIFEST`."""
    dest = Path(dest)
    if dest.exists() and (not dest.is_dir() or dest.is_symlink() or any(dest.iterdir())):
        raise CollectError(f"{dest} exists and is not an empty folder: collect into a new one")
    dest.mkdir(parents=True, exist_ok=True)
    written, rows = 0, []
    for sid, mine in list(done.students.items()):
        if "/" in sid or "\\" in sid or sid in (".", "..", MANIFEST):
            done.refused.append(f"{sid}: a roster id that is not a folder name")
            del done.students[sid]
            continue
        try:
            data = {name: entry.read(limit_of(name)) for name, entry in mine.files.items()}
        except Refused as exc:
            done.refused.append(f"{sid}: {exc} (nothing of {sid} collected)")
            del done.students[sid]
            continue
        written += sum(map(len, data.values()))
        if written > COLLECT_BYTES:
            raise CollectError(f"more than {megabytes(COLLECT_BYTES)} collected: stopped")
        for name, content in data.items():
            target = dest / sid / name
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "xb") as fh:
                fh.write(content)
        s = mine.submitted
        rows.append([sid, mine.student.name, s.lms, s.lms_id, s.at, s.status, ";".join(s.files)])
    write_csv(dest / MANIFEST, MANIFEST_COLUMNS, rows)
    return dest


def read_manifest(folder: Path) -> dict[str, Submitted]:
    """The :class:`Submitted` of each student collected into ``folder`` (empty: it was not
    made by ``autograde collect``)."""
    path = Path(folder) / MANIFEST
    if lstat(path) is None or not path.is_file():
        return {}
    try:
        rows = csv_rows(path, "collected.csv")
    except RosterError as exc:
        raise CollectError(str(exc)) from None
    if [h.strip() for h in rows[0][1]] != MANIFEST_COLUMNS:
        raise CollectError(f"{path}, line 1: not written by autograde collect (its columns: "
                           + ", ".join(MANIFEST_COLUMNS) + ")")
    found = {}
    for line, row in rows[1:]:
        cell = dict(zip(MANIFEST_COLUMNS, [cell_text(c) for c in row]
                        + [""] * len(MANIFEST_COLUMNS)))
        if cell["late"] not in ("late", "on time", ""):
            raise CollectError(f"{path}, line {line}, column 6 (late): {cell['late']!r}")
        late = None if not cell["late"] else cell["late"] == "late"
        found[cell["id"]] = Submitted(cell["lms"], cell["lms_id"], cell["submitted"], late,
                                      tuple(f for f in cell["files"].split(";") if f))
    return found


def collect(download: Path, lms: str, roster: Roster, assignment: str,
            worksheet: Path | None = None, match: str = "email") -> Collected:
    """The students of ``download`` (see the module docstring); ``lms``: ``canvas`` or
    ``moodle`` (which needs the grading ``worksheet``; ``match``: the roster column its
    user field is compared with)."""
    found = entries(download)
    if lms == "canvas":
        return canvas(found, roster, assignment)
    if worksheet is None:
        raise CollectError("--from moodle needs --worksheet FILE: the assignment's grading "
                           "worksheet (View all submissions → Download grading worksheet), "
                           "which says whose each participant id is")
    return moodle(found, roster, Path(worksheet), match)
