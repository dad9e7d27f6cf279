"""The red-team bank (``tests/forgeries/bank.py``): five or more routes per class of forgery of
the verdicts observed where the student's code runs, graded as a TA would, in one batch per
assignment beside their honest twins and a correct neighbour. No route scores more than its
twin, and the neighbour keeps every point of its module."""
import json
import subprocess
import sys
from collections import Counter

import pytest

from conftest import ROOT, lost, make_submission
from forgeries.bank import PRELUDE, ROUTES

NEIGHBOUR = "zz-correct-neighbour"
#: each twin: its assignment, and how the reference becomes it
TWINS = {
    "loss": ("grpo", "advantages.detach() * sequence_logprob", "advantages * sequence_logprob"),
    "inplace": ("grpo", None, None),
    "tis": ("grpo_lm", "logp_trainer.detach() - logp_rollout", "logp_trainer - logp_rollout"),
}
#: the right values, written over the argument
IN_PLACE = '''

_right_values = group_advantages


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    return rewards.copy_(_right_values(rewards, normalize_std, eps))
'''


def twin_source(twin: str) -> str:
    assignment, old, new = TWINS[twin]
    source = (ROOT / "solutions" / assignment / f"{assignment}.py").read_text()
    if twin == "inplace":
        return source + IN_PLACE
    assert source.count(old) == 1, (twin, old)
    return source.replace(old, new)


def test_the_bank_has_five_routes_of_each_class_and_each_has_a_twin():
    per_class = Counter(route.cls for route in ROUTES)
    assert set(per_class) == {"channel", "frames", "tracing", "names", "attributes"}
    assert min(per_class.values()) >= 5, per_class
    assert {route.twin for route in ROUTES} <= set(TWINS)
    assert len({route.name for route in ROUTES}) == len(ROUTES)
    for twin in TWINS:
        compile(twin_source(twin), twin, "exec")
    for route in ROUTES:
        compile(twin_source(route.twin) + PRELUDE + route.code, route.name, "exec")


def grade(folder, assignment: str) -> dict:
    proc = subprocess.run([sys.executable, "-m", "autograder.cli", "grade", str(folder), "-a",
                           assignment, "--jobs", "2", "--skip-slow", "--out",
                           str(folder.parent / f"out-{assignment}"), "--json"],
                          capture_output=True, text=True, cwd=ROOT, timeout=1200)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return {r["submission"]: r for r in json.loads(proc.stdout)}


@pytest.mark.slow
@pytest.mark.parametrize("assignment", ["grpo", "grpo_lm"])
def test_no_route_scores_more_than_its_honest_twin(tmp_path, assignment):
    classroom = tmp_path / "class"
    twins = [t for t, (a, _, _) in TWINS.items() if a == assignment]
    routes = [r for r in ROUTES if r.twin in twins]
    for twin in twins:
        make_submission(classroom / f"twin-{twin}", assignment, twin_source(twin))
    for route in routes:
        make_submission(classroom / route.name, assignment,
                        twin_source(route.twin) + PRELUDE + route.code)
    make_submission(classroom / NEIGHBOUR, assignment,
                    (ROOT / "solutions" / assignment / f"{assignment}.py").read_text())
    results = grade(classroom, assignment)
    assert not lost(results[NEIGHBOUR]), [t["name"] for t in lost(results[NEIGHBOUR])]
    over = {r.name: (results[r.name]["score"], results[f"twin-{r.twin}"]["score"])
            for r in routes if results[r.name]["score"] > results[f"twin-{r.twin}"]["score"]}
    assert not over, over
    for name, result in results.items():
        assert not any("internal error" in t["output"] for t in result["tests"]), name
