"""A .float() mask: a float32 intermediate in float64 answers."""


def td_residuals(rewards, values, next_values, terminated, gamma):
    return rewards + gamma * (1 - terminated.float()) * next_values - values
