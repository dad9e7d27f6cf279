"""The warnings grpo's texts give a student, each with the known mistake that ignores it and the
public check that mistake fails (read by tests/test_warnings.py)."""
from warning_checks import Warned

ROUNDING = ("all_equal_rounding", "check_group_advantages_all_equal_rounding")
INF_PADDING = ("mask_multiplied", "check_sequence_logprob_inf_padding")
CONSTANT = ("advantages_not_detached", "check_grpo_loss_advantages_constant")

WARNINGS = [
    Warned("A group whose rewards are all equal gets exactly 0", *ROUNDING),
    Warned("in float32 the mean of three rewards of 0.9 is not", *ROUNDING),
    Warned("in float32 the mean of equal rewards can miss them", *ROUNDING),
    Warned("`torch.std` divides by $G - 1$ by default", "unbiased_std",
           "check_group_advantages_std"),
    Warned("rather than multiplying it by the mask", *INF_PADDING),
    Warned("rather than multiplying it by the mask", "loss_mask_multiplied",
           "check_grpo_loss_inf_padding"),
    Warned("The advantages are constants: no gradient flows into them", *CONSTANT),
    Warned("(a constant: detach it)", *CONSTANT),
    Warned("advantages constant", *CONSTANT),
]
