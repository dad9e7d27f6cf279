"""Other conventions of the GAE functions, as public implementations and homework write them
(CleanRL's and Stable-Baselines3's loops ported to gymnasium's flags), for the closest
convention (:mod:`autograder.engine.causes.closest`). Our own code, run in the grader only."""
import torch

from autograder.engine.causes.closest import change, convention

CONTRACT_TD = "the contract's delta_t = r_t + gamma * (1 - terminated_t) * V(s_{t+1}) - V(s_t)"


def _alive(flags, like):
    return (~flags).to(like.dtype)


@convention("td_residuals", "your TD error subtracts the NEXT state's value where the current "
            "one belongs (r_t + gamma * V(s_{t+1}) - V(s_{t+1})); " + CONTRACT_TD)
def next_for_current(rewards, values, next_values, terminated, gamma):
    return rewards + gamma * _alive(terminated, rewards) * next_values - next_values


@convention("td_residuals", "your TD error bootstraps from the CURRENT state's value "
            "(r_t + gamma * V(s_t) - V(s_t)); " + CONTRACT_TD + ", with next_values")
def current_for_next(rewards, values, next_values, terminated, gamma):
    return rewards + gamma * _alive(terminated, rewards) * values - values


@convention("td_residuals", "your TD error multiplies the whole target r_t + gamma * V(s_{t+1}) "
            "by (1 - terminated_t): the reward of a terminal step is dropped too; "
            + CONTRACT_TD)
def target_masked(rewards, values, next_values, terminated, gamma):
    return (rewards + gamma * next_values) * _alive(terminated, rewards) - values


@convention("td_residuals", "your TD error is multiplied by (1 - terminated_t) as a whole: a "
            "terminal step's residual is set to 0; " + CONTRACT_TD)
def delta_masked(rewards, values, next_values, terminated, gamma):
    return (rewards + gamma * next_values - values) * _alive(terminated, rewards)


def _recursion(deltas, keep, gamma, lam):
    advantages, running = torch.zeros_like(deltas), torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        running = deltas[t] + gamma * lam * keep[t] * running
        advantages[t] = running
    return advantages


def _deltas(rewards, values, next_values, terminated, gamma):
    return rewards + gamma * _alive(terminated, rewards) * next_values - values


def _advantages(rewards, values, next_values, terminated, truncated, gamma, lam):
    """The contract's advantages, which the conventions below pair with other value targets
    or standardise."""
    deltas = _deltas(rewards, values, next_values, terminated, gamma)
    return _recursion(deltas, _alive(terminated | truncated, rewards), gamma, lam)


# -- compute_gae: how the TD error bootstraps, times where the recursion is cut ------------
# Real loops get one or both of these wrong: every pair below is a convention (the bank's
# known mistakes already stand for the single ones it has, :data:`BANKED`).

CONTRACT_GAE = ("the contract's A_t = delta_t + gamma * lam * (1 - done_t) * A_{t+1}, done_t = "
                "terminated_t or truncated_t, with " + CONTRACT_TD)


def _next_row(values, next_values):
    """``values[t + 1]`` as V(s_{t+1}), the last row's from ``next_values`` (CleanRL's loop)."""
    return torch.cat([values[1:], next_values[-1:]])


def _bootstrap(nxt, mask):
    """A TD error that bootstraps from ``nxt(values, next_values)`` where ``mask(terminated,
    truncated)`` is false."""
    def deltas(rewards, values, next_values, terminated, truncated, gamma):
        return rewards + gamma * _alive(mask(terminated, truncated), rewards) \
            * nxt(values, next_values) - values
    return deltas


def _truncation_zeroed(rewards, values, next_values, terminated, truncated, gamma):
    deltas = _deltas(rewards, values, next_values, terminated, gamma)
    return torch.where(truncated, torch.zeros_like(deltas), deltas)


def _masked_delta(mask):
    """A TD error multiplied as a whole by 1 - ``mask(terminated, truncated)``."""
    def deltas(rewards, values, next_values, terminated, truncated, gamma):
        return delta_masked(rewards, values, next_values, mask(terminated, truncated), gamma)
    return deltas


def _masked_target(rewards, values, next_values, terminated, truncated, gamma):
    return target_masked(rewards, values, next_values, terminated, gamma)


def _next_for_current(rewards, values, next_values, terminated, truncated, gamma):
    return next_for_current(rewards, values, next_values, terminated, gamma)


_NEXT = (lambda values, next_values: next_values)
_TERMINATED = (lambda terminated, truncated: terminated)
_DONE = (lambda terminated, truncated: terminated | truncated)
_NEVER = (lambda terminated, truncated: torch.zeros_like(terminated))

