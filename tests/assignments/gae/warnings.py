"""The warnings gae's texts give a student, each with the known mistake that ignores it and the
public check that mistake fails (read by tests/test_warnings.py)."""
from warning_checks import Warned

WARNINGS = [
    Warned("nothing follows, so the value of what comes next is 0",
           "bootstraps_after_termination", "check_td_residuals_terminal"),
    Warned("we still bootstrap from ``next_values``", "truncation_as_termination",
           "check_compute_gae_truncation"),
    Warned("the recursion must not carry", "truncation_leaks", "check_compute_gae_truncation"),
    Warned("not of the observation after the reset", "shifted_values",
           "check_td_residuals_terminal"),
]
