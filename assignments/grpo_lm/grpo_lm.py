"""The capstone: the verifier and the engine correction of GRPO on a tiny language model.

A character-level transformer (``tinylm.py``) answers ``a×b=`` in the worked
format ``a×t+a×u=x+y=z.``. GRPO (``train_grpo.py``) teaches it to be right
more often, with your ``group_advantages`` and ``grpo_loss`` from the ``grpo``
assignment and two new pieces, written here:

* ``verify``: the reward. 1.0 when the final answer is the product, else 0.0;
  it must never fail, whatever the model writes.
* ``tis_weights``: the correction for sampling with a rollout engine whose
  numbers differ from the trainer's (lower precision, stale weights).
"""
import torch


def verify(completion, a, b):
    """1.0 if the completion's final answer equals ``a * b``, else 0.0; never raises.

    The final answer is the number after the LAST ``=``, up to an optional
    ending ``.``: nothing else may follow it. Leading zeros, signs, spaces or
    a missing number all make the answer wrong (0.0), and so does anything
    that is not a string.

    ==============  ===========  ==============================================
    argument        type         meaning
    ==============  ===========  ==============================================
    ``completion``  any          what the model wrote after the prompt: a
                                 str (anything else scores 0.0)
    ``a``, ``b``    int          the operands of the prompt ``a×b=``
    returns         float        1.0 or 0.0
    ==============  ===========  ==============================================

    >>> verify("17×20+17×4=340+68=408.", 17, 24), verify("17×20+17×4=340+58=398.", 17, 24)
    (1.0, 0.0)
    >>> verify("408", 17, 24), verify("=0408.", 17, 24), verify("=408.5", 17, 24)
    (0.0, 0.0, 0.0)
    """
    raise NotImplementedError("verify: not implemented yet; replace this line with your code (see the docstring)")


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    """Truncated importance weight of each response: ``min(exp(sum of log-ratios), cap)``.

    The engine sampled response i with probability ``exp(sum_t logp_rollout)``,
    the trainer would have with ``exp(sum_t logp_trainer)`` (sums over the
    response's real tokens). Their ratio re-weights the response so that the
    update is the trainer's; capping it keeps one unlikely sample from
    dominating a batch. The weights are constants: no gradient flows through
    them. Argument order: the trainer's log-probs come first, as the
    numerator of the ratio, like ``logp_new`` in ppo's ``ppo_clip_loss``.

    ==================  ===============  ==========================================
    argument            shape/dtype      meaning
    ==================  ===============  ==========================================
    ``logp_trainer``    ``(N, L)``       token log-probs under the trainer (may
                                         require grad)
    ``logp_rollout``    ``(N, L)``       the same tokens' log-probs under the
                                         engine
    ``mask``            bool ``(N, L)``  True for real tokens (padding may hold
                                         any value, ``-inf`` included)
    ``cap``             float            upper bound of a weight
    returns             ``(N,)``         weights in ``[0, cap]``, detached
    ==================  ===============  ==========================================

    A weight is positive in exact arithmetic, but ``exp`` rounds it to
    exactly 0 when the response's summed log-ratio is below about -104 in
    float32 (-745 in float64); such a response simply drops out.

    >>> lp_t = torch.log(torch.tensor([[0.5, 0.8], [0.5, 0.8]]))
    >>> lp_r = torch.log(torch.tensor([[0.5, 0.4], [0.1, 0.8]]))
    >>> tis_weights(lp_t, lp_r, torch.tensor([[True, True], [True, True]]), cap=3.0)
    tensor([2., 3.])
    """
    raise NotImplementedError("tis_weights: not implemented yet; replace this line with your code (see the docstring)")
