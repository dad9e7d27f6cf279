"""Which unprivileged uid each worker runs as: a block of uids leased per job slot.

A worker started by a root grader drops to a uid no user has. Two things keyed by a uid
outlive a process and would otherwise pass from one submission to the next: the kernel's
per-uid state (a user keyring, the process count of ``RLIMIT_NPROC``) and, in ``uid`` mode,
files and IPC objects the uid may still open. So no two workers share a uid while both could
matter:

* **between graders**: each :class:`~autograder.sandbox.servers.Zygote` (one job slot of one
  grader) leases a block of :data:`BLOCK` uids for its whole life, by holding an exclusive
  ``flock`` on that block's lock file in :func:`lock_dir`. Two graders running at the same
  time on one machine (or in one container: the lock files live in its ``/run``) never hold
  the same block; a grader that dies releases its blocks with its last file descriptor;
* **between submissions of one slot**: every worker gets the next uid of the block
  (:meth:`UidLease.next_uid`), so a uid comes back only after :data:`BLOCK` other workers,
  long after the kernel state of its last one was killed and cleaned up.

The uids stay in ``61000 .. 65095``, below ``nobody`` (65534), so they exist in any container
that maps the usual 65536 ids.
"""
from __future__ import annotations

import fcntl
import os
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

BASE_UID = 61000     #: the first uid of block 0 (no such user exists)
BLOCK = 64           #: uids per block: one slot's workers cycle through them
BLOCKS = 64          #: blocks in all: as many job slots may grade at once on one machine


def is_worker_uid(uid) -> bool:
    """Whether ``uid`` is one this module hands out (never root's, never a real user's)."""
    return isinstance(uid, int) and BASE_UID <= uid < BASE_UID + BLOCKS * BLOCK


class NoFreeUids(RuntimeError):
    """Every block is leased by a job slot of some grader still running."""


def lock_dir() -> Path:
    """Where the blocks' lock files live: ``/run/autograde-uids`` (root's, per machine or
    container); where ``/run`` is not writable, a folder of our own in the temporary folder."""
    base = Path("/run") if os.access("/run", os.W_OK) else Path(tempfile.gettempdir())
    return base / f"autograde-uids-{os.geteuid()}"


def _own_folder(path: Path) -> Path:
    """``path`` as a folder only we can write: not a link, not someone else's."""
    path.mkdir(mode=0o700, exist_ok=True)
    info = os.lstat(path)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid() or info.st_mode & 0o022:
        raise NoFreeUids(f"{path} is not a private folder of this user: refusing to keep the "
                         "uid leases there")
    return path


@dataclass
class UidLease:
    """One block of uids, held while ``fd`` (its locked lock file) stays open."""
    block: int
    fd: int = field(repr=False)
    handed_out: int = 0

    @property
    def first(self) -> int:
        return BASE_UID + self.block * BLOCK

    def next_uid(self) -> int:
        """The uid of the next worker: the block's uids in turn."""
        uid = self.first + self.handed_out % BLOCK
        self.handed_out += 1
        return uid

    def owns(self, uid: int) -> bool:
        return self.first <= uid < self.first + BLOCK

    def release(self) -> None:
        """Close our descriptor. The lock goes once no process holds one (a grading process
        forked from us keeps the block leased until it ends)."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def lease(folder: Path | None = None) -> UidLease:
    """Lease the first block no running grader holds; :class:`NoFreeUids` if there is none."""
    folder = _own_folder(folder or lock_dir())
    for block in range(BLOCKS):
        fd = os.open(folder / f"block-{block:02d}.lock",
                     os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        return UidLease(block, fd)
    raise NoFreeUids(f"all {BLOCKS} blocks of worker uids are leased by graders running on "
                     f"this machine (lock files in {folder}); wait for one to finish")
