"""A download from the LMS, read within bounds: every file of a zip, or of the folder it
unpacks to, as an :class:`Entry` whose reading is bounded.

Reading is bounded as a student's own files are (:mod:`pgcheck.files`): the download is
a regular file opened without following a link, within :data:`DOWNLOAD_BYTES`; its
central directory is counted (at most :data:`DOWNLOAD_MEMBERS` records) before ``zipfile``
lists it; each member is read through :func:`pgcheck.files.read_member` (a regular file,
stored or deflated, not encrypted, within its kind's limit whatever it declares); an
unpacked folder is walked with ``lstat`` (a link, a pipe or a device is named and never
opened; files through :func:`pgcheck.files.read_file`). A name is written only as a plain
name inside the student's folder: no ``..``, no absolute path, no control character.
"""
from __future__ import annotations

import os
import stat
import unicodedata
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Callable

from autograder.engine.discover import UNSAFE_CATEGORIES
from pgcheck.files import (LIMITS, NOTEBOOK_BYTES, lstat, megabytes, not_a_file, read_file,
                           read_member)

#: the largest download read: a class's notebooks with their figures
DOWNLOAD_BYTES = 2 << 30
#: the most files a download may hold (a class of a thousand, a few files each)
DOWNLOAD_MEMBERS = 20_000

class CollectError(ValueError):
    """The download cannot be read at all (what to do is in the message)."""


@dataclass
class Entry:
    """One file of a download: its name there, and how to read it (bounded)."""
    name: str
    read: Callable[[int], bytes]


def entries(path: Path) -> list[Entry]:
    """Every file of the download ``path``: a zip, or a folder (Moodle's, unpacked)."""
    path = Path(path)
    st = lstat(path)
    if st is None:
        raise CollectError(f"no such file or folder: {path}")
    if stat.S_ISDIR(st.st_mode):
        return _folder_entries(path)
    problem = not_a_file(st.st_mode, str(path), "download")
    if problem:
        raise CollectError(problem)
    return _zip_entries(path, st.st_size)


def _zip_entries(path: Path, size: int) -> list[Entry]:
    if size > DOWNLOAD_BYTES:
        raise CollectError(f"{path} is {megabytes(size)}, over the {megabytes(DOWNLOAD_BYTES)} "
                           "a download may be (download one section at a time)")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    fh = os.fdopen(fd, "rb")
    records, tail = 0, b""
    while chunk := fh.read(1 << 20):         # the central directory, counted before parsing
        records += (tail + chunk).count(b"PK\x01\x02")
        tail = chunk[-3:]
    if records > DOWNLOAD_MEMBERS:
        fh.close()
        raise CollectError(f"{path} holds about {records:,} files; at most "
                           f"{DOWNLOAD_MEMBERS:,} are read")
    fh.seek(0)
    try:
        archive = zipfile.ZipFile(fh)
        infos = archive.infolist()
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as exc:
        fh.close()
        raise CollectError(f"{path} is not a readable zip file ({exc})") from None
    found = []
    for info in infos:
        if info.is_dir():
            continue
        name = _member_name(info)
        found.append(Entry(name, lambda limit, i=info, n=name: read_member(archive, i, n, limit)))
    return found


def _member_name(info: zipfile.ZipInfo) -> str:
    """The member's name as the LMS wrote it: UTF-8 (rubyzip and PHP's zip write UTF-8
    names without always setting the flag that says so; ``zipfile`` then reads cp437)."""
    if info.flag_bits & 0x800:
        return info.filename
    try:
        return info.filename.encode("cp437").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return info.filename


def _folder_entries(root: Path) -> list[Entry]:
    """The files under ``root`` (Moodle's zip unpacked), walked with ``lstat``: a link or
    anything not a regular file is an entry whose reading names it."""
    found: list[Entry] = []
    todo = [(root, "")]
    while todo:
        folder, prefix = todo.pop()
        with os.scandir(folder) as listing:
            for e in sorted(listing, key=lambda e: e.name):
                name = f"{prefix}{e.name}"
                if len(found) >= DOWNLOAD_MEMBERS:
                    raise CollectError(f"{root} holds more than {DOWNLOAD_MEMBERS:,} files")
                if e.is_dir(follow_symlinks=False):
                    if prefix.count("/") >= 8:
                        raise CollectError(f"{root / name}: folders nested too deep")
                    todo.append((Path(e.path), f"{name}/"))
                else:
                    found.append(Entry(name, lambda limit, p=Path(e.path), n=name:
                                       read_file(p, n, limit)))
    return found


def limit_of(name: str) -> int:
    """The most bytes read of a file of this name (the limits of :mod:`pgcheck.files`)."""
    return LIMITS.get(name.rpartition(".")[2].lower(), NOTEBOOK_BYTES)


def plain_name(name: str) -> str | None:
    """``name`` when it can be written as it is inside a student's folder (a relative path
    of plain parts: no ``..``, no control character), else None."""
    parts = PurePosixPath(name).parts
    if not parts or name.startswith("/") or "\\" in name:
        return None
    for part in parts:
        if part in (".", "..") or any(unicodedata.category(c) in UNSAFE_CATEGORIES
                                      for c in part):
            return None
    return name
