"""The held-out sets of real buggy functions (``benchmarks/held_out_real``,
``benchmarks/held_out_real2``, ``benchmarks/held_out_real3``, ``benchmarks/held_out_real4``, ``benchmarks/held_out_real5``,
``benchmarks/held_out_real6``, ``benchmarks/held_out_real7`` and ``benchmarks/held_out_real8``,
issue 50) stay well-formed: every file loads as a whole
submission, cites where its code comes from, names its kind, and carries either the regular
expression of its real cause or ``CORRECT = True``; and ``benchmarks/bench_held_out.py`` judges a
grade the way its docstring says."""
import re
import sys
from pathlib import Path

import pytest

from conftest import ROOT

from autograder.authoring import course
from autograder.engine.mutants import Mutant

#: the sets, each a folder ``<set>/<assignment>/*.py``
SETS = [ROOT / "benchmarks" / "held_out_real", ROOT / "benchmarks" / "held_out_real2",
        ROOT / "benchmarks" / "held_out_real3", ROOT / "benchmarks" / "held_out_real4",
        ROOT / "benchmarks" / "held_out_real5", ROOT / "benchmarks" / "held_out_real6",
        ROOT / "benchmarks" / "held_out_real7", ROOT / "benchmarks" / "held_out_real8"]
#: a citation: an issue or pull request, ``owner/repo path``, or a code-search file id
CITATION = re.compile(r"^(https://github\.com/[\w.-]+/[\w.-]+/(issues|pull)/\d+( .*)?"
                      r"|[\w.-]+/[\w.-]+ \S.*|code-search file \d+.*)$")
FILES = sorted(p for folder in SETS for p in folder.glob("*/*.py"))


def as_mutant(path: Path) -> Mutant:
    return Mutant(path.stem, path, course.get(path.parent.name))


@pytest.mark.parametrize("folder", SETS, ids=lambda f: f.name)
def test_a_set_is_big_enough_and_has_controls(folder):
    files = sorted(folder.glob("*/*.py"))
    correct = [p for p in files if as_mutant(p)._constant("CORRECT")]
    assert len(files) - len(correct) >= 40 and correct
    assert {p.parent.name for p in files} == set(course.assignments())


def test_the_second_set_cites_no_source_of_the_first():
    """``held_out_real2`` measures code no cause was tuned to: none of its citations is one
    the older sets (``held_out``, ``held_out_real``) already use."""
    older = {as_mutant(p)._constant("SOURCE") for folder in ("held_out", "held_out_real")
             for p in (ROOT / "benchmarks" / folder).glob("*/*.py")}
    newer = {as_mutant(p)._constant("SOURCE") for p in SETS[1].glob("*/*.py")}
    assert not newer & older


def test_the_third_set_cites_no_source_of_the_earlier_ones():
    """``held_out_real3`` measures code no cause was tuned to: none of its citations is one that
    an earlier set (``held_out``, ``held_out_real``, ``held_out_real2``) already uses, and no
    earlier citation's issue, pull request or code-search file reappears under other words."""
    def sources(folder):
        cited = (as_mutant(p)._constant("SOURCE") for p in (ROOT / "benchmarks" / folder).glob("*/*.py"))
        return {c for c in cited if c}

    def origin(citation):
        """The issue, pull request or code-search file a citation names, else ``owner/repo path``."""
        found = re.match(r"(https://github\.com/\S+|code-search file \d+|\S+ \S+)", citation)
        return found.group(1)

    older = set().union(*(sources(f) for f in ("held_out", "held_out_real", "held_out_real2")))
    newer = sources("held_out_real3")
    assert not newer & older
    assert not {origin(c) for c in newer} & {origin(c) for c in older}


def _sources(folder):
    """The citations of a set's files."""
    cited = (as_mutant(p)._constant("SOURCE") for p in (ROOT / "benchmarks" / folder).glob("*/*.py"))
    return {c for c in cited if c}


def _origin(citation):
    """The issue, pull request or code-search file a citation names, else ``owner/repo path``."""
    found = re.match(r"(https://github\.com/\S+|code-search file \d+|\S+ \S+)", citation)
    return found.group(1)


def _repository(citation):
    """The ``owner/repo`` a citation names (an issue's or pull request's too), else None."""
    found = (re.match(r"https://github\.com/([\w.-]+/[\w.-]+)/", citation)
             or re.match(r"([\w.-]+/[\w.-]+) ", citation))
    return found.group(1).lower() if found and not citation.startswith("code-search") else None


def _assert_cites_nothing_older(newer_folder, older_folders):
    """No citation of ``newer_folder``, and no issue, pull request, code-search file or
    ``owner/repo`` it names, is one that the ``older_folders`` already cite."""
    older = set().union(*(_sources(f) for f in older_folders))
    newer = _sources(newer_folder)
    assert newer
    assert not newer & older
    assert not {_origin(c) for c in newer} & {_origin(c) for c in older}
    assert not ({_repository(c) for c in newer} - {None}) & {_repository(c) for c in older}


def test_the_fourth_set_cites_no_source_of_the_earlier_ones():
    """``held_out_real4`` measures code no cause was tuned to: none of its citations, and no
    issue, pull request, code-search file or ``owner/repo`` it names, is one that an earlier set
    (``held_out``, ``held_out_real``, ``held_out_real2``, ``held_out_real3``) already cites."""
    _assert_cites_nothing_older("held_out_real4", ("held_out", "held_out_real", "held_out_real2",
                                                   "held_out_real3"))


