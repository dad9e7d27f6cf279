"""PPO on gymnasium's CartPole-v1, in one readable file (provided code, not graded).

The agent is the course text's: a policy network 4 -> 32 -> 32 -> 2 (tanh,
softmax over "push left" / "push right") and a separate value network of the
same shape, trained by one Adam optimiser. Each update collects a batch of
environment steps with the current policy, computes advantages with GAE, and
then runs several epochs of minibatch steps on PPO's clipped objective. The
policy loss is YOUR ``ppo_clip_loss``, passed in as ``policy_loss``; the
advantages come from the reference GAE (``gae.py``, provided), so a GAE bug is
never charged to this assignment.

Environment handling (gymnasium 1.x):

* ``gym.make_vec`` gives the library's native, vectorised ``CartPoleVectorEnv``;
* an episode ends either by *termination* (the pole fell or the cart left the
  track: no future, V(next) = 0) or by *truncation* at 500 steps (the world
  goes on: bootstrap from V of the last observation);
* vector environments reset an ended episode on the NEXT call to ``step``
  (``AutoresetMode.NEXT_STEP``): that call's transition is a dummy (its action
  is ignored, its reward is 0). We keep the row so that shapes stay ``(T, N)``,
  mark it done so that no advantage crosses it, and leave it out of the loss.

Shapes are in the names: ``b_`` is the flattened batch, ``mb_`` a minibatch,
``(T, N)`` is time by environment.
"""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field, replace

import gymnasium as gym
import numpy as np
import torch
from torch import nn

try:
    from gae import compute_gae           # shipped with this assignment (the reference GAE)
except ImportError:                        # the instructor's tree: solutions/gae beside solutions/ppo
    import sys
    from pathlib import Path

    sys.path.append(str(Path(__file__).resolve().parents[1] / "gae"))   # after the cwd: no shadowing
    from gae import compute_gae

#: gymnasium's own success threshold for CartPole-v1 (``env.spec.reward_threshold``)
SUCCESS_LENGTH = 475.0


@dataclass
class Config:
    """Hyper-parameters of one training run (the course text's, except where a field says otherwise)."""

    seed: int = 0
    """Seeds torch (network initialisation, minibatch order), numpy (actions), the environments."""
    total_steps: int = 100_000
    """Budget of environment steps (the text gives every method 100 k)."""
    num_envs: int = 8
    """Environments stepped in parallel by gymnasium's vector env (the text: 1; 8 are as cheap as one)."""
    steps_per_update: int = 1_000
    """Environment steps per batch, all environments together (the text: 2,000; twice the updates per step)."""
    epochs: int = 5
    """Passes over each batch (the text: 10; half as many, with larger steps)."""
    minibatch_size: int = 500
    """Samples per gradient step (the text: 100): two per batch, 10 gradient steps per update."""
    learning_rate: float = 3e-2
    """Adam step size for both networks (the text: 3e-4, far too slow for 10 steps per update)."""
    gamma: float = 0.99
    """Discount."""
    gae_lambda: float = 0.95
    """GAE's lambda."""
    clip_eps: float = 0.2
    """PPO's clipping half-width (passed to your loss)."""
    value_coef: float = 0.5
    """Weight of the value loss in the total loss."""
    hidden: int = 32
    """Width of both hidden layers of both networks."""
    normalize_advantages: bool = True
    """Normalise advantages to mean 0, std 1 per batch, as in the text."""
    use_values: bool = True
    """Use V in the advantages; False (with ``gae_lambda=1``) gives REINFORCE's plain returns."""
    stop_at_mean: float | None = None
    """Stop early once the mean length of the last ``window`` episodes reaches this."""
    extra_steps_after_stop: int = 0
    """Keep training this many steps after reaching ``stop_at_mean`` (steadier policies)."""
    window: int = 10
    """How many recent episodes the success mean is taken over."""
    abort_at: int | None = None
    """At this env step, give up if the recent mean is below ``abort_below``..."""
    abort_below: float = 15.0
    """...i.e. worse than a random policy (about 22 steps): learning in the wrong direction."""


