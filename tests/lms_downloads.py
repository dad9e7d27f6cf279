"""Submission downloads built as Canvas and Moodle build them, for the tests of
``autograde collect`` (docs/lms.md, "Submissions from the LMS", cites the source of each
rule followed here).

* :func:`canvas_zip`: ``lib/content_zipper.rb``: ``<name>_[LATE_]<user id>`` (the sortable
  name lower-cased, ``_<digits>_`` in it joined, every non-word character dropped), then
  ``_<attachment id>_<display name>`` (``\\x00/\\:*?"<>|`` runs made ``_``); a text entry
  ``..._text.html``. Written as rubyzip writes names: UTF-8 bytes, the UTF-8 flag unset.
* :func:`moodle_zip`: ``mod/assign/locallib.php``: ``<Full Name>_<participant id>`` (``_`` in
  the name made a space) ``_assignsubmission_file_/<file name>`` (in folders, the default)
  or the prefix before each file name (``folders=False``); and :func:`moodle_worksheet`,
  the grading worksheet whose ``Identifier`` is ``Participant <id>``.
"""
import csv
import re
import zipfile


class _RubyName(zipfile.ZipInfo):
    """A member named in UTF-8 without the flag that says so (rubyzip's default)."""

    def _encodeFilenameFlags(self):
        return self.filename.encode("utf-8"), self.flag_bits & ~0x800


def canvas_name(sortable: str, user_id: int, late: bool = False) -> str:
    name = re.sub(r"_(\d+)_", r"\1", sortable).lower()
    return re.sub(r"[^\w]", "", "_".join([name] + (["LATE"] if late else []) + [str(user_id)]))


def canvas_zip(path, submissions):
    """``submissions``: (sortable name, user id, late, [(attachment id, display name, bytes)],
    text entry or None) each."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for sortable, uid, late, files, text in submissions:
            called = canvas_name(sortable, uid, late)
            for fid, display, data in files:
                clean = re.sub(r'[\x00/\\:*?"<>|]+', "_", display)
                zf.writestr(_RubyName(f"{called}_{fid}_{clean}", (2026, 12, 6, 20, 0, 0)), data)
            if text is not None:
                zf.writestr(_RubyName(f"{called}_text.html", (2026, 12, 6, 20, 0, 0)), text)
    return path


def moodle_prefix(full_name: str, participant: int) -> str:
    return re.sub(r'[\\/:*?"<>|\x00-\x1f]', "", full_name.replace("_", " ") + f"_{participant}")


def moodle_zip(path, submissions, folders=True):
    """``submissions``: (full name, participant id, [(file name, bytes)], online text or None)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for full_name, pid, files, text in submissions:
            prefix = moodle_prefix(full_name, pid)
            for name, data in files:
                zf.writestr(f"{prefix}_assignsubmission_file_/{name}" if folders
                            else f"{prefix}_assignsubmission_file_{name}", data)
            if text is not None:
                zf.writestr(f"{prefix}_assignsubmission_onlinetext_/onlinetext.html"
                            if folders else f"{prefix}_assignsubmission_onlinetext_onlinetext.html",
                            text)
    return path


def moodle_worksheet(path, rows):
    """``rows``: (participant id, full name, e-mail, status, last modified) each."""
    with path.open("w", newline="", encoding="utf-8-sig") as fh:
        w = csv.writer(fh)
        w.writerow(["Identifier", "Full name", "Email address", "Status", "Grade",
                    "Maximum Grade", "Grade can be changed", "Last modified (submission)",
                    "Last modified (grade)", "Feedback comments"])
        for pid, name, email, status, when in rows:
            w.writerow([f"Participant {pid}", name, email, status, "", "100.00", "Yes", when,
                        "-", ""])
    return path
