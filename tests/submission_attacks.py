"""A class whose submissions attack the grader through the file system and through zips.

Each student folder holds one way of making the grader read something other than the
student's own bytes, or more of them than a correct answer needs: links (to the reference,
to a classmate, to a planted secret standing in for ``/etc/shadow``, dangling), a student
folder that is a link to ``solutions/<name>``, a hard link, a named pipe, a character device
(``/dev/zero``'s numbers, made as root only), and zips: a member stored as ``zip --symlinks``
stores a link, bzip2 and lzma members, a deflated member that lies about its size, 100,000
members (listed in 5 MB), a zip over its size limit, a zip that is itself a link. Beside
them, :data:`NEIGHBOUR` submits the reference.

:func:`build` returns, for each attack, the sentence its refusal must start with. Shared by
``tests/test_submission_data.py`` and ``benchmarks/bench_submission_data.py``.
"""
from __future__ import annotations

import io
import os
import stat
import struct
import zipfile
from pathlib import Path

NEIGHBOUR = "zz-correct-neighbour"
SECRET = "PLANTED-SECRET-4b1d7e: root:$6$not-a-real-hash"   # what /etc/shadow stands for


def plant_secret(folder: Path) -> Path:
    """A file outside the class holding :data:`SECRET` (the ``/etc/shadow`` of the tests)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "shadow"
    path.write_text(SECRET + "\n")
    return path


def lie_about_size(data: bytes, declared: int) -> bytes:
    """A one-member zip whose member declares ``declared`` uncompressed bytes, in its local
    header and in the central directory, whatever it really expands to."""
    central = data.rindex(b"PK\x01\x02")
    out = bytearray(data)
    out[22:26] = struct.pack("<I", declared)             # local header: uncompressed size
    out[central + 24:central + 28] = struct.pack("<I", declared)
    return bytes(out)


def zip_of(member: str, chunks, method: int, mode: int = stat.S_IFREG | 0o644) -> bytes:
    """A zip of one member written from ``chunks`` (streamed: a bomb never sits in memory)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        info = zipfile.ZipInfo(member, date_time=(2024, 1, 1, 0, 0, 0))
        info.compress_type, info.create_system, info.external_attr = method, 3, mode << 16
        with zf.open(info, "w") as fh:
            for chunk in chunks:
                fh.write(chunk)
    return buffer.getvalue()


def symlink_zip(member: str, target: str) -> bytes:
    """What ``zip --symlinks`` writes for a link: the target's path as the content, the
    link's mode (``S_IFLNK``) in the upper half of the external attributes."""
    return zip_of(member, [target.encode()], zipfile.ZIP_STORED, stat.S_IFLNK | 0o777)


def zeros(mib: int):
    chunk = bytes(1 << 20)
    return (chunk for _ in range(mib))


def many_records(member: str, count: int) -> bytes:
    """A zip whose central directory lists ``count`` records (all of one stored member):
    about 50 bytes a record, so 100,000 fit in 5 MB."""
    one = zip_of(member, [b"x = 1\n"], zipfile.ZIP_STORED)
    start = one.rindex(b"PK\x01\x02")
    end = one.rindex(b"PK\x05\x06")
    record = one[start:end]
    directory = record * count
    eocd = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, count & 0xFFFF, count & 0xFFFF,
                       len(directory), start, 0)
    return one[:start] + directory + eocd


