"""Every name a module of the grader, the student runtime or a hidden suite reads is defined:
``autograde demo`` once called ``summary_table`` without importing it, a NameError that only
its end-to-end run would have met. This reads each module's symbol table (the compiler's own
view of its scopes, :mod:`symtable`) and checks every global a function or the module reads
against what the module defines, imports or declares global, and the builtins."""
import ast
import builtins
import symtable
from pathlib import Path

import pytest

from conftest import ROOT

#: names every module has without defining them
MODULE_NAMES = {"__file__", "__name__", "__doc__", "__spec__", "__loader__", "__package__",
                "__builtins__", "__path__", "__annotations__", "__dict__"}



def fragment(path: Path) -> bool:
    """A submission fragment: its functions are swapped into the reference, whose other
    functions (``clipped_surrogate`` beside a ``ppo_clip_loss``) it reads as globals: the
    banks' ``variants`` and ``mutants``, the held-out sets, and the graded ``causes`` forms of
    ``tests/assignments/<name>/causes``."""
    parts = path.relative_to(ROOT).parts
    return ("variants" in parts or "mutants" in parts
            or any(part.startswith("held_out") for part in parts)
            or parts[:2] == ("tests", "assignments") and "causes" in parts)


SOURCES = sorted(p for folder in ("autograder", "pgcheck", "benchmarks", "solutions", "tests")
                 for p in (ROOT / folder).rglob("*.py")
                 if "__pycache__" not in p.parts and not fragment(p))


def scopes(table):
    yield table
    for child in table.get_children():
        yield from scopes(child)


def undefined_globals(path: Path) -> set[str]:
    """The globals ``path``'s code reads that nothing defines."""
    top = symtable.symtable(path.read_text(), str(path), "exec")
    defined = {s.get_name() for s in top.get_symbols()
               if s.is_assigned() or s.is_imported() or s.is_namespace()}
    defined |= {s.get_name() for t in scopes(top) for s in t.get_symbols()
                if s.is_declared_global() and s.is_assigned()}
    read = {s.get_name() for t in scopes(top) for s in t.get_symbols()
            if s.is_referenced() and (t is top or s.is_global())}
    return read - defined - set(dir(builtins)) - MODULE_NAMES


def test_the_check_sees_a_missing_import(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("from json import dumps\n\ndef run(x):\n    y = dumps(x)\n"
                      "    return summary_table(y)\n")
    assert undefined_globals(module) == {"summary_table"}


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_global_a_module_reads_is_defined(path):
    stars = [n for n in ast.walk(ast.parse(path.read_text()))
             if isinstance(n, ast.ImportFrom) and any(a.name == "*" for a in n.names)]
    assert not stars, "a star import defines names no reader (nor this check) can see"
    assert undefined_globals(path) == set(), f"{path.relative_to(ROOT)} reads undefined names"
