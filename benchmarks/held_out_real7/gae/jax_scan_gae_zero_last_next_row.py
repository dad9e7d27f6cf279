"""compute_gae from a JAX trading agent's ``_compute_gae`` (a reverse ``lax.scan``): the next
values are the values shifted by one row with a ZERO appended (``jnp.concatenate([values[1:],
jnp.zeros(1)])``), so the last step of the rollout is never bootstrapped and every other step
takes the NEXT ROW's value; one ``dones`` flag masks bootstrap and recursion (a truncated step is
not bootstrapped); the scan starts from a float32 zero.

Source: code-search file 53574993849, ``next_values = jnp.concatenate([values[1:],
jnp.zeros(1)]); non_terminals = 1.0 - dones; deltas = rewards + gamma * next_values *
non_terminals - values; def scan_fn(last_gae, t): ... gae = delta + gamma * gae_lambda * nt *
last_gae ...; returns = advantages + values``. Ported: a reverse Python loop instead of
``lax.scan``; ``dones`` is ``terminated | truncated``; the appended zero row has the values'
shape.
"""
SOURCE = "code-search file 53574993849"
KIND = "gae: next value from the next row, zero after the last step"
CAUSE = r"bootstrap|truncat|next_values|next (row|state)|last step|shift|zero"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    nv = torch.cat([values[1:], torch.zeros_like(values[:1])])
    non_terminals = 1.0 - dones
    deltas = rewards + gamma * nv * non_terminals - values
    advantages = torch.zeros_like(deltas)
    last_gae = torch.zeros((), dtype=torch.float32)
    for t in range(rewards.shape[0] - 1, -1, -1):
        last_gae = deltas[t] + gamma * lam * non_terminals[t] * last_gae
        advantages[t] = last_gae
    returns = advantages + values
    return advantages, returns
