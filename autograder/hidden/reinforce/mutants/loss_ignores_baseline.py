"""Never subtracts the baseline."""
HINT = "the baseline was not subtracted: weight each log-probability by (return - baseline)"


def reinforce_loss(logprobs, returns, baseline=None):
    return -(logprobs * returns.detach()).mean()
