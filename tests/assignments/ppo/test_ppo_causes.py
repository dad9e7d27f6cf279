"""Causes of real-looking buggy ppo functions, graded by the real grader as a course grades them.

``causes/*.py``: one or more functions swapped into the reference (as a known mistake is), in
the styles students write (loops, numpy, float32 inside, an extra eps, torch.where), each
with ``CAUSE``, a regular expression that the right cause's words match, written from what
the code computes before grading it; ``$^`` marks a correct variant, which must lose no point
and be shown no cause. Kinds: a clip on one side, the band in log space, clip_eps not passed
on or hard-coded at 0.1 or 0.3, the min of the batch means, the min over the ratios before A
multiplies, the product r * A clamped (to the band, or between (1 -+ eps) * A), the
surrogate's conventions written inline in the loss, advantages centred, std-scaled or
standardised (either std, any small eps), entropy terms of several coefficients, the plain
policy-gradient loss, a KL with no mean, KL estimates clamped at zero (per sample or whole),
mean(r - 1), weighted by the new probability, squared without the half, k3 reversed, pairs
(a known mistake with its sign flipped or summed), the answer's type, a gradient cut.
"""
import re
import tempfile
from pathlib import Path

import pytest

from autograder.authoring import course
from autograder.engine.mutants import Mutant
from conftest import grade_json

CASES = Path(__file__).resolve().parent / "causes"


def shown(result: dict) -> list[str]:
    """The ``likely cause:`` and ``diagnosis:`` lines of a graded submission."""
    return [line.strip() for t in result["tests"] for line in t["output"].splitlines()
            if line.strip().startswith(("likely cause:", "diagnosis:"))
            and "differs by more than any rounding" not in line]


def grade_cases(folder: Path = CASES) -> dict[str, tuple[str, dict]]:
    """case -> (its CAUSE, its graded result)."""
    assignment = course.get("ppo")
    cases = [Mutant(p.stem, p, assignment) for p in sorted(folder.glob("*.py"))]
    with tempfile.TemporaryDirectory() as tmp:
        batch = Path(tmp) / "batch"
        for m in cases:
            (batch / m.name).mkdir(parents=True)
            (batch / m.name / "ppo.py").write_text(m.materialize())
        by_name, _ = grade_json([batch], "ppo", Path(tmp) / "out", "--jobs", "2", "--skip-slow")
    return {m.name: (m._constant("CAUSE"), by_name[m.name]) for m in cases}


def verdicts(graded) -> dict[str, str]:
    """case -> "right", "wrong: <line>", "none", or for a correct variant "fair"/"unfair"."""
    out = {}
    for name, (cause, result) in graded.items():
        lines = shown(result)
        if cause == "$^":
            lost = any(t["score"] < t["max_score"] for t in result["tests"])
            out[name] = "unfair" if lost or lines else "fair"
        elif any(re.search(cause, line) for line in lines):
            out[name] = "right"
        else:
            out[name] = f"wrong: {lines[0]}" if lines else "none"
    return out


@pytest.mark.slow
def test_invented_buggy_functions_get_their_cause_and_correct_ones_none():
    got = verdicts(grade_cases())
    assert not [n for n, v in got.items() if v == "unfair"], got
    assert not [n for n, v in got.items() if v.startswith("wrong")], got
    assert not [n for n, v in got.items() if v == "none"], got


if __name__ == "__main__":
    for case, verdict in verdicts(grade_cases()).items():
        print(f"{case:28} {verdict}")