def test_the_fifth_set_cites_no_source_of_the_earlier_ones():
    """``held_out_real5`` measures code no cause was tuned to: none of its citations, and no
    issue, pull request, code-search file or ``owner/repo`` it names, is one that an earlier set
    (``held_out``, ``held_out_real`` to ``held_out_real4``) already cites."""
    _assert_cites_nothing_older("held_out_real5", ("held_out", "held_out_real", "held_out_real2",
                                                   "held_out_real3", "held_out_real4"))


def _grader_text():
    """Every file under ``tests/assignments/`` and ``autograder/`` (the grader's own cases and
    code, which it may be tuned to), lower-cased."""
    files = (p for folder in ("tests/assignments", "autograder") for p in (ROOT / folder).rglob("*")
             if p.is_file())
    return "\n".join(p.read_text(errors="ignore") for p in files).lower()


def test_the_seventh_set_cites_no_source_of_the_earlier_ones_nor_of_the_grader():
    """``held_out_real6`` measures code no cause was tuned to: none of its citations, and no
    issue, pull request, code-search file or ``owner/repo`` it names, is one that an earlier set
    (``held_out``, ``held_out_real`` to ``held_out_real5``) cites, nor one that appears anywhere in
    the files under ``tests/assignments/`` or ``autograder/``."""
    _assert_cites_nothing_older("held_out_real6", ("held_out", "held_out_real", "held_out_real2",
                                                   "held_out_real3", "held_out_real4",
                                                   "held_out_real5"))
    _assert_cites_nothing_of_the_grader("held_out_real6")


def _assert_cites_nothing_of_the_grader(folder):
    """No citation of ``folder``, nor the code-search file or ``owner/repo`` it names, appears
    anywhere in the files under ``tests/assignments/`` or ``autograder/``."""
    grader = _grader_text()
    for citation in _sources(folder):
        number = re.match(r"code-search file (\d+)", citation)
        names = [number.group(1)] if number else [_origin(citation).lower()]
        names += [_repository(citation)] if _repository(citation) else []
        assert not [n for n in names if n in grader], citation


def test_the_eighth_set_cites_no_source_of_the_earlier_ones_nor_of_the_grader():
    """``held_out_real7`` measures code no cause was tuned to: none of its citations, and no
    issue, pull request, code-search file or ``owner/repo`` it names, is one that an earlier set
    (``held_out``, ``held_out_real`` to ``held_out_real6``) cites, nor one that appears anywhere in
    the files under ``tests/assignments/`` or ``autograder/``."""
    _assert_cites_nothing_older("held_out_real7", ("held_out", "held_out_real", "held_out_real2",
                                                   "held_out_real3", "held_out_real4",
                                                   "held_out_real5", "held_out_real6"))
    _assert_cites_nothing_of_the_grader("held_out_real7")


def test_the_ninth_set_cites_no_source_of_the_earlier_ones_nor_of_the_grader():
    """``held_out_real8`` measures code no cause was tuned to: none of its citations, and no
    issue, pull request, code-search file or ``owner/repo`` it names, is one that an earlier set
    (``held_out``, ``held_out_real`` to ``held_out_real7``) cites, nor one that appears anywhere in
    the files under ``tests/assignments/`` or ``autograder/``."""
    _assert_cites_nothing_older("held_out_real8", ("held_out", "held_out_real", "held_out_real2",
                                                   "held_out_real3", "held_out_real4",
                                                   "held_out_real5", "held_out_real6",
                                                   "held_out_real7"))
    _assert_cites_nothing_of_the_grader("held_out_real8")


@pytest.mark.parametrize("path", FILES,
                         ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.stem}")
def test_a_file_is_labelled_and_loads(path):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_causes import GENERIC

    m = as_mutant(path)
    assert m.doc.strip(), "a docstring says what is wrong and where the code comes from"
    assert CITATION.match(m._constant("SOURCE") or ""), "SOURCE cites the code's origin"
    assert (m._constant("KIND") or "").strip(), "KIND names the kind of mistake"
    cause, correct = m._constant("CAUSE"), m._constant("CORRECT")
    assert (cause is None) != (correct is None), "either CAUSE or CORRECT = True"
    if correct is not None:
        assert correct is True
    else:
        assert not re.search(cause, "") and not re.search(cause, GENERIC, flags=re.I), \
            "CAUSE must not match every line"
    assert m.functions and set(m.functions) <= set(m.assignment.functions)
    namespace = m.load()
    assert all(callable(namespace[f]) for f in m.functions)


def test_the_benchmark_judges_a_grade(tmp_path):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_held_out import verdict

    buggy = tmp_path / course.example().name / "b.py"
    control = tmp_path / course.example().name / "c.py"
    buggy.parent.mkdir()
    buggy.write_text('"""x"""\nCAUSE = r"token"\n')
    control.write_text('"""x"""\nCORRECT = True\n')

    def result(lost: bool, *lines: str) -> dict:
        return {"tests": [{"name": "t", "score": 0.0 if lost else 1.0, "max_score": 1.0,
                           "output": "\n".join(lines)}]}

    b, c = as_mutant(buggy), as_mutant(control)
    ref, ref_lost = result(False), result(True)
    assert verdict(b, result(True, "likely cause: you averaged over tokens"), ref)[0] == "right"
    assert verdict(b, result(True, "likely cause: the sign is flipped"), ref)[0] == "wrong"
    assert verdict(b, result(True, "expected 1.0, got 2.0"), ref)[0] == "none"
    assert verdict(c, result(False), ref)[0] == "ok"
    assert verdict(c, result(True), ref)[0] == "false fail"
    assert verdict(c, result(True), ref_lost)[0] == "ok"      # the reference loses it too
    assert verdict(c, result(False, "diagnosis: your answer is standardised"), ref)[0] \
        == "cause shown"