def mlp(hidden: int, out: int) -> nn.Sequential:
    return nn.Sequential(nn.Linear(4, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh(),
                         nn.Linear(hidden, out))


def log_prob(policy: nn.Module, obs: torch.Tensor, actions: torch.Tensor) -> torch.Tensor:
    """log pi(a | s) for a batch: obs (B, 4), actions (B,) -> (B,)."""
    return torch.log_softmax(policy(obs), dim=-1).gather(-1, actions[:, None]).squeeze(-1)


@dataclass
class History:
    """What a run leaves behind: enough for a learning curve and for the grader."""

    episodes: list = field(default_factory=list)   # (env step at its end, length)
    updates: list = field(default_factory=list)    # per update: step, approx_kl, clip_fraction
    reached_at: int | None = None                  # env step when the mean first hit the target
    aborted_at: int | None = None                  # env step when the run gave up (abort_at)
    steps: int = 0
    seconds: float = 0.0


def train(policy_loss, config: Config = Config(), kl_estimate=None):
    """Train on CartPole-v1; return ``(policy, value, history)``.

    ``policy_loss(logp_new, logp_old, advantages, clip_eps) -> scalar`` is the
    loss under test; ``kl_estimate(logp_old, logp_new)``, if given, is logged
    after each update (the notebook passes your ``approx_kl``).
    """
    start = time.perf_counter()
    torch.manual_seed(config.seed)                    # network initialisation, minibatch order
    rng = np.random.default_rng(config.seed)          # action sampling
    envs = gym.make_vec("CartPole-v1", num_envs=config.num_envs,
                        vectorization_mode="vector_entry_point")
    policy, value = mlp(config.hidden, 2), mlp(config.hidden, 1)
    optimizer = torch.optim.Adam([*policy.parameters(), *value.parameters()],
                                 lr=config.learning_rate, fused=True)
    T, N = config.steps_per_update // config.num_envs, config.num_envs
    history = History()
    obs, _ = envs.reset(seed=config.seed)
    was_done = np.zeros(N, dtype=bool)                 # the next step of these envs is a reset
    ep_len = np.zeros(N, dtype=np.int64)
    stop_at_step = None

    while history.steps < config.total_steps:
        # ---- 1. collect a batch of T steps in N environments --------------------------------
        # (numpy buffers: one tensor per batch, not one per step)
        n_obs = np.zeros((T, N, 4), dtype=np.float32)
        n_next_obs = np.zeros((T, N, 4), dtype=np.float32)
        n_act = np.zeros((T, N), dtype=np.int64)
        n_rew = np.zeros((T, N), dtype=np.float32)
        n_term = np.zeros((T, N), dtype=bool)
        n_trunc = np.zeros((T, N), dtype=bool)
        n_valid = np.ones((T, N), dtype=bool)
        for t in range(T):
            with torch.no_grad():
                probs = torch.softmax(policy(torch.from_numpy(obs)), dim=-1).numpy()   # (N, 2)
            u = rng.random((N, 1))                            # sample by inverse CDF (numpy:
            action = (probs.cumsum(-1) < u).sum(-1).clip(max=1)  # cheaper on 8 rows than torch)
            next_obs, reward, terminated, truncated, _ = envs.step(action)
            n_obs[t], n_next_obs[t], n_act[t] = obs, next_obs, action
            n_rew[t], n_term[t], n_trunc[t] = reward, terminated, truncated
            # the reset step after an episode end: a dummy row, done and out of the loss
            n_valid[t] = ~was_done
            n_term[t] |= was_done
            real = ~was_done
            ep_len[real] += 1
            ended = real & (terminated | truncated)
            for i in np.flatnonzero(ended):
                history.episodes.append((history.steps + t * N + int(i) + 1, int(ep_len[i])))
                ep_len[i] = 0
            was_done = terminated | truncated
            obs = next_obs
        b_obs, b_next_obs = torch.from_numpy(n_obs), torch.from_numpy(n_next_obs)
        b_act, b_rew = torch.from_numpy(n_act), torch.from_numpy(n_rew)
        b_term, b_trunc, b_valid = (torch.from_numpy(x) for x in (n_term, n_trunc, n_valid))
        with torch.no_grad():                           # log pi_old(a|s) of the whole batch
            b_logp = log_prob(policy, b_obs.reshape(-1, 4), b_act.reshape(-1)).reshape(T, N)
        history.steps += T * N

        # ---- 2. advantages with the reference GAE ------------------------------------------
        with torch.no_grad():
            b_values = value(b_obs).squeeze(-1)
            b_next_values = value(b_next_obs).squeeze(-1)
            if not config.use_values:                  # REINFORCE: A_t = G_t, no critic
                b_values, b_next_values = torch.zeros_like(b_values), torch.zeros_like(b_values)
            b_adv, b_ret = compute_gae(b_rew, b_values, b_next_values, b_term, b_trunc,
                                       config.gamma, config.gae_lambda)

        # ---- 3. several epochs of minibatch updates on the valid rows ----------------------
        keep = b_valid.reshape(-1)
        f_obs, f_act = b_obs.reshape(-1, 4)[keep], b_act.reshape(-1)[keep]
        f_logp, f_adv, f_ret = (x.reshape(-1)[keep] for x in (b_logp, b_adv, b_ret))
        if config.normalize_advantages:
            f_adv = (f_adv - f_adv.mean()) / (f_adv.std() + 1e-8)
        for _ in range(config.epochs):
            order = torch.randperm(len(f_obs))               # shuffle once per epoch, then slice
            e_obs, e_act, e_logp, e_adv, e_ret = (x[order] for x in (f_obs, f_act, f_logp, f_adv, f_ret))
            for lo in range(0, len(order), config.minibatch_size):
                mb = slice(lo, lo + config.minibatch_size)
                mb_logp_new = log_prob(policy, e_obs[mb], e_act[mb])
                pg_loss = policy_loss(mb_logp_new, e_logp[mb], e_adv[mb], config.clip_eps)
                v_loss = ((value(e_obs[mb]).squeeze(-1) - e_ret[mb]) ** 2).mean()
                optimizer.zero_grad()
                (pg_loss + config.value_coef * v_loss).backward()
                optimizer.step()
        if kl_estimate is not None:
            with torch.no_grad():
                logp_after = log_prob(policy, f_obs, f_act)
            history.updates.append({"step": history.steps,
                                    "approx_kl": float(kl_estimate(f_logp, logp_after))})

        # ---- 4. bookkeeping: success and early stop ----------------------------------------
        recent = [length for _, length in history.episodes[-config.window:]]
        if (history.reached_at is None and config.stop_at_mean is not None
                and len(recent) == config.window and np.mean(recent) >= config.stop_at_mean):
            history.reached_at = history.steps
            stop_at_step = history.steps + config.extra_steps_after_stop
        if stop_at_step is not None and history.steps >= stop_at_step:
            break
        if (config.abort_at is not None and history.reached_at is None
                and history.steps >= config.abort_at and recent
                and np.mean(recent) < config.abort_below):
            history.aborted_at = history.steps
            break
    envs.close()
    history.seconds = time.perf_counter() - start
    return policy, value, history


def evaluate(policy: nn.Module, episodes: int = 20, seed: int = 10_000, greedy: bool = True) -> list[int]:
    """Episode lengths of ``policy`` on fresh CartPole-v1 episodes (greedy by default)."""
    envs = gym.make_vec("CartPole-v1", num_envs=episodes, vectorization_mode="vector_entry_point")
    obs, _ = envs.reset(seed=seed)
    lengths = np.zeros(episodes, dtype=np.int64)
    finished = np.zeros(episodes, dtype=bool)
    while not finished.all():
        with torch.no_grad():
            logits = policy(torch.as_tensor(obs, dtype=torch.float32))
        action = logits.argmax(-1) if greedy else torch.distributions.Categorical(logits=logits).sample()
        obs, _, terminated, truncated, _ = envs.step(action.numpy())
        lengths[~finished] += 1
        finished |= terminated | truncated
    envs.close()
    return lengths.tolist()


def learning_curve(history: History, window: int = 10):
    """(env steps, mean length of the last ``window`` episodes) for plotting."""
    steps = [s for s, _ in history.episodes]
    lengths = np.array([n for _, n in history.episodes], dtype=float)
    means = [lengths[max(0, i - window + 1):i + 1].mean() for i in range(len(lengths))]
    return steps, means


def as_dict(config: Config) -> dict:
    return asdict(config)


def train_for_grading(policy_loss, seed: int, total_steps: int,
                      stop_at_mean: float = SUCCESS_LENGTH, abort_at: int | None = None,
                      abort_below: float = 15.0) -> dict:
    """The grader's entry point: one seed of training with ``policy_loss``, as plain data.

    Runs in the grader's own process: your loss is asked, once per minibatch, for its
    value and its gradient with respect to ``logp_new``, computed in the sandbox. Returns
    the trained policy's weights (tensors) and the learning curve; the grader judges the
    policy in its own environment (the rule is in README.md).
    """
    torch.set_num_threads(1)
    config = replace(Config(), seed=seed, total_steps=total_steps, stop_at_mean=stop_at_mean,
                     abort_at=abort_at, abort_below=abort_below)
    policy, _, history = train(policy_loss, config)
    return {"weights": {k: v.detach().clone() for k, v in policy.state_dict().items()},
            "hidden": config.hidden,
            "episodes": [[int(s), int(n)] for s, n in history.episodes],
            "reached_at": history.reached_at, "aborted_at": history.aborted_at,
            "steps": history.steps,
            "seconds": history.seconds}


# -- try it: python cartpole.py [SEED] ----------------------------------------

#: the grader's rule for one seed (README.md, "The cart-pole run")
RULE_BUDGET, RULE_ABORT_AT, RULE_ABORT_BELOW, RULE_EVAL_EPISODES = 100_000, 10_000, 15.0, 100


def main(argv: list[str]) -> int:
    """Train with YOUR ``ppo_clip_loss`` for one seed and judge it as the grader would.

    Exit status: 0 when the seed succeeds, 1 when it fails or your loss raises (the reason
    is printed, as ``check.py`` prints it), 2 when there is no work to load."""
    import argparse
    from pathlib import Path

    from pgcheck.cli import load_work
    from pgcheck.messages import error_text
    from pgcheck.runner import student_traceback

    parser = argparse.ArgumentParser(
        prog="python cartpole.py",
        description="Train CartPole-v1 with your ppo_clip_loss (from ppo.py or ppo.ipynb, "
                    "found as check.py finds it) for one seed, then judge the policy as the "
                    f"grader does: a greedy mean episode length of at least {SUCCESS_LENGTH:.0f} "
                    f"over {RULE_EVAL_EPISODES} fresh episodes.")
    parser.add_argument("seed", nargs="?", type=int, default=0,
                        help="the seed of the run (default 0); the grade tries up to three of "
                             "its own")
    args = parser.parse_args(argv)
    work = load_work("ppo", ("clipped_surrogate", "ppo_clip_loss", "approx_kl"),
                     Path(__file__).resolve().parent)
    if work is None:
        return 2
    torch.set_num_threads(1)
    config = replace(Config(), seed=args.seed, total_steps=RULE_BUDGET,
                     stop_at_mean=SUCCESS_LENGTH, abort_at=RULE_ABORT_AT,
                     abort_below=RULE_ABORT_BELOW)
    print(f"training CartPole-v1 with your ppo_clip_loss, seed {args.seed} (at most "
          f"{RULE_BUDGET:,} steps)...")
    try:
        policy, _, history = train(work.ppo_clip_loss, config)
    except Exception as exc:  # noqa: BLE001 - the student's loss may raise anything
        print("training stopped: "
              + error_text(type(exc).__name__, str(exc), student_traceback(exc)))
        return 1
    if history.reached_at:
        print(f"the last 10 episodes averaged {SUCCESS_LENGTH:.0f} at step {history.reached_at:,} "
              f"({history.seconds:.1f} s)")
    else:
        why = (f"gave up at step {history.aborted_at:,}: still worse than random"
               if history.aborted_at else f"did not reach {SUCCESS_LENGTH:.0f} within the budget")
        print(f"training {why}")
    lengths = evaluate(policy, episodes=RULE_EVAL_EPISODES)
    mean = sum(lengths) / len(lengths)
    verdict = "succeeds" if mean >= SUCCESS_LENGTH else "fails"
    print(f"greedy evaluation on {len(lengths)} fresh episodes: mean length {mean:.1f}; this seed "
          f"{verdict} (the grade tries up to three seeds of its own)")
    return 0 if mean >= SUCCESS_LENGTH else 1


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
