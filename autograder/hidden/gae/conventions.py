"""Other conventions of the GAE functions, as public implementations and homework write them
(CleanRL's and Stable-Baselines3's loops ported to gymnasium's flags), for the closest
convention (:mod:`autograder.engine.causes.closest`). Our own code, run in the grader only."""
import torch

from autograder.engine.causes.closest import convention

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
    deltas = _deltas(rewards, values, next_values, terminated, gamma)
    advantages = _recursion(deltas, _alive(terminated | truncated, rewards), gamma, lam)
    return advantages, advantages + next_values
