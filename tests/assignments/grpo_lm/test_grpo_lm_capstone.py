"""The capstone's provided code: the model, the shipped base model, the rollout engine."""
import json
import sys

import pytest
import torch

from conftest import ROOT, autograde

sys.path.append(str(ROOT / "solutions" / "grpo_lm"))
import make_base  # noqa: E402
import tinylm  # noqa: E402
import train_grpo  # noqa: E402


def test_model_is_small_and_the_shipped_weights_load_safely():
    """<= 0.5 M parameters; base_model.pt loads with weights_only=True into exactly that model."""
    model = tinylm.TinyLM()
    assert tinylm.n_params(model) <= 500_000
    state = torch.load(train_grpo.BASE_WEIGHTS, weights_only=True)
    assert set(state) == set(model.state_dict())
    assert train_grpo.BASE_WEIGHTS.stat().st_size < 1_000_000


def test_held_out_pairs_are_never_drawn_for_training():
    train = set(tinylm.problems(3000, seed=1))
    held = set(tinylm.problems(300, seed=1, held_out=True))
    assert train and held and not train & held
    share = sum(tinylm.is_held_out(a, b) for a in range(10, 100) for b in range(10, 100)) / 8100
    assert 0.11 < share < 0.14


def test_worked_format_and_slips():
    import random

    assert tinylm.worked(17, 24) == "17×20+17×4=340+68=408."
    rng = random.Random(0)
    for _ in range(50):
        slipped = make_base.with_slip(17, 24, rng)
        x, y, z = map(int, slipped[len("17×20+17×4="):-1].replace("+", "=").split("="))
        if (x, y) == (340, 68):
            assert z != 408, slipped                        # the sum slipped
        else:                                               # one partial product slipped and
            assert (x == 340) != (y == 68) and z == x + y, slipped   # the sum follows it


def test_warm_up_is_deterministic():
    """Same seed, same steps: the same weights, bit for bit."""
    first = make_base.warm_up(steps=3, batch=8).state_dict()
    second = make_base.warm_up(steps=3, batch=8).state_dict()
    assert all(torch.equal(first[k], second[k]) for k in first)


def test_base_model_is_imperfect():
    """Sampling gets some right and many wrong (room for GRPO); greedy does better."""
    torch.manual_seed(0)
    model = train_grpo.load_base()
    verify = lambda text, a, b: float(text.rstrip(".").rsplit("=", 1)[-1] == str(a * b))  # noqa: E731
    sampled = tinylm.accuracy(model, verify, n=200, seed=3)
    greedy = tinylm.accuracy(model, verify, n=200, seed=3, greedy=True)
    assert 0.2 < sampled < 0.6 and greedy > sampled + 0.1, (sampled, greedy)


def test_sampling_reports_the_models_own_log_probs():
    """The key/value cache changes nothing: sample()'s log-probs are token_logprobs() of the same ids."""
    model = train_grpo.load_base()
    prompts = tinylm.batch_prompts(tinylm.problems(16, seed=4)).repeat_interleave(2, 0)
    ids, mask, logp = tinylm.sample(model, prompts, generator=torch.Generator().manual_seed(0))
    with torch.no_grad():
        again = tinylm.token_logprobs(model, prompts, ids)
    assert torch.allclose(torch.where(mask, again, 0.0), logp, atol=1e-5)
    assert mask[:, 0].all() and (ids[~mask] == tinylm.END).all()


def test_rollout_engine_is_rounded_and_stale():
    """The engine samples with the trainer's weights of `lag` updates ago, rounded to bfloat16."""
    trainer = tinylm.TinyLM()
    engine = train_grpo.RolloutEngine(trainer, "bfloat16", lag=2)
    snapshots = []
    for step in range(4):
        with torch.no_grad():
            trainer.head.bias.fill_(step + 0.123456)
        snapshots.append(trainer.head.bias.detach().clone())
        engine.receive(trainer)
    expected = snapshots[1].to(torch.bfloat16).float()       # two updates before the last
    assert torch.equal(engine.model.head.bias, expected)
    assert not torch.equal(engine.model.head.bias, snapshots[1])


@pytest.mark.slow
def test_mismatch_experiment_command(tmp_path):
    """`autograde experiment mismatch` writes its table and figure (tiny budget here)."""
    autograde("experiment", "mismatch", "--seeds", "1", "--updates", "3", "--out", tmp_path)
    text = (tmp_path / "mismatch.md").read_text()
    assert "mismatched, TIS (cap 2)" in text and "on-policy" in text
    assert (tmp_path / "mismatch.png").stat().st_size > 1000


def test_a_lagging_engine_starts_from_the_trainers_weights():
    """Before `lag` updates have passed, the engine samples with the initial weights."""
    trainer = tinylm.TinyLM()
    initial = trainer.head.bias.detach().clone()
    engine = train_grpo.RolloutEngine(trainer, "float32", lag=3)
    with torch.no_grad():
        trainer.head.bias.add_(1.0)
    engine.receive(trainer)
    assert torch.equal(engine.model.head.bias, initial)


@pytest.mark.slow
def test_calibrate_command_measures_the_rule(tmp_path):
    """`autograde calibrate grpo_lm` runs the rule's training and judgement, prints and writes the table."""
    doc = tmp_path / "doc.md"
    doc.write_text("before\n<!-- calibration:start -->\nold\n<!-- calibration:end -->\nafter\n")
    out = tmp_path / "cal.json"
    proc = autograde("calibrate", "grpo_lm", "--seeds", "1", "--jobs", "1", "--json", out,
                     "--write-docs", doc)
    assert "| reference | 1 | 1 |" in proc.stdout
    (result,) = json.loads(out.read_text())
    assert result["success"] and result["after"] >= result["base"] + 0.08
    text = doc.read_text()
    assert text.startswith("before\n") and text.endswith("after\n") and "old" not in text
