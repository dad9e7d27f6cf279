"""Records which of the grader's modules a process imported, for ``tests/test_fast_lane.py``.

Python imports ``sitecustomize`` at start-up from the path; the fast lane puts this folder on
``PYTHONPATH`` and names a folder in ``AUTOGRADE_IMPORT_LOG``, so the pytest process and every
Python subprocess it starts (the ``autograde`` CLI, ``check.py``, the notebooks' kernels) write,
when they exit, the files of the modules they ran under the repository: every module's code
object goes through ``exec`` (Python's loaders and pytest's assertion rewriter alike), which
raises the audit event ``exec``; modules dropped from ``sys.modules`` later (a hidden suite
after its grade) are kept. A module's top level runs when it is imported, so this is what line
coverage told us ("some line executed"), at a fraction of its cost. Processes started with
``python -I`` (the sandbox's fork server and workers) ignore both variables and are left out,
as they were from coverage. The ``autograde`` console script leaves with ``os._exit`` (no
interpreter teardown, so no ``atexit``): the recorder wraps ``os._exit`` to write first.
"""
import atexit
import os
import sys

_FOLDER = os.environ.get("AUTOGRADE_IMPORT_LOG")
_ROOT = os.environ.get("AUTOGRADE_IMPORT_ROOT", "")
_ran: set[str] = set()


def _audit(event: str, args: tuple) -> None:
    if event == "exec":
        _ran.add(getattr(args[0], "co_filename", ""))


def _write() -> None:
    files = _ran | {getattr(m, "__file__", None) for m in list(sys.modules.values())}
    mine = sorted(f for f in files if isinstance(f, str) and f.startswith(_ROOT + os.sep))
    path = os.path.join(_FOLDER, f"{os.getpid()}.txt")
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write("\n".join(mine))
    except OSError:     # a child that gave up root (a test's setuid) cannot write here; its
        pass            # parent, which imported what it ran, does


def _exit_after_writing(code: int, _exit=os._exit) -> None:
    _write()
    _exit(code)


if _FOLDER and _ROOT:
    sys.addaudithook(_audit)
    atexit.register(_write)
    os._exit = _exit_after_writing