#: how the TD error may bootstrap: (name, deltas(rewards, values, next_values, terminated,
#: truncated, gamma), what the student's code computes)
BOOTSTRAPS = (
    ("next_row", _bootstrap(_next_row, _TERMINATED),
     "your TD error bootstraps from values[t + 1], the next ROW's value, where next_values[t] "
     "belongs: at an episode end that row is the reset observation's, V of the next episode"),
    ("next_row_unmasked", _bootstrap(_next_row, _NEVER),
     "your TD error bootstraps from values[t + 1], the next ROW's value, at every step (even "
     "after a termination): next_values[t] belongs there, times (1 - terminated_t)"),
    ("next_row_done_masked", _bootstrap(_next_row, _DONE),
     "your TD error bootstraps from values[t + 1], the next ROW's value, and not at all after "
     "a truncation: next_values[t] belongs there, also at a truncated step"),
    ("unmasked", _bootstrap(_NEXT, _NEVER),
     "your TD error bootstraps from next_values even after a termination (no 1 - terminated_t)"),
    ("no_truncation_bootstrap", _bootstrap(_NEXT, _DONE),
     "your TD error does not bootstrap at a truncation (1 - done_t where 1 - terminated_t "
     "belongs): a time limit cut the episode, and gamma * next_values[t] still counts there"),
    ("truncation_zeroed", _truncation_zeroed,
     "your TD error of a truncated step is 0: it is r_t + gamma * next_values[t] - values[t], "
     "bootstrapped (the episode was cut, not ended)"),
    ("next_value_subtracted", _next_for_current,
     "your TD error subtracts the NEXT state's value where the current one belongs "
     "(r_t + gamma * V(s_{t+1}) - V(s_{t+1}))"),
    ("masked_delta", _masked_delta(_TERMINATED),
     "your TD error is multiplied by (1 - terminated_t) as a whole: a terminal step's is 0, "
     "where r_t - V(s_t) belongs"),
    ("done_masked_delta", _masked_delta(_DONE),
     "your TD error is multiplied by (1 - done_t) as a whole: the last step of every episode "
     "(terminated or truncated) gets 0, where r_t - V(s_t) (terminated) or "
     "r_t + gamma * next_values[t] - V(s_t) (truncated) belongs"),
    ("flags_swapped", _bootstrap(_NEXT, lambda terminated, truncated: truncated),
     "your TD error takes the flags the other way round: it drops the bootstrap at a "
     "truncation and keeps it after a termination (1 - truncated_t where 1 - terminated_t "
     "belongs)"),
    ("masked_target", _masked_target,
     "your TD error multiplies the whole target r_t + gamma * V(s_{t+1}) by (1 - terminated_t): "
     "the reward of a terminal step is dropped too"),
)


def _cut(flags):
    """A recursion kept going where ``flags(terminated, truncated)`` is false."""
    return lambda terminated, truncated, like: _alive(flags(terminated, truncated), like)


def _shifted_cut(step):
    """The recursion cut by the done flag ``step`` rows away (1 where that row does not exist)."""
    def keep(terminated, truncated, like):
        alive, out = _alive(terminated | truncated, like), torch.ones_like(like)
        if step > 0:
            out[:-step] = alive[step:]
        else:
            out[-step:] = alive[:step]
        return out
    return keep


#: where the recursion may be cut: (name, keep(terminated, truncated, like), what the student's
#: code computes)
CUTS = (
    ("across_ends", _cut(_NEVER),
     "your recursion runs across episode ends: the advantage of an episode's last step takes in "
     "the next episode's (no (1 - done_t) in the recursion)"),
    ("across_truncations", _cut(_TERMINATED),
     "your recursion is cut at terminations only: across a truncation the advantage of the "
     "episode's last step takes in the next episode's"),
    ("across_terminations", _cut(lambda terminated, truncated: truncated),
     "your recursion is cut at truncations only: across a termination the advantage of the "
     "episode's last step takes in the next episode's"),
    ("next_flag", _shifted_cut(1),
     "your recursion is cut by the NEXT step's done flag (1 - done_{t+1}) where step t's own "
     "(1 - done_t) belongs"),
    ("previous_flag", _shifted_cut(-1),
     "your recursion is cut by the PREVIOUS step's done flag (1 - done_{t-1}) where step t's "
     "own (1 - done_t) belongs"),
)

#: the single deviations the bank's known mistakes already compute, under their own hints
BANKED = {("unmasked", None), ("next_row", None), ("no_truncation_bootstrap", None),
          (None, "across_ends"), (None, "across_truncations"), (None, "next_flag")}


def _gae(bootstrap, cut):
    def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
        deltas = (bootstrap or _bootstrap(_NEXT, _TERMINATED))(
            rewards, values, next_values, terminated, truncated, gamma)
        keep = (cut or _cut(_DONE))(terminated, truncated, rewards)
        advantages = _recursion(deltas, keep, gamma, lam)
        return advantages, advantages + values
    return compute_gae


