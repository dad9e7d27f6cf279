"""Uses logp_new - logp_old as the ratio (forgets the exp)."""
HINT = "the ratio is exp(logp_new - logp_old); you used the difference of log-probs itself"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = logp_new - logp_old.detach()
    return -clipped_surrogate(ratio, advantages.detach(), clip_eps).mean()