def build(folder: Path, name: str, reference: Path, notebook: Path, solutions: Path,
          secret: Path, bomb_mib: int = 32) -> dict[str, str]:
    """Write the class into ``folder``; return ``{student: the refusal's first words}``.

    ``reference`` is the assignment's reference module, ``notebook`` its solved notebook and
    ``solutions`` its ``solutions/<name>/`` folder; ``secret`` is :func:`plant_secret`'s file.
    The bzip2 member expands to ``bomb_mib`` MiB while declaring 1,000 bytes.
    """
    module, nb, archive = f"{name}.py", f"{name}.ipynb", f"{name}-submission.zip"
    code = reference.read_bytes()

    def student(sid: str) -> Path:
        (folder / sid).mkdir(parents=True)
        return folder / sid

    student(NEIGHBOUR).joinpath(module).write_bytes(code)
    outside = secret.parent / "copied-reference.py"     # a file the attacker hard-links
    outside.write_bytes(code)
    linked = f"{module} is a symbolic link; submit the file itself"
    expected = {
        "link-to-reference": linked, "link-to-classmate": linked, "link-to-secret": linked,
        "link-dangling": linked,
        "notebook-link": f"{nb} is a symbolic link; submit the file itself",
        "folder-link": "your submission folder folder-link is a symbolic link",
        "nbgrader-link": f"your submission folder {name} is a symbolic link",
        "hard-link": f"{module} is a hard link (the same file has 2 names on disk)",
        "fifo": f"{module} is a named pipe (FIFO), not a file",
        "oversized": f"{module} is 3.0 MB, over the 1 MB limit",
        "zip-symlink": f"{module} in {archive} is a symbolic link (zip --symlinks stores links)",
        "zip-bzip2-bomb": f"{module} in {archive} is compressed with bzip2; only stored and "
                          "deflated members are read",
        "zip-lzma": f"{module} in {archive} is compressed with lzma",
        "zip-deflate-liar": f"{module} in {archive} could not be read from the zip (Bad CRC-32",
        "zip-declares-huge": f"{module} in {archive} is 3.0 MB, over the 1 MB limit",
        "zip-100k-records": f"{archive} holds about 100,000 members",
        "zip-oversized": f"{archive} is 7.0 MB, over the 6 MB limit",
        "zip-itself-a-link": f"{archive} is a symbolic link; submit the file itself",
    }
    student("link-to-reference").joinpath(module).symlink_to(reference)
    student("link-to-classmate").joinpath(module).symlink_to(Path("..", NEIGHBOUR, module))
    student("link-to-secret").joinpath(module).symlink_to(secret)
    student("link-dangling").joinpath(module).symlink_to(secret.parent / "nowhere.py")
    student("notebook-link").joinpath(nb).symlink_to(notebook)
    (folder / "folder-link").symlink_to(solutions, target_is_directory=True)
    student("nbgrader-link").joinpath(name).symlink_to(solutions, target_is_directory=True)
    os.link(outside, student("hard-link") / module)
    os.mkfifo(student("fifo") / module)
    student("oversized").joinpath(module).write_bytes(code + b"#" * (3 << 20) + b"\n")
    if os.geteuid() == 0:
        os.mknod(student("char-device") / module, stat.S_IFCHR | 0o600, os.makedev(1, 5))
        expected["char-device"] = f"{module} is a character device, not a file"
    zips = {
        "zip-symlink": symlink_zip(module, str(secret)),
        "zip-bzip2-bomb": lie_about_size(zip_of(module, zeros(bomb_mib), zipfile.ZIP_BZIP2),
                                         1000),
        "zip-lzma": zip_of(module, [code], zipfile.ZIP_LZMA),
        "zip-deflate-liar": lie_about_size(zip_of(module, [code, *zeros(16)],
                                                  zipfile.ZIP_DEFLATED), len(code)),
        "zip-declares-huge": zip_of(module, [code, *zeros(3)], zipfile.ZIP_DEFLATED),
        "zip-100k-records": many_records(module, 100_000),
        "zip-oversized": zip_of(module, [code, *zeros(7)], zipfile.ZIP_STORED),
    }
    for sid, data in zips.items():
        student(sid).joinpath(archive).write_bytes(data)
    elsewhere = secret.parent / archive
    elsewhere.write_bytes(zip_of(module, [code], zipfile.ZIP_DEFLATED))
    student("zip-itself-a-link").joinpath(archive).symlink_to(elsewhere)
    return expected