def _family():
    """Every bootstrap with every cut, and each alone (but :data:`BANKED`), as conventions."""
    for b_name, bootstrap, b_text in BOOTSTRAPS + ((None, None, None),):
        for c_name, cut, c_text in CUTS + ((None, None, None),):
            if (b_name, c_name) in BANKED or b_name is c_name is None:
                continue
            said = "; and ".join(t for t in (b_text, c_text) if t)
            name = "__".join(n for n in (b_name, c_name) if n)
            function = _gae(bootstrap, cut)
            function.__name__ = name
            yield convention("compute_gae", f"{said}; {CONTRACT_GAE}")(function)


globals().update((f.__name__, f) for f in _family())


@convention("compute_gae", "your loop is CleanRL's ported as it stands: values[t + 1] as the "
            "next value and the NEXT step's done flag (1 - done_{t+1}); with gymnasium's flags "
            "step t's own flags decide, and next_values[t] is V(s_{t+1}) (at an episode end "
            "values[t + 1] belongs to the next episode)")
def cleanrl_port(rewards, values, next_values, terminated, truncated, gamma, lam):
    done = (terminated | truncated).to(rewards.dtype)
    T = rewards.shape[0]
    advantages, running = torch.zeros_like(rewards), torch.zeros_like(rewards[0])
    for t in reversed(range(T)):
        if t == T - 1:
            keep, nxt = 1.0 - done[t], next_values[t]
        else:
            keep, nxt = 1.0 - done[t + 1], values[t + 1]
        delta = rewards[t] + gamma * nxt * keep - values[t]
        running = delta + gamma * lam * keep * running
        advantages[t] = running
    return advantages, advantages + values


@convention("compute_gae", "your value targets are the discounted rewards to go (cut at episode "
            "ends, no bootstrap): the contract's returns are advantages + values")
