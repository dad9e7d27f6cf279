"""Feedback that cannot teach the hidden answers (issue 48, point 4; docs/security.md,
"Feedback on hidden cases").

The attack: a ``grpo.py`` that implements nothing keys each call by its input bytes and returns
values learnt from an earlier round's feedback. Two defences, tested here beside a control
that shows the attack working without them:

* hidden inputs are drawn per grade (:mod:`autograder.engine.draws`): the same submission gets
  the same cases, changed code new ones, so a table keyed by inputs never meets them again;
* a hidden case's feedback shows two significant figures of the expected values where its
  inputs were drawn, none where it is the same every grade, and the difference only as an order
  of magnitude; public checks show everything.

The attacker modelled is stronger than any feedback reader: after each round it knows the EXACT
answer of every drawn case it was graded on (not the two figures feedback shows), plus every
public check's answer, and falls back to the answer of its nearest known input. The fixed cases'
answers it does not know: their feedback shows none of their digits (checked below).
"""
import hashlib
import html
import inspect
import json
import re
from pathlib import Path

import pytest
import torch

from autograder.authoring import course
from autograder.engine import draws, grade
from autograder.engine.compare import Compare
from autograder.engine.plugin import load_module, reference_module
from autograder.sandbox.servers import Zygote
from conftest import make_submission
from pgcheck.assertions import Mismatch, expect_close, expect_float

GRPO = course.get("grpo")

#: the key a learner files an answer under: its function and its arguments' bytes
KEY = '''
def _key(fn, bound):
    h = hashlib.sha256(fn.encode())
    for name, value in bound.arguments.items():
        h.update(name.encode())
        if isinstance(value, torch.Tensor):
            h.update(str(value.dtype).encode() + str(tuple(value.shape)).encode())
            h.update(value.detach().contiguous().reshape(-1).to(torch.float64).numpy().tobytes())
        else:
            h.update(repr(value).encode())
    return h.hexdigest()
'''

LEARNER = '''
import hashlib, inspect, math
import torch

inf, nan = math.inf, math.nan
TABLE = {table!r}
''' + KEY + '''


def _answer(fn, frame_fn, args, kwargs, miss):
    bound = inspect.signature(frame_fn).bind(*args, **kwargs)
    bound.apply_defaults()
    known = TABLE.get(_key(fn, bound))
    if known is None:       # the nearest input of the same function and shape
        first = next(v for v in bound.arguments.values() if isinstance(v, torch.Tensor))
        best = None
        for entry in TABLE.values():
            if entry["fn"] == fn and entry["shape"] == list(first.shape):
                d = float((torch.tensor(entry["x"], dtype=torch.float64)
                           - first.detach().to(torch.float64).reshape(-1)).abs().nan_to_num(1e9).sum())
                if best is None or d < best[0]:
                    best = (d, entry)
        known = best[1] if best else None
    if known is None:
        return miss(bound)
    out = torch.tensor(known["value"], dtype=getattr(torch, known["dtype"]))
    return out.reshape(known["out_shape"])


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    return _answer("group_advantages", group_advantages, (rewards, normalize_std, eps), {{}},
                   lambda b: torch.zeros_like(b.arguments["rewards"]))


def sequence_logprob(token_logprobs, mask):
    return _answer("sequence_logprob", sequence_logprob, (token_logprobs, mask), {{}},
                   lambda b: torch.zeros(token_logprobs.shape[0], dtype=token_logprobs.dtype))


def grpo_loss(token_logprobs, mask, advantages):
    return _answer("grpo_loss", grpo_loss, (token_logprobs, mask, advantages), {{}},
                   lambda b: torch.zeros((), dtype=token_logprobs.dtype))
'''


def key(fn: str, bound) -> str:
    """The learner's key of a call (:data:`KEY`, run here)."""
    namespace = {"hashlib": hashlib, "torch": torch}
    exec(KEY, namespace)
    return namespace["_key"](fn, bound)


def entry(fn: str, args, kwargs):
    """(key, what the learner stores) of the reference's exact answer to one call."""
    function = getattr(reference_module(GRPO), fn)
    bound = inspect.signature(function).bind(*args, **kwargs)
    bound.apply_defaults()
    with torch.no_grad():
        value = function(*args, **kwargs)
    value = torch.as_tensor(value).detach()
    first = next(v for v in bound.arguments.values() if isinstance(v, torch.Tensor))
    return key(fn, bound), {
        "fn": fn, "shape": list(first.shape),
        "x": first.detach().to(torch.float64).reshape(-1).tolist(),
        "value": value.reshape(-1).tolist(), "dtype": str(value.dtype).replace("torch.", ""),
        "out_shape": list(value.shape)}


