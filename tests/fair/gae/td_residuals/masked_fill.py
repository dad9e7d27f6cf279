"""masked_fill the discounted next values where the episode terminated."""


def td_residuals(rewards, values, next_values, terminated, gamma):
    return (gamma * next_values).masked_fill(terminated, 0.0) + rewards - values