def reward_to_go_returns(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = _deltas(rewards, values, next_values, terminated, gamma)
    keep = _alive(terminated | truncated, rewards)
    return _recursion(deltas, keep, gamma, lam), _recursion(rewards, keep, gamma, 1.0)


@convention("compute_gae", "your value targets add the NEXT state's value (advantages + "
            "next_values); the contract's returns are advantages + values, V(s_t)")
def returns_with_next_values(rewards, values, next_values, terminated, truncated, gamma, lam):
    advantages = _advantages(rewards, values, next_values, terminated, truncated, gamma, lam)
    return advantages, advantages + next_values


@convention("compute_gae", "your value targets are the bootstrapped discounted returns "
            "(lambda = 1: r_t + gamma * G_{t+1}, cut at episode ends, next_values where an "
            "episode was cut or the rollout ends): the contract's returns are advantages + values, "
            "the lambda-return of the same lambda as the advantages")
def bootstrapped_returns(rewards, values, next_values, terminated, truncated, gamma, lam):
    keep = _alive(terminated | truncated, rewards)
    keep[-1] = 0.0                          # the rollout's end: bootstrapped like a truncation
    ends = rewards + gamma * _alive(terminated, rewards) * next_values
    returns, running = torch.zeros_like(rewards), torch.zeros_like(rewards[0])
    for t in reversed(range(rewards.shape[0])):
        running = keep[t] * (rewards[t] + gamma * running) + (1 - keep[t]) * ends[t]
        returns[t] = running
    return _advantages(rewards, values, next_values, terminated, truncated, gamma, lam), returns


@convention("compute_gae", "your advantages come out equal to your value targets: "
            "returns = advantages makes one tensor of both, and an in-place returns += values "
            "adds the values to the advantages too; the contract's advantages are those before "
            "the values are added (returns = advantages + values, a new tensor)")
def aliased_targets(rewards, values, next_values, terminated, truncated, gamma, lam):
    returns = _advantages(rewards, values, next_values, terminated, truncated, gamma, lam) + values
    return returns, returns


def _standardised(advantages, unbiased):
    return (advantages - advantages.mean()) / (advantages.std(unbiased=unbiased) + 1e-8)


def _standardising(unbiased, targets_too):
    def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
        raw = _advantages(rewards, values, next_values, terminated, truncated, gamma, lam)
        advantages = _standardised(raw, unbiased)
        return advantages, (advantages if targets_too else raw) + values
    return compute_gae


STANDARDISED = ("your advantages are standardised inside compute_gae (minus their mean, over "
                "their {std} std): the contract's are the raw ones, standardising belongs to "
                "the loss{targets}")


def _standardisings():
    for unbiased, std in ((True, "sample"), (False, "population")):
        for too, targets in ((False, ""), (True, "; and your value targets are built from the "
                                          "standardised advantages (advantages + values)")):
            function = _standardising(unbiased, too)
            function.__name__ = f"standardised_{std}" + ("_targets" if too else "")
            yield convention("compute_gae", STANDARDISED.format(std=std, targets=targets))(
                function)


globals().update((f.__name__, f) for f in _standardisings())


# -- the discount and lambda: fixed at a common value, or swapped --------------------------
# Code ported from a training script keeps its module's GAMMA = 0.99 / self.lam = 0.95 (or a
# default argument's) where the arguments belong.

#: the values real code fixes gamma and lambda at
GAMMAS = (0.99, 0.95, 0.9, 0.98, 0.97, 0.995, 0.999)
LAMS = (0.95, 0.9, 0.97, 0.99, 0.98, 0.92, 0.8)
FIXED = ("your code computes with {what} whatever is passed (a constant of the code, or a "
         "default, where the argument belongs); the contract uses the {which} it is given")


def _fixed_td(value):
    def td_residuals(rewards, values, next_values, terminated, gamma):
        return _deltas(rewards, values, next_values, terminated, value)
    td_residuals.__name__ = f"td_gamma_fixed_{value:g}".replace(".", "_")
    return convention("td_residuals", FIXED.format(what=f"gamma = {value:g}", which="gamma"))(
        td_residuals)


def _fixed_gae(fixed_gamma, fixed_lam, unbiased=None):
    """gamma and/or lambda fixed (None: the argument's); the advantages standardised with the
    sample (``unbiased``) or population std, or not at all (None)."""
    def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
        gamma = gamma if fixed_gamma is None else fixed_gamma
        lam = lam if fixed_lam is None else fixed_lam
        advantages = _advantages(rewards, values, next_values, terminated, truncated, gamma, lam)
        shown = advantages if unbiased is None else _standardised(advantages, unbiased)
        return shown, advantages + values
    fixed = [(n, v) for n, v in (("gamma", fixed_gamma), ("lambda", fixed_lam)) if v is not None]
    said = " and ".join(f"{n} = {v:g}" for n, v in fixed)
    text = FIXED.format(what=said, which=" and ".join(n for n, _ in fixed))
    compute_gae.__name__ = "_".join(f"{n.replace('lambda', 'lam')}_fixed_{v:g}".replace(".", "_")
                                    for n, v in fixed)
    if unbiased is not None:
        std = "sample" if unbiased else "population"
        compute_gae.__name__ += f"_standardised_{std}"
        text += "; and " + STANDARDISED.format(std=std, targets="")
    return convention("compute_gae", text)(compute_gae)


def _fixings():
    yield from (_fixed_td(g) for g in GAMMAS)
    yield from (_fixed_gae(g, None) for g in GAMMAS)
    yield from (_fixed_gae(None, lam) for lam in LAMS)
    for fixed_gamma, fixed_lam in ((0.99, 0.95), (0.99, None), (None, 0.95)):
        for unbiased in (None, True, False):
            if (fixed_gamma, fixed_lam, unbiased) != (0.99, None, None) != (None, 0.95, None):
                yield _fixed_gae(fixed_gamma, fixed_lam, unbiased)


globals().update((f.__name__, f) for f in _fixings())


@convention("compute_gae", "your code swaps gamma and lambda: the TD error discounts "
            "V(s_{t+1}) by lambda; the contract's delta_t = r_t + gamma * (1 - terminated_t) * "
            "V(s_{t+1}) - V(s_t), and the recursion's factor is gamma * lam")
def gamma_lam_swapped(rewards, values, next_values, terminated, truncated, gamma, lam):
    advantages = _advantages(rewards, values, next_values, terminated, truncated, lam, gamma)
    return advantages, advantages + values


@convention("compute_gae", "your pair comes out in the other order, (returns, advantages): "
            "the contract returns (advantages, returns), returns = advantages + values")
def outputs_swapped(rewards, values, next_values, terminated, truncated, gamma, lam):
    advantages = _advantages(rewards, values, next_values, terminated, truncated, gamma, lam)
    return advantages + values, advantages


@convention("compute_gae", "your recursion starts one step before the rollout's end (a loop "
            "over range(T - 1)): the last step's advantage is 0, and its TD error reaches no "
            "earlier step; " + CONTRACT_GAE + ", from A_{T-1} = delta_{T-1}")
def last_row_dropped(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = _deltas(rewards, values, next_values, terminated, gamma)
    deltas[-1] = 0.0
    advantages = _recursion(deltas, _alive(terminated | truncated, rewards), gamma, lam)
    return advantages, advantages + values


@change("compute_gae", "your rewards are clipped to [-1, 1] before the computation (Atari's "
        "reward clipping, a wrapper's job): the contract uses the rewards as they are passed")
def rewards_clipped(arguments):
    return {**arguments, "rewards": arguments["rewards"].clamp(-1.0, 1.0)}
