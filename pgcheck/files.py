"""Reading a student's files as data: never through a link, never more than a limit.

What a student hands in is bytes to look at, never a path to follow. A class folder is
unpacked by course staff, often as root, from archives the students made: ``zip --symlinks``
followed by an ordinary ``unzip`` turns a member into a symbolic link, ``tar`` restores hard
links, named pipes and (as root) device nodes. Followed by the grader, such a ``grpo.py``
would hand it the reference solution, a classmate's file or ``/etc/shadow``; a named pipe
would block it for ever; some devices act when merely opened. A compressed member that
declares 1,000 bytes can expand to gigabytes. So, here:

* An entry is looked at with ``lstat`` before anything else, and only a regular file with a
  single name (no more than one link: not a hard link to a file elsewhere) within its limit
  is opened. It is opened with ``O_NOFOLLOW | O_NONBLOCK`` (a link swapped in is refused by the
  kernel, a pipe never blocks), checked again with ``fstat`` (still that very file, still
  regular, still within the limit), and at most limit + 1 bytes are read.
* A zip is read the same way, whole, into memory and parsed there; it is never extracted.
  Before Python's ``zipfile`` lists it, the number of central-directory records is counted
  (their signature, which ``zipfile`` requires of each) and must be at most
  :data:`ARCHIVE_MEMBERS`. A member is read only when its recorded mode is a regular file
  (``zip --symlinks`` records a link's mode), it is not encrypted, it is stored or deflated
  (``zipfile`` decompresses bzip2 and lzma in one unbounded step: a 3.8 kB member can become
  5 GiB before any check), and it declares at most the limit; it is then read through a
  stream that stops at limit + 1 bytes whatever the declared size says.

Every refusal is a :class:`Refused`, one sentence naming the file as the student knows it
(``grpo.py is a symbolic link; submit the file itself``), never a path of the grader's
machine and never what a link points to. :mod:`pgcheck.discovery` turns it into the
submission's problem (graded 0 with that reason).

The limits follow from what a correct answer needs:

* :data:`MODULE_BYTES`, 1 MiB: a graded module is 5-8 kB, and the largest module the course
  ships (``ppo``'s ``cartpole.py``) 16 kB: 60 times that.
* :data:`NOTEBOOK_BYTES`, 5 MiB: a released notebook is about 25 kB of text; outputs are what
  make one larger (a figure is 30-100 kB of base64 PNG), so 5 MiB holds some fifty figures and
  their logs. It is also what bounds the grader's memory: the worst JSON for its size (``[],``
  repeated) costs about 25 times its bytes while parsed, about 125 MB, for a moment.
* :data:`ARCHIVE_BYTES`, the notebook's limit plus 1 MiB: ``python check.py --zip`` writes a
  zip of the one graded file, which a stored member makes no larger than the file.
* :data:`ARCHIVE_MEMBERS`, 1,000: that zip holds one member; a student who zips a whole
  assignment folder (checkpoints and caches included) makes a few dozen.

Works on every platform a student uses (``check.py --zip`` reads the same way): where the
operating system lacks ``O_NOFOLLOW`` or ``O_NONBLOCK`` (Windows), the ``lstat`` checks still
hold.
"""
from __future__ import annotations

import io
import os
import re
import stat
import struct
import zipfile
import zlib
from pathlib import Path

MODULE_BYTES = 1 << 20
NOTEBOOK_BYTES = 5 << 20
ARCHIVE_BYTES = NOTEBOOK_BYTES + (1 << 20)
ARCHIVE_MEMBERS = 1000
#: the limit of each kind of graded file, by suffix
LIMITS = {"py": MODULE_BYTES, "ipynb": NOTEBOOK_BYTES, "zip": ARCHIVE_BYTES}

_READ = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) \
    | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
#: every record of a zip's central directory starts with these four bytes
_CENTRAL_RECORD = b"PK\x01\x02"
#: what ``zipfile`` raises on malformed bytes (the project's fuzz tests look for others)
_ZIP_ERRORS = (zipfile.BadZipFile, OSError, EOFError, ValueError, RuntimeError, OverflowError,
               IndexError, KeyError, struct.error, zlib.error)
_METHODS = {zipfile.ZIP_BZIP2: "bzip2", zipfile.ZIP_LZMA: "lzma"}
_NOT_FILES = {stat.S_IFLNK: "a symbolic link", stat.S_IFDIR: "a folder",
              stat.S_IFIFO: "a named pipe (FIFO)", stat.S_IFCHR: "a character device",
              stat.S_IFBLK: "a block device", stat.S_IFSOCK: "a socket"}


class Refused(Exception):
    """A student's file that is not read, and why: one sentence naming it."""


