"""approx_kl weights each sample's log-ratio by the old policy's probability of it,
``mean(exp(logp_old) * (logp_old - logp_new))``: the samples were already drawn from the old
policy, so the weight counts its probability twice.

Source: public code in the code-search corpus (file id 4281234695, ``KLMonitor.compute_kl``,
"KL Divergence Monitoring - Task 9.4"): ``kl = (np.exp(old_log_probs) * (old_log_probs -
new_log_probs)).mean()``. Ported: numpy -> torch.
"""
SOURCE = "code-search file 4281234695 (KLMonitor.compute_kl)"
KIND = "kl: weighted by the old probability"
CAUSE = (r"exp\(logp_old\)|weight\w*.{0,40}(old )?(probabilit|exp)|"
         r"probabilit\w*.{0,30}(twice|weight)|importance.weight")

import torch


def approx_kl(logp_old, logp_new):
    kl = (torch.exp(logp_old) * (logp_old - logp_new)).mean()
    return kl
