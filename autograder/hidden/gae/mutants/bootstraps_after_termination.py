"""Bootstraps from next_values even after a terminal step."""
HINT = "after a terminated step there is no future: drop gamma * next_value there (multiply by 1 - terminated)"


def td_residuals(rewards, values, next_values, terminated, gamma):
    return rewards + gamma * next_values - values
