"""Public checks for `grpo_lm`: the texts' 17 × 24 answers, a small engine correction, and the
texts' warnings (the final answer's format, junk, -inf padding, weights capped from above only
and constant).

Run them with `python check.py`. The real grade runs these too, plus
hidden tests (near misses, junk strings, padding, extreme log-ratios,
gradients) and a short GRPO run with your functions.
"""
import math

import torch

from pgcheck import expect_close, expect_float, expect_no_grad


def check_verify_the_texts_rollouts(student):
    """17 × 24: the answer that reaches 408 earns 1.0, the one that reaches 398 earns 0.0."""
    expect_float(student.verify("17×20+17×4=340+68=408.", 17, 24), 1.0, case="reaches 408")
    expect_float(student.verify("17×20+17×4=340+58=398.", 17, 24), 0.0, case="reaches 398")


def check_verify_never_fails(student):
    """Junk is simply wrong: no '=', nothing after it, letters, something not a string."""
    for junk in ("", "408", "17×24=", "=abc.", None, 408):
        expect_float(student.verify(junk, 17, 24), 0.0, case=f"verify({junk!r}, 17, 24)")


def check_verify_final_answer_format(student):
    """The number after the last '=', one optional '.' at its end and nothing else: no leading
    zero, sign or space."""
    for text, want in (("17×24=408", 1.0), ("=408.", 1.0), ("=0408.", 0.0), ("=+408.", 0.0),
                       ("= 408.", 0.0), ("=408..", 0.0), ("=408.5", 0.0), ("=408.\n", 0.0),
                       ("=408=0408.", 0.0)):
        expect_float(student.verify(text, 17, 24), want, case=f"verify({text!r}, 17, 24)")


def check_tis_weights_small(student):
    """Trainer 0.5·0.8 vs engine 0.5·0.4 -> weight 2; vs 0.1·0.8 -> 5, capped at 3."""
    lp_t = torch.log(torch.tensor([[0.5, 0.8], [0.5, 0.8]]))
    lp_r = torch.log(torch.tensor([[0.5, 0.4], [0.1, 0.8]]))
    out = student.tis_weights(lp_t, lp_r, torch.tensor([[True, True], [True, True]]), 3.0)
    expect_close(out, torch.tensor([2.0, 3.0]), case="two responses, cap 3")


def check_tis_weights_padding(student):
    """A padded position (mask False) does not count, whatever it holds, -inf included."""
    lp_t = torch.tensor([[math.log(0.5), 9.0], [math.log(0.5), -math.inf]])
    lp_r = torch.tensor([[math.log(0.25), -9.0], [math.log(0.25), -math.inf]])
    out = student.tis_weights(lp_t, lp_r, torch.tensor([[True, False], [True, False]]), 10.0)
    expect_close(out, torch.tensor([2.0, 2.0]), case="one real token, one pad (9 / -9, -inf)")


def check_tis_weights_capped_from_above(student):
    """The cap bounds the whole response's weight from above only: 1.5 · 1.5 = 2.25 becomes 2
    (cap 2), a weight of 0.2 stays 0.2."""
    lp_t = torch.log(torch.tensor([[0.6, 0.6], [0.1, 1.0]]))
    lp_r = torch.log(torch.tensor([[0.4, 0.4], [0.5, 1.0]]))
    out = student.tis_weights(lp_t, lp_r, torch.tensor([[True, True], [True, True]]), 2.0)
    expect_close(out, torch.tensor([2.0, 0.2]), case="token ratios (1.5, 1.5) and (0.2, 1), cap 2")


def check_tis_weights_constant(student):
    """Trainer log-probs that require grad: the weights are constants, no gradient flows."""
    lp_t = torch.log(torch.tensor([[0.5, 0.8]])).requires_grad_()
    lp_r = torch.log(torch.tensor([[0.5, 0.4]]))
    result = student.tis_weights.grad(lp_t, lp_r, torch.tensor([[True, True]]), 3.0, wrt=[0])
    expect_no_grad(result.grads[0] if result.grads else None,
                   case="trainer log-probs that require grad", what="logp_trainer")


# -- float64: the answer keeps float64's precision (the grade's "float64 precision" tests) --

def check_tis_weights_float64(student):
    """float64 log-probs: the weight exp(sum of log-ratios) to float64's precision."""
    f64 = {"dtype": torch.float64}
    lp_t = torch.log(torch.tensor([[0.5, 0.8]], **f64))
    lp_r = torch.log(torch.tensor([[0.45, 0.7]], **f64))
    out = student.tis_weights(lp_t, lp_r, torch.tensor([[True, True]]), 3.0)
    expect_close(out, torch.tensor([(0.5 * 0.8) / (0.45 * 0.7)], **f64), precision=True,
                 case="one float64 response, cap 3")
