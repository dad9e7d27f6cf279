"""A correct ppo_clip_loss from a minimal RL library's PPO-Clip: ``ratio = exp(logp - logp_old)``,
``r_clip = clamp(ratio, 1 - eps, 1 + eps)``, ``loss = -(min(ratio * A, r_clip * A)).mean()``, with
``logp_old`` and ``A`` taken from the buffer (constants).

Source: tesla-cat/minRL src/minRL/ppo/PPOClip.py, ``def update_pi(s, D): o, a, A, logp_old =
D["o"], D["a"], D["A"], D["logp"]; ...; ratio = tc.exp(logp - logp_old); r_clip =
tc.clamp(ratio, 1 - s.eps, 1 + s.eps); loss = -(tc.min(ratio * A, r_clip * A)).mean()``. Ported:
``logp`` is ``logp_new``, ``s.eps`` is ``clip_eps``, the buffer's tensors are detached as buffer
data is.
"""
SOURCE = "tesla-cat/minRL src/minRL/ppo/PPOClip.py"
KIND = "ppo: control (minimal PPO-Clip update)"
CORRECT = True

import torch as tc


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    logp, logp_old, A = logp_new, logp_old.detach(), advantages.detach()
    ratio = tc.exp(logp - logp_old)
    r_clip = tc.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    loss = -(tc.min(ratio * A, r_clip * A)).mean()
    return loss
