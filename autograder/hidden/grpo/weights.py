"""grpo's losses as the weights experiment reads them (:mod:`autograder.engine.causes.weights`):
which argument is live, the mask, the per-response weights, each token's term, and what the
contract asks. Our own code, run in the grader only."""
import torch

from autograder.engine.causes.weights import Weighing

SIZES = {"rows": "responses", "width": "the padded length L",
         "real": "real tokens in the batch"}


def _token_term(arguments, a, one):
    lp = arguments["token_logprobs"]
    per_token = torch.exp(lp - lp) if one else lp
    return per_token if a is None else a[:, None] * per_token


WEIGHINGS = [
    Weighing("grpo_loss", live="token_logprobs", mask="mask", term=_token_term,
             weights=lambda arguments: arguments["advantages"], weights_arg="advantages",
             sign=-1, scale=("rows",), sizes=SIZES,
             contract="the contract sums each response's real token log-probs, weights the sum "
             "by the response's advantage and averages over the N responses (-mean_i(A_i * "
             "sequence_logprob_i))"),
    Weighing("sequence_logprob", live="token_logprobs", mask="mask", term=_token_term,
             per_row=True, sign=1, scale=(), sizes=SIZES,
             contract="the contract sums each response's real token log-probs (the log of "
             "its path probability), the padding left out"),
]
