"""A correct td_residuals from an advantage actor-critic's ``update_actor``: a list comprehension
over the zipped rewards, values, next values and done flags, ``reward + discount * next_value * (1
- done) - value`` for each step, stacked back into a tensor.

Source: code-search file 18047120628, ``class AdvantageActorCritic(ActorCritic): def
update_actor(self, rewards, states, actions, next_states, next_actions, dones): state_values =
self.critic.get_values(states); next_state_values = self.critic.get_values(next_states);
advantages = [reward + (self.mdp.get_discount_factor() * next_state_value * (1 - done)) -
state_value for reward, state_value, next_state_value, done in zip(rewards, state_values,
next_state_values, dones)]``. Ported: the critic's values are ``values`` and ``next_values``,
``dones`` are the ``terminated`` flags as floats of the values' dtype, the list stacked into a
tensor.
"""
SOURCE = "code-search file 18047120628 (AdvantageActorCritic.update_actor, list comprehension)"
KIND = "gae: control (TD residuals in a list comprehension)"
CORRECT = True

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    dones = terminated.to(values.dtype)
    advantages = [
        reward + (gamma * next_state_value * (1 - done)) - state_value
        for reward, state_value, next_state_value, done in zip(rewards, values, next_values, dones)
    ]
    return torch.stack(advantages)