def public_entries() -> dict:
    """Every public check's call, with the reference's exact answer: what a student sees."""
    table = {}

    class Recorder:
        def __getattr__(self, fn):
            def call(*args, **kwargs):
                k, e = entry(fn, args, kwargs)
                table[k] = e
                return getattr(reference_module(GRPO), fn)(*args, **kwargs)
            return call
    checks = load_module(GRPO.checks_module, "_hidden_feedback_checks")
    for name, check in vars(checks).items():
        if name.startswith("check_") and callable(check):
            try:
                check(Recorder())
            except Exception:  # noqa: BLE001 - a check of an answer cell, say
                pass
    return table


def attack_round(tmp: Path, name: str, table: dict, zygote) -> tuple[float, dict]:
    """Grade the learner holding ``table``: (points earned on the hidden tests, the exact
    answers of every drawn case it was asked, learnt as if feedback had shown every digit)."""
    make_submission(tmp / name, "grpo", LEARNER.format(table=table))
    learnt = {}
    observe = Compare._observe

    def spy(self, fn, kind, args, kwargs, *rest, **more):
        if kind == "value" and draws.revealed() == draws.DRAWN:
            k, e = entry(fn, args, kwargs)
            learnt[k] = e
        return observe(self, fn, kind, args, kwargs, *rest, **more)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Compare, "_observe", spy)
        graded = grade.grade(name, tmp / name, GRPO, grade.Options(out_dir=tmp / "out"), zygote)
    hidden = sum(o.score for o in graded.outcomes
                 if not o.name.startswith(("public:", "table exercise", "written")))
    public = [o.status for o in graded.outcomes if o.name.startswith("public:")]
    assert public and set(public) == {"passed"}, "the learner's table answers what it knows"
    return hidden, learnt


def learn(tmp: Path, rounds: int) -> list[float]:
    """The issue's attack over ``rounds`` rounds: the hidden points of each round."""
    zygote = Zygote()
    try:
        table, scores = public_entries(), []
        for r in range(rounds):
            score, learnt = attack_round(tmp, f"round{r}", table, zygote)
            scores.append(score)
            table = {**table, **learnt}
    finally:
        zygote.close()
    print(f"hidden points by round: {scores}")     # -s shows the figures
    return scores


@pytest.mark.slow
def test_a_table_learnt_from_feedback_gains_nothing_round_after_round(tmp_path):
    scores = learn(tmp_path, 3)
    assert scores[1] <= scores[0] and scores[2] <= scores[0], scores
    out = tmp_path / "out"
    for student in ("round1", "round2"):     # every public check passed: all else is hidden
        shown = hidden_outputs(out / student)
        assert shown, "the learner failed hidden tests: their feedback is checked"
        for text in shown:
            assert_coarse(text)
        assert_coarse((out / student / "feedback.md").read_text())
        assert_coarse(html.unescape((out / student / "feedback.html").read_text()))


@pytest.mark.slow
def test_the_control_without_draws_is_the_attack_the_issue_reported(tmp_path, monkeypatch):
    """With the inputs fixed (the grader before the fix), the same learner gains a lot."""
    monkeypatch.setattr(draws, "grade_seed", lambda secret, submission: None)
    scores = learn(tmp_path, 2)
    assert scores[1] >= scores[0] + 15, scores


def hidden_outputs(folder: Path) -> list[str]:
    """The feedback of every failed hidden test, from results.json."""
    results = json.loads((folder / "results.json").read_text())
    return [t["output"] for t in results["tests"]
            if t.get("output") and not t["name"].startswith("public:")
            and t.get("visibility") != "visible"]


EXPECTED_NUMBERS = re.compile(r"expected (?:about )?(-?[\d.]+(?:e[-+]?\d+)?)"
                              r"|expected \[([^\]]*)\]")
SIZES = re.compile(r"off by about (\S+) \(relative about (\S+)\)")


def significant(number: str) -> int:
    digits = number.lstrip("-").split("e")[0].replace(".", "").lstrip("0")
    return len(digits)


