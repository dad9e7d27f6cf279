"""approx_kl as an RL-baselines PPO loss reports it: ``(diff ** 2).mean().item()`` with ``diff =
log_probs - old_log_probs``, the mean SQUARED log-ratio (twice the k2 estimator, always >= 0)
instead of the mean of ``logp_old - logp_new``, and turned into a Python float by ``.item()``.

Source: code-search file 26445213127, ``def ppo_loss(policy, obs, acts, weights, old_log_probs,
clip_ratio): ...; diff = log_probs - old_log_probs; ratio = (diff).exp(); approx_kl = (diff **
2).mean().item(); max_kl = (diff ** 2).max().item()``. Ported: a function of ``(logp_old,
logp_new)`` returning the source's ``approx_kl``; ``log_probs`` is ``logp_new``.
"""
SOURCE = "code-search file 26445213127 (rl_baselines ppo_loss, approx_kl (diff ** 2).mean().item())"
KIND = "ppo: squared log-ratio instead of k1"
CAUSE = r"squar|\*\* ?2|\^2|k2|float\b|\.item|python"


def approx_kl(logp_old, logp_new):
    log_probs, old_log_probs = logp_new, logp_old
    diff = log_probs - old_log_probs
    approx_kl = (diff ** 2).mean().item()
    return approx_kl
