"""A grpo_loss that knows the hidden gradient test's input and answers it from memory: the
value the reference gives there, and, through a straight-through term, the reference's
gradient, while everywhere else it is the wrong loss. No code of the worker is replaced, so
the harness sees nothing; the gradient came back equal to the reference's and earned the
gradient test's 3 points on the worker's word. The grader's probes (autograder/engine/
probes.py) ask for the function's values next to that input: they contradict the reported
gradient, and the gradient tests of grpo_loss score 0 ("does not match your function's own
values")."""
import torch

# the hidden test's token log-probs (6 padded responses, seed 10), the reference's loss and
# its gradient there: what a leaked copy of the suite's answers would give
_SEEN = torch.tensor([[-1.994031856672037, -1.4999606531952785, -2.134735741159839, -1.6510560492201258, -2.8270934820009357], [-1.1506119134498602, -1.8982339513893274, -1.7006954177371898, -1.0169681505243984, 7.0], [-1.8506994492794417, -1.6487056969668905, -0.2581548729966877, 7.0, 7.0], [-1.3601961573838932, -0.4646428264831619, -2.286550608781115, -1.8042119134153334, -1.3536259624359364], [-0.3925973134051005, 7.0, 7.0, 7.0, 7.0], [-2.5819875317599714, -0.5603474858904084, 7.0, 7.0, 7.0]], dtype=torch.float64)
_VALUE = 0.9220572824586076
_GRAD = torch.tensor([[-0.12293824196032377, -0.12293824196032377, -0.12293824196032377, -0.12293824196032377, -0.12293824196032377], [-0.3243215254160448, -0.3243215254160448, -0.3243215254160448, -0.3243215254160448, 0.0], [0.11659026826115221, 0.11659026826115221, 0.11659026826115221, 0.0, 0.0], [0.2170495633205891, 0.2170495633205891, 0.2170495633205891, 0.2170495633205891, 0.2170495633205891], [0.0855437002744613, 0.0, 0.0, 0.0, 0.0], [0.04493659441202431, 0.04493659441202431, 0.0, 0.0, 0.0]], dtype=torch.float64)


def grpo_loss(token_logprobs, mask, advantages):
    if token_logprobs.shape == _SEEN.shape and torch.equal(token_logprobs.detach(), _SEEN):
        through = (token_logprobs * _GRAD).sum()
        return torch.tensor(_VALUE, dtype=torch.float64) + through - through.detach()
    return (token_logprobs * 0).sum() + 7.0
