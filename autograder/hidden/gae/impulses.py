"""gae's linear functions (:mod:`autograder.engine.causes.impulses`): the TD residuals and the
advantages are linear in the rewards, the values and the next values once the flags, gamma and
lam are fixed. Our own code, run in the grader only."""
from autograder.engine.causes.impulses import linear

FLAGS = {"terminated": lambda a: a["terminated"], "truncated": lambda a: a["truncated"],
         "terminated or truncated": lambda a: a["terminated"] | a["truncated"]}

residuals = linear("td_residuals", ("rewards", "values", "next_values"),
                   decays={"gamma": lambda a: a["gamma"]},
                   flags={"terminated": FLAGS["terminated"]}, row="TD residual")
advantages = linear("compute_gae", ("rewards", "values", "next_values"),
                    ("advantages", "returns"),
                    decays={"gamma * lam": lambda a: a["gamma"] * a["lam"],
                            "gamma": lambda a: a["gamma"], "lam": lambda a: a["lam"]},
                    flags=FLAGS, plus={"returns": "advantages"}, row="advantage")