def megabytes(size: int) -> str:
    """``3.2 MB``; a whole number of MiB (every limit) without decimals: ``1 MB``."""
    if size % (1 << 20) == 0:
        return f"{size >> 20} MB"
    return f"{size / 2**20:.1f} MB" if size < 10 << 20 else f"{size / 2**20:.0f} MB"


def not_a_file(mode: int, shown: str, what: str = "file") -> str | None:
    """Why an entry of this ``st_mode`` is refused, or None for a regular file."""
    kind = stat.S_IFMT(mode)
    if kind == stat.S_IFREG:
        return None
    if kind == stat.S_IFLNK:
        return f"{shown} is a symbolic link; submit the {what} itself"
    return f"{shown} is {_NOT_FILES.get(kind, 'not a regular file')}, not a {what}"


def lstat(path: Path) -> os.stat_result | None:
    """``lstat``, or None when nothing is there (a dangling link is something)."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def _checked(st: os.stat_result, shown: str, limit: int) -> None:
    problem = not_a_file(st.st_mode, shown)
    if problem:
        raise Refused(problem)
    if st.st_nlink > 1:
        raise Refused(f"{shown} is a hard link (the same file has {st.st_nlink} names on "
                      "disk); submit the file itself")
    if st.st_size > limit:
        raise Refused(f"{shown} is {megabytes(st.st_size)}, over the {megabytes(limit)} limit")


def read_file(path: Path, shown: str, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``), never through a link."""
    try:
        before = os.lstat(path)
    except FileNotFoundError:
        raise Refused(f"{shown} does not exist") from None
    except OSError as exc:
        raise Refused(f"{shown} could not be read ({exc.strerror})") from None
    _checked(before, shown, limit)
    try:
        fd = os.open(path, _READ)
    except OSError as exc:
        raise Refused(f"{shown} could not be opened ({exc.strerror}); submit the file itself") \
            from None
    try:
        now = os.fstat(fd)
        if (now.st_dev, now.st_ino) != (before.st_dev, before.st_ino):
            raise Refused(f"{shown} changed while it was being read")
        _checked(now, shown, limit)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise Refused(f"{shown} could not be read ({exc.strerror})") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise Refused(f"{shown} is over the {megabytes(limit)} limit")
    return data


def open_archive(path: Path, shown: str) -> zipfile.ZipFile:
    """The zip ``path``, read whole (within :data:`ARCHIVE_BYTES`) and listed in memory."""
    data = read_file(path, shown, ARCHIVE_BYTES)
    records = data.count(_CENTRAL_RECORD)
    if records > ARCHIVE_MEMBERS:
        raise Refused(f"{shown} holds about {records:,} members; a submission zip holds one "
                      f"file (at most {ARCHIVE_MEMBERS:,} members are read)")
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except _ZIP_ERRORS as exc:
        raise Refused(f"{shown} is not a readable zip file ({_said(exc)})") from None


def read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, shown: str,
                limit: int) -> bytes:
    """The bytes of one member of ``archive``, at most ``limit``, whatever it declares."""
    kind = stat.S_IFMT(info.external_attr >> 16)     # 0: made where files have no modes
    if kind == stat.S_IFLNK:
        raise Refused(f"{shown} is a symbolic link (zip --symlinks stores links); zip the file "
                      "itself")
    if kind not in (0, stat.S_IFREG):
        raise Refused(not_a_file(kind, shown))
    if info.flag_bits & 0x1:
        raise Refused(f"{shown} is encrypted; zip it without a password")
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        method = _METHODS.get(info.compress_type, f"method {info.compress_type}")
        raise Refused(f"{shown} is compressed with {method}; only stored and deflated members "
                      "are read (python check.py --zip writes one)")
    if info.file_size > limit:
        raise Refused(f"{shown} is {megabytes(info.file_size)}, over the {megabytes(limit)} "
                      "limit")
    try:
        with archive.open(info) as stream:
            data = stream.read(limit + 1)
    except _ZIP_ERRORS as exc:     # its own name in zipfile's words: only the part we matched
        said = _said(exc, info.filename, re.split(r"[/\\]", info.filename)[-1])
        raise Refused(f"{shown} could not be read from the zip ({said})") from None
    if len(data) > limit:
        raise Refused(f"{shown} expands to more than the {megabytes(limit)} limit")
    return data


def _said(exc: BaseException, name: str = "", shown: str = "") -> str:
    """An exception of ``zipfile`` in a few words on one line (never a path of this machine:
    it only saw bytes), the member's full ``name`` in the zip replaced by ``shown``."""
    text = str(exc).replace(name, shown) if name else str(exc)
    return " ".join(text.split())[:80] or type(exc).__name__
