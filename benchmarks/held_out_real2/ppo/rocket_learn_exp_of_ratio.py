"""approx_kl as a k3 estimate written on the wrong variable: ``ratio`` already holds
exp(logp_new - logp_old), and the code exponentiates it again, ``mean((exp(ratio) - 1) -
ratio)``; it is not the mean log-ratio and is not even zero when the policies agree (e - 2).

Source: https://github.com/Rolv-Arild/rocket-learn/pull/12 (rocket_learn/ppo.py, before commit
354b9c4 "Fix KL divergence estimator"): ``ratio = torch.exp(log_prob - old_log_prob)``, then
``total_kl_div += th.mean((th.exp(ratio.detach().cpu()) - 1) - ratio.detach().cpu())``.
"""
SOURCE = "https://github.com/Rolv-Arild/rocket-learn/pull/12"
KIND = "kl: exp of the ratio"
CAUSE = (r"exp\(\s*(the )?ratio|exp\(exp|exponentiat\w*.{0,30}(twice|again|ratio)|"
         r"double.{0,10}exp|e - 2")

import torch


def approx_kl(logp_old, logp_new):
    ratio = torch.exp(logp_new - logp_old)
    return torch.mean((torch.exp(ratio.detach()) - 1) - ratio.detach())
