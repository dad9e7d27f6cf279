"""approx_kl as a PPO script's ``compute_loss_pi`` logs it: ``(logp_old - logp_new).mean().item()``,
the right estimate, but turned into a Python float by ``.item()``, so the function returns a float
instead of a tensor of the inputs' dtype (float64 precision is lost only through the conversion's
type, the value is exact).

Source: code-search file 9999579044, a PPO script for Acrobot-v1: ``ratio = torch.exp(logp_new -
logp_old); ...; approx_kl = (logp_old - logp_new).mean().item()``, used for early stopping
(``if kl > 1.5 * target_kl``). Ported: a function of ``(logp_old, logp_new)`` returning the value
the script stores as ``KL``.
"""
SOURCE = "code-search file 9999579044 (PPO script compute_loss_pi, approx_kl .item())"
KIND = "ppo: Python float instead of a tensor"
CAUSE = r"float\b|python|\.item|tensor|type|dtype|scalar"


def approx_kl(logp_old, logp_new):
    approx_kl = (logp_old - logp_new).mean().item()
    return approx_kl
