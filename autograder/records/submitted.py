"""How the LMS handed a submission in: the student's id there, when, and whether late.

``autograde collect`` reads it from the LMS's own download (docs/lms.md, "Submissions
from the LMS") and writes it beside the student folders (``collected.csv``); ``autograde
grade`` puts it in each grade (:attr:`autograder.records.grades.Graded.submitted`), and the
gradebook, the class page and the course export show it. A fact the download does not
give is left unknown (``""``, ``None``), never guessed: Canvas's zip says late, not when;
Moodle's grading worksheet says when (as the site writes dates) and, in its status, late.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields


@dataclass(frozen=True)
class Submitted:
    """One student's submission as the LMS handed it in."""
    lms: str                    #: ``canvas`` or ``moodle``
    lms_id: str                 #: Canvas's user id; Moodle's participant id (per assignment)
    at: str = ""                #: when it was submitted, as the LMS wrote it ("": not said)
    late: bool | None = None    #: whether the LMS marked it late (None: not said)
    files: tuple[str, ...] = ()  #: the names in the download of the files collected

    @property
    def status(self) -> str:
        """``late``, ``on time`` or ``""`` (the LMS did not say)."""
        return "" if self.late is None else ("late" if self.late else "on time")

    def to_json(self) -> dict:
        return {**asdict(self), "files": list(self.files)}

    @classmethod
    def from_json(cls, data) -> Submitted | None:
        """The record :meth:`to_json` wrote; None for None. ValueError for anything else."""
        if data is None:
            return None
        names = {f.name for f in fields(cls)}
        if not isinstance(data, dict) or set(data) != names \
                or not all(isinstance(data[k], str) for k in ("lms", "lms_id", "at")) \
                or data["late"] not in (True, False, None) \
                or not isinstance(data["files"], list) \
                or not all(isinstance(f, str) for f in data["files"]):
            raise ValueError("not a submission record of this version")
        return cls(data["lms"], data["lms_id"], data["at"], data["late"], tuple(data["files"]))
