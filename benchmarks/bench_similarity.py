"""The similarity check on the bank of disguised copies, before and after code was compared
as code: per disguise, how much of a copy and of its source each check matches.

The bank (``tests/disguises.py``): an assignment's (default: the registry's example) reference
and its correct variants (``tests/variants/<name>/``, independent solutions), and each of them
copied under every disguise (parentheses, renames, reordering, dead code, ``exec`` of an
encoded string, a notebook class body, a mix). One class folder holds all of them; it is
read the way ``autograde similarity`` reads a class (``similarity.collect``).

Both checks run in this process, side by side, on the same files: the one in this checkout,
and ``autograder/review/similarity.py`` as it was at ``--baseline`` (default: the commit
before this work), loaded from git beside it. For each disguise it prints the shares matched
(copy / source: the median over the sources, and the lowest), then the detection rate (copy
and source listed at the default threshold) and the false-pair rate (pairs listed that are
not a copy and its source, or two copies of one source) of each check, and how long each
took, as a ratio.

Run::

    .venv/bin/python benchmarks/bench_similarity.py [--baseline COMMIT] [-a NAME]
"""
from __future__ import annotations

import argparse
import itertools
import statistics
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import disguises  # noqa: E402

from autograder.authoring import course  # noqa: E402
from autograder.review import similarity  # noqa: E402

BASELINE = "4455eef"


def old_similarity(commit: str) -> types.ModuleType:
    source = subprocess.run(["git", "show", f"{commit}:autograder/review/similarity.py"],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout
    module = sys.modules["similarity_before"] = types.ModuleType("similarity_before")
    exec(compile(source, f"similarity.py@{commit}", "exec"), module.__dict__)
    return module


def build_class(folder: Path, assignment) -> dict[str, str]:
    """The bank as a class folder; returns student -> the source it was made from."""
    variants = ROOT / "tests" / "variants" / assignment.name
    sources = {"reference": assignment.reference_module.read_text()}
    sources |= {v.name: (v / f"{assignment.name}.py").read_text()
                for v in sorted(variants.iterdir())}
    notebook = (assignment.release_dir / f"{assignment.name}.ipynb").read_text()
    family = {}
    for name, text in sources.items():
        (folder / name).mkdir(parents=True)
        (folder / name / f"{assignment.name}.py").write_text(text)
        family[name] = name
    for (name, disguise), (suffix, text) in disguises.bank(sources, notebook).items():
        student = f"{name}~{disguise}"
        (folder / student).mkdir()
        (folder / student / f"{assignment.name}.{suffix}").write_text(text)
        family[student] = name
    return family


def shares(found: dict) -> dict[frozenset, tuple[float, float]]:
    return {frozenset((p["a"], p["b"])): (p["similarity_a"], p["similarity_b"], p["a"])
            for p in found["pairs"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default=BASELINE, help=f"commit (default {BASELINE})")
    parser.add_argument("--assignment", "-a", default=course.example().name,
                        help="whose reference and variants make the bank (default: the "
                             "registry's example)")
    args = parser.parse_args()
    assignment = course.get(args.assignment)
    before = old_similarity(args.baseline)
    with tempfile.TemporaryDirectory() as tmp:
        klass = Path(tmp) / "class"
        family = build_class(klass, assignment)
        docs, _ = similarity.collect(klass, assignment)
    old_docs = [before.Doc(d.student, d.file, d.code) for d in docs]
    results, seconds = {}, {}
    for label, module, given in (("before", before, old_docs), ("after", similarity, docs)):
        started = time.perf_counter()
        results[label] = shares(module.check(given, assignment, threshold=0.0))
        seconds[label] = time.perf_counter() - started

    def pair(label, copy, source):
        a, b, first = results[label].get(frozenset((copy, source)), (0.0, 0.0, copy))
        return (a, b) if first == copy else (b, a)

    sources = [s for s in family if family[s] == s]
    print(f"{assignment.name}: {len(sources)} independent solutions, "
          f"{len(family) - len(sources)} disguised copies; copy / source matched, "
          "median over the sources (lowest)")
    print(f"{'disguise':22} {'before':>24} {'after':>24}")
    for disguise in disguises.DISGUISES:
        cells = []
        for label in ("before", "after"):
            got = [pair(label, f"{s}~{disguise}", s) for s in sources]
            med = [statistics.median(x[i] for x in got) for i in (0, 1)]
            low = [min(x[i] for x in got) for i in (0, 1)]
            cells.append(f"{med[0]:4.0%} / {med[1]:4.0%} ({low[0]:3.0%} / {low[1]:3.0%})")
        print(f"{disguise:22} {cells[0]:>24} {cells[1]:>24}")
    threshold = 0.5
    for label in ("before", "after"):
        copies = [(s, family[s]) for s in family if family[s] != s]
        found = sum(max(pair(label, c, s)) >= threshold for c, s in copies)
        unrelated = [frozenset(p) for p in itertools.combinations(family, 2)
                     if family[p[0]] != family[p[1]]]
        false = [p for p in unrelated if max(results[label].get(p, (0, 0))[:2]) >= threshold]
        worst = max(max(results[label].get(p, (0, 0))[:2]) for p in unrelated)
        print(f"{label}: detection {found}/{len(copies)} = {found / len(copies):.0%}; "
              f"false pairs {len(false)}/{len(unrelated)} = {len(false) / len(unrelated):.1%} "
              f"(most alike of those: {worst:.0%})")
    print(f"time of the check, after / before: {seconds['after'] / seconds['before']:.2f} "
          f"({len(docs)} files, {len(docs) * (len(docs) - 1) // 2} pairs)")


if __name__ == "__main__":
    main()