def assert_coarse(text: str) -> None:
    """No more than two significant figures of any expected value, sizes as powers of ten."""
    for single, listed in EXPECTED_NUMBERS.findall(text):
        for number in [single] if single else re.findall(r"-?[\d.]+(?:e[-+]?\d+)?", listed):
            assert significant(number) <= 2, (number, text)
    for size in [s for pair in SIZES.findall(text) for s in pair]:
        assert re.fullmatch(r"1e[-+]\d\d|inf|0", size), (size, text)


# -- what each level shows ------------------------------------------------------------------

def failure(actual, expected) -> Mismatch:
    try:
        if isinstance(expected, float):
            expect_float(actual, expected, case="the case")
        else:
            expect_close(actual, expected, case="the case")
    except Mismatch as exc:
        return exc
    raise AssertionError("no failure")


@pytest.mark.parametrize("actual, expected", [
    (torch.tensor([0.1, -0.51234567, 2.0]), torch.tensor([0.1, -0.51294999, 2.0])),
    (torch.tensor([[0.0, 1.0], [3.3, 4.0]]), torch.tensor([[0.0, 1.0], [3.14159265, 4.0]])),
    (torch.zeros(12), torch.linspace(-1.2345678, 9.87654321, 12)),
    (0.7, 0.70710678),
    (-3.0, 123.456789),
])
def test_hidden_levels_show_no_more_of_the_expected_values_than_they_say(actual, expected):
    exc = failure(actual, expected)
    everything = str(exc)
    values = torch.as_tensor(expected, dtype=torch.float64).reshape(-1).tolist()
    assert any(f"{v:.4g}" in everything for v in values if v not in (0.0, 1.0, 2.0, 4.0))
    exc.shown = draws.DRAWN
    coarse = str(exc)
    assert_coarse(coarse)
    assert "expected" in coarse and "off by about" in coarse
    exc.shown = draws.FIXED
    fixed = str(exc)
    assert_coarse(fixed)
    assert "expected about" not in fixed and "\n  expected" not in fixed
    assert "not shown" in fixed
    for v in values:        # no digits of a value the student did not return
        if v not in torch.as_tensor(actual, dtype=torch.float64).reshape(-1).tolist() \
                and abs(v) not in (0.0, 1.0, 2.0, 4.0):
            assert f"{v:.2g}" not in fixed.split("got", 1)[0], (v, fixed)


def test_a_cause_quoting_the_expected_value_is_coarsened_on_hidden_cases():
    exc = failure(torch.tensor([-2.6013]), torch.tensor([2.6013])).with_hint(
        "your answer is exactly minus the expected one on all 5 failed cases (expected 2.601, "
        "got -2.601): a sign is flipped")
    assert "(expected 2.601, got -2.601)" in str(exc)
    exc.shown = draws.DRAWN
    assert "(expected about 2.6, got -2.601)" in str(exc)
    assert_coarse(str(exc))
    exc.shown = draws.FIXED
    assert "(expected (not shown), got -2.601): a sign is flipped" in str(exc)


def test_a_grades_seed_follows_the_submission_and_a_secret_of_the_hidden_files():
    secret = draws.secret(GRPO)
    assert draws.grade_seed(secret, "a") == draws.grade_seed(secret, "a")
    assert draws.grade_seed(secret, "a") != draws.grade_seed(secret, "b")
    others = [a for a in course.assignments().values() if a.name != GRPO.name]
    assert draws.grade_seed(secret, "a") != draws.grade_seed(draws.secret(others[0]), "a")
    released = b"".join(p.read_bytes() for p in (GRPO.root / "assignments" / GRPO.name).rglob("*")
                        if p.is_file())
    assert secret.hex().encode() not in released and secret not in released
    with draws.grading(draws.grade_seed(secret, "a")):
        first = torch.randn(3, generator=draws.gen(1))
        again = torch.randn(3, generator=draws.gen(1))
    with draws.grading(draws.grade_seed(secret, "b")):
        other = torch.randn(3, generator=draws.gen(1))
    outside = torch.randn(3, generator=draws.gen(1))
    assert torch.equal(first, again) and not torch.equal(first, other)
    assert torch.equal(outside, torch.randn(3, generator=torch.Generator().manual_seed(1)))


def test_a_test_that_draws_nothing_is_a_fixed_case():
    draws.begin_test()
    assert draws.revealed() == draws.FIXED
    draws.gen(3)
    assert draws.revealed() == draws.DRAWN
    draws.begin_test()
    assert draws.revealed() == draws.FIXED
