"""Divides the log-probabilities: logp_new / logp_old."""
HINT = "the ratio of probabilities is exp(logp_new - logp_old), not logp_new / logp_old"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = logp_new / logp_old.detach()
    return -clipped_surrogate(ratio, advantages.detach(), clip_eps).mean()
