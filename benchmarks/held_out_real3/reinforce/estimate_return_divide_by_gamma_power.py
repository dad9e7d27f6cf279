r"""discounted_returns by weighting each reward with ``gamma**t``, taking the reversed cumulative
sum and dividing step t by ``gamma**t`` again: right in exact arithmetic for ``0 < gamma``, but
gamma 0 divides 0 by 0 (NaN after the first step), and a long episode with a small gamma
underflows ``gamma**t`` to 0 (inf/NaN).

Source: code-search file 14748795636, ``_estimate_return(self, rewards, gamma)``: ``t_steps =
np.arange(rewards.size)``, ``r = rewards * gamma**t_steps``, ``r = r[::-1].cumsum()[::-1] /
gamma**t_steps``. Ported: numpy -> torch (``arange`` in the rewards' dtype, ``flip``/``cumsum``).
"""
SOURCE = "code-search file 14748795636 (_estimate_return, divided by gamma**t)"
KIND = "reinforce: division by gamma**t"
CAUSE = (r"gamma ?(=|of|is) ?0\b|zero (discount|gamma)|divi\w* by (gamma|zero|0)|0 ?/ ?0|\bnan\b|"
         r"\binf|underflow|overflow|gamma\s*(\*\*|\^)\s*t")

import torch


def discounted_returns(rewards, gamma):
    t_steps = torch.arange(rewards.shape[0], dtype=rewards.dtype)
    r = rewards * gamma ** t_steps
    r = torch.flip(torch.cumsum(torch.flip(r, [0]), 0), [0]) / gamma ** t_steps
    return r
