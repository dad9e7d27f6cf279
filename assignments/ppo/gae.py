# Provided with this assignment: the reference solution of "gae".
# Generated from solutions/gae/gae.py by `autograde release`.
"""Generalised advantage estimation (GAE), with gymnasium's episode ends.

Two functions. ``td_residuals`` measures how much better one step went than the
value function expected. ``compute_gae`` sums those surprises backwards in time
with weight ``(gamma * lam) ** l``, stopping at every episode end.

Shapes: every input is ``(T,)`` for one environment or ``(T, N)`` for N
environments stepped in parallel; time is dimension 0. ``values[t]`` is
``V(s_t)``; ``next_values[t]`` is ``V`` of the observation that step t produced
(for a truncated step, the episode's last observation, before any reset).
``terminated`` and ``truncated`` are bool tensors with gymnasium's meaning:

* terminated: the episode really ended (the pole fell); nothing follows, so the
  value of what comes next is 0;
* truncated: a time limit cut the episode; the world would have gone on, so we
  still bootstrap from ``next_values``, but the next row of the rollout belongs
  to a new episode and must not leak into this one's advantage.
"""
import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    """One-step TD errors ``delta_t = r_t + gamma * (1 - terminated_t) * V(s_{t+1}) - V(s_t)``.

    ===============  ======================  ================================
    argument         shape/dtype             meaning
    ===============  ======================  ================================
    ``rewards``      ``(T,)`` or ``(T, N)``  reward of step t
    ``values``       like ``rewards``        ``V(s_t)``
    ``next_values``  like ``rewards``        ``V(s_{t+1})`` (pre-reset
                                             observation)
    ``terminated``   bool like ``rewards``   true where step t ended the
                                             episode
    ``gamma``        float                   discount
    returns          like ``rewards``        ``delta_t``
    ===============  ======================  ================================

    >>> td_residuals(torch.tensor([1.0, 1.0]), torch.tensor([0.5, 0.5]),
    ...              torch.tensor([2.0, 2.0]), torch.tensor([False, True]), 0.9)
    tensor([2.3000, 0.5000])
    """
    alive = (~terminated).to(rewards.dtype)
    return rewards + gamma * alive * next_values - values


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    """Advantages by the backward recursion ``A_t = delta_t + gamma*lam*(1 - done_t)*A_{t+1}``.

    ``done_t = terminated_t or truncated_t`` and ``A_T = 0``. Returns the pair
    ``(advantages, returns)`` with ``returns = advantages + values`` (the value
    function's regression target). ``lam = 0`` gives the TD errors themselves;
    ``lam = 1`` gives the Monte Carlo return minus ``V``.

    ===============  ======================  ================================
    argument         shape/dtype             meaning
    ===============  ======================  ================================
    ``rewards``      ``(T,)`` or ``(T, N)``  as in :func:`td_residuals`
    ``values``       like ``rewards``
    ``next_values``  like ``rewards``
    ``terminated``   bool like ``rewards``
    ``truncated``    bool like ``rewards``   true where a time limit cut
                                             step t
    ``gamma``        float                   discount
    ``lam``          float                   GAE's lambda in [0, 1]
    returns          two like ``rewards``    ``(advantages, returns)``
    ===============  ======================  ================================

    Three steps of reward 1 with V = 0 everywhere, the last one terminal; with
    lam = 1 the advantage is the undiscounted (gamma = 1) return to go:

    >>> z = torch.zeros(3)
    >>> adv, ret = compute_gae(torch.ones(3), z, z, torch.tensor([False, False, True]),
    ...                        torch.zeros(3, dtype=torch.bool), 1.0, 1.0)
    >>> adv
    tensor([3., 2., 1.])
    """
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    not_done = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        running = deltas[t] + gamma * lam * not_done[t] * running
        advantages[t] = running
    return advantages, advantages + values
