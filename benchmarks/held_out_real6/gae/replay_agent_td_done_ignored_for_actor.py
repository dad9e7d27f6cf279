"""A TD residual that ignores the episode's end: an actor-critic agent's ``advantage`` zeroes the
next value only when ``done`` is passed, and the actor's update calls it without ``done`` (its
note argues that ``r - V(s)`` "looks inadequate" at a terminal step), so a terminated step still
adds ``gamma * V(s')``.

Source: code-search file 49539697721, an actor-critic ``Agent``: ``def advantage(self, obser,
reward, obser_next, done=None, ...): val = self.critic.forward(obser); val_next =
self.critic.forward(obser_next); if isinstance(done, np.ndarray): val_next[done] = 0; advantage =
reward.reshape(batch_size, 1) + self.gamma * val_next - val``; ``_actor_update`` calls
``self.advantage(obser, reward, obser_next)``. Ported: the critic's values are ``values`` and
``next_values``, the actor's call (no ``done``), the answer in the rewards' shape.
"""
SOURCE = "code-search file 49539697721 (actor-critic Agent.advantage, actor update without done)"
KIND = "gae: terminated ignored in the TD residual"
CAUSE = r"terminat|done|episode|end|bootstrap|absorbing|\(1 ?- ?terminated"

import numpy as np


def td_residuals(rewards, values, next_values, terminated, gamma):
    def advantage(val, reward, val_next, done=None):
        val_next = val_next.clone()
        if isinstance(done, np.ndarray):
            val_next[done] = 0
        return reward.reshape(val.shape) + gamma * val_next - val

    return advantage(values, rewards, next_values)
