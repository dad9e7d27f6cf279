"""reinforce's linear functions (:mod:`autograder.engine.causes.impulses`): the discounted
returns are linear in the rewards once gamma is fixed. Our own code, run in the grader only."""
from autograder.engine.causes.impulses import linear

returns = linear("discounted_returns", ("rewards",), decays={"gamma": lambda a: a["gamma"]})
