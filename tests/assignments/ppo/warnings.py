"""The warnings ppo's texts give a student, each with the known mistake that ignores it and the
public check that mistake fails (read by tests/test_warnings.py)."""
from warning_checks import Warned

WARNINGS = [
    Warned("are constants of the batch: no gradient", "old_logp_not_detached",
           "check_ppo_clip_loss_constants"),
    Warned("are constants of the batch: no gradient", "advantages_not_detached",
           "check_ppo_clip_loss_constants"),
    Warned("logp_old and advantages constant", "old_logp_not_detached",
           "check_ppo_clip_loss_constants"),
    Warned("dividing two tiny probabilities underflows", "separate_exps",
           "check_ppo_clip_loss_tiny_probabilities"),
    Warned("the sample's gradient is **zero**", "never_clips", "check_ppo_clip_loss_clipped_sample"),
]
