"""The cart-pole check end to end, through the sandbox: correct losses pass with a learning
curve in the feedback; a loss with the wrong sign fails fast, saying why."""
import json
import shutil
import xml.etree.ElementTree as ET

import pytest

from autograder.authoring import course
from autograder.engine import mutants
from autograder.training.modules import check_module
from conftest import ROOT, grade_json, make_submission

rl_check = check_module(course.get("ppo"))      # this folder's assignment's training check


@pytest.mark.slow
def test_cartpole_passes_correct_losses_and_fails_a_sign_flip(tmp_path):
    batch = tmp_path / "batch"
    make_submission(batch / "reference", "ppo", course.get("ppo").reference_module.read_text())
    for variant in sorted((ROOT / "tests" / "variants" / "ppo").iterdir()):
        shutil.copytree(variant, batch / f"variant-{variant.name}")
    flip = next(m for m in mutants.bank(course.get("ppo")) if m.name == "loss_sign")
    make_submission(batch / "sign-flip", "ppo", flip.materialize())
    results, _ = grade_json([batch], "ppo", tmp_path / "out", "--jobs", "2")

    def cartpole(sid):
        return next(t for t in results[sid]["tests"] if t["name"].startswith("cart-pole"))

    for sid in results:
        feedback = (tmp_path / "out" / sid / "feedback.md").read_text()
        assert "![CartPole-v1 learning curve](cartpole.svg)" in feedback
        svg = ET.fromstring((tmp_path / "out" / sid / "cartpole.svg").read_text())
        curves = svg.findall(".//{http://www.w3.org/2000/svg}polyline")
        assert curves and all(len(c.get("points").split()) > 20 for c in curves)
        page = (tmp_path / "out" / sid / "feedback.html").read_text()
        assert '<img src="data:image/svg+xml;base64,' in page and "<h1>" in page
    for sid in [s for s in results if s != "sign-flip"]:
        assert cartpole(sid)["score"] == cartpole(sid)["max_score"], cartpole(sid)["output"]
    failed = cartpole("sign-flip")
    assert failed["score"] == 0
    assert f"stopped at {rl_check.RULE.abort_at:,} steps" in failed["output"]
    assert "mean length" in failed["output"]


def test_rule_rejects_weights_that_do_not_fit():
    import torch

    good = rl_check.trainer().mlp(32, 2).state_dict()
    bad_shape = {**good, "0.weight": torch.zeros(3, 3)}
    not_finite = {**good, "0.bias": torch.full_like(good["0.bias"], float("nan"))}
    for weights in (bad_shape, not_finite, {"x": torch.zeros(1)}, "weights"):
        with pytest.raises(ValueError):
            rl_check.rebuild_policy(weights, 32)
    assert isinstance(rl_check.rebuild_policy(good, 32), torch.nn.Module)


def test_judge_believes_only_its_own_evaluation_and_tries_every_seed():
    """The worker's claims are not believed: an untrained policy that 'reached 475' fails,
    on every seed the rule allows."""
    untrained = rl_check.trainer().mlp(32, 2).state_dict()
    calls = []

    def liar(seed):
        calls.append(seed)
        return {"weights": untrained, "hidden": 32, "reached_at": 1, "steps": 1,
                "episodes": [[1, 500]] * 10}

    attempts = rl_check.judge(liar)
    assert not rl_check.passed(attempts)
    assert calls == list(rl_check.RULE.seeds[:rl_check.RULE.attempts])
    assert all(a.eval_mean < 100 for a in attempts)


@pytest.mark.parametrize("forged", [["not", "a dict"], {"steps": "many"}, {"seconds": 10**400},
                                    {"reached_at": "soon", "weights": {}}, {"episodes": [[1]]}])
def test_judge_takes_forged_results_as_a_failed_seed_not_its_own_fault(forged):
    """A run's results come from the worker, which the student's code can rewrite: results of
    the wrong shape fail the seed, saying so, instead of surfacing as the grader's error."""
    attempts = rl_check.judge(lambda seed: forged)
    assert not rl_check.passed(attempts)
    assert all(a.error.startswith("the training run's results do not fit") for a in attempts)
    assert "do not fit" in rl_check.summary(attempts)


def test_wilson_interval():
    lo, hi = rl_check.wilson(0, 300)
    assert lo == 0 and 0.01 < hi < 0.013
    lo, hi = rl_check.wilson(300, 300)
    assert hi > 0.9999 and 0.987 < lo < 0.99


@pytest.mark.slow
def test_calibrate_and_experiment_commands_small(tmp_path):
    """What the README's instructor walkthrough leaves out: calibrate's ``--write-docs`` and
    ``--json``, and an experiment's report. One seed of each is enough here: the walkthrough
    (tests/test_readme.py) runs the README's two seeds of each and reads the table it prints."""
    from conftest import autograde

    doc = tmp_path / "cartpole.md"
    doc.write_text("x\n<!-- calibration:start -->\nold\n<!-- calibration:end -->\ny\n")
    proc = autograde("calibrate", "ppo", "--seeds", "1", "--mutants", "loss_sign:1",
                     "--write-docs", doc, "--json", tmp_path / "cal.json")
    text = doc.read_text()
    assert "| reference | 1 |" in text and "| loss_sign | 1 | 0 |" in text and "old" not in text
    assert "pass rate (95 % interval)" in proc.stdout
    assert json.loads((tmp_path / "cal.json").read_text()), "calibrate --json wrote nothing"
    autograde("experiment", "cartpole", "--seeds", "1", "--steps", "2000", "--out", tmp_path / "x")
    report = (tmp_path / "x" / "cartpole-experiment.md").read_text()
    for needle in ("REINFORCE with baseline", "PPO without clipping", "the text", "reduction"):
        assert needle in report
    for png in ("cartpole-curves.png", "cartpole-kl.png"):
        assert (tmp_path / "x" / png).read_bytes().startswith(b"\x89PNG")
