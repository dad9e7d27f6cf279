"""The warnings reinforce's texts give a student, each with the known mistake that ignores it
and the public check that mistake fails (read by tests/test_warnings.py)."""
from warning_checks import Warned

CONSTANTS = ("baseline_not_detached", "check_reinforce_loss_constants")

WARNINGS = [
    Warned("Returns and baseline are constants", *CONSTANTS),
    Warned("returns and baseline constant", *CONSTANTS),
    Warned("The weights are **constants**", *CONSTANTS),
    Warned("if you let this loss push on it", *CONSTANTS),
    Warned("Compute the recursion **backwards**", "forward_returns",
           "check_discounted_returns_cartpole"),
]

#: sentences the scan finds that warn of nothing (a measurement of the texts)
NOT_WARNINGS = ["even a constant baseline cut the summed per-weight variance"]
