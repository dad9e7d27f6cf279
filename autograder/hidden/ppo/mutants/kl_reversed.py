"""Returns mean(logp_new - logp_old), the negative of the k1 estimate."""
HINT = "the k1 estimate of KL(old || new) is mean(logp_old - logp_new): the order matters"


def approx_kl(logp_old, logp_new):
    return (logp_new - logp_old).mean()
