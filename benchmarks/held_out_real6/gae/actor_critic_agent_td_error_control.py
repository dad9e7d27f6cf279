"""A correct td_residuals from a one-step actor-critic agent: ``td_error = reward + gamma *
(next_state_value * (1 - done)) - state_value``, here on whole rollouts at once.

Source: code-search file 19070652020, an actor-critic agent's update: ``next_state_value =
self.critic(next_state); state_value = self.critic(state); td_error = reward + self.gamma *
(next_state_value * (1 - done)) - state_value``. Ported: the critic's outputs are ``values`` and
``next_values``, ``done`` is ``terminated`` as a float of the values' dtype (a terminated step adds
no next value), the rows of a rollout computed together.
"""
SOURCE = "code-search file 19070652020 (actor-critic agent update, td_error with (1 - done))"
KIND = "gae: control (one-step actor-critic TD error)"
CORRECT = True


def td_residuals(rewards, values, next_values, terminated, gamma):
    done = terminated.to(values.dtype)
    next_state_value, state_value, reward = next_values, values, rewards
    td_error = reward + gamma * (next_state_value * (1 - done)) - state_value
    return td_error
