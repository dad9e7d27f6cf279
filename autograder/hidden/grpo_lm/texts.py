"""What grpo_lm's texts say about its GRPO run, checked against the rule and its calibration
(read by autograder/engine/texts.py: `autograde release --check`)."""
from autograder.training import modules
from autograder.authoring.claims import Claim, calibration_rows, words


def rule(a):
    return modules.check_module(a).RULE


def doc(a):
    return a.root / a.settings.training.doc


def calibration(a) -> dict:
    """The reference's row of the calibration table: seeds, passes, passes at the look."""
    row = calibration_rows(doc(a))["reference"]
    return {"seeds": int(row[1]), "passed": int(row[2]), "early": int(row[6])}


RUN = {"updates": lambda a: rule(a).updates, "lr": lambda a: rule(a).learning_rate,
       "attempts": lambda a: words(a.settings.training.attempts), "gain": lambda a: 100 * rule(a).min_gain,
       "look_at": lambda a: rule(a).look_at, "look_gain": lambda a: 100 * rule(a).look_gain}

CLAIMS = [
    Claim(r"for (?P<updates>\d+) updates at step size (?P<lr>[\de.-]+)",
          lambda a: {k: RUN[k](a) for k in ("updates", "lr")}),
    Claim(r"on seeds it\s+chooses \(at most (?P<attempts>\w+)\)",
          lambda a: {"attempts": RUN["attempts"](a)},
          source="[training] attempts of assignment.toml"),
    Claim(r"rose by at least (?P<gain>\d+) points", lambda a: {"gain": RUN["gain"](a)}),
    Claim(r"looks once after (?P<look_at>\d+) updates, where a\s+rise of at least (?P<look_gain>\d+) "
          r"points passes", lambda a: {k: RUN[k](a) for k in ("look_at", "look_gain")}),
    Claim(r"on (?P<seeds>\d+) seeds of the reference functions",
          lambda a: {"seeds": calibration(a)["seeds"]}),
    Claim(r"(?P<early>\d+) passed at\s+the look, (?P<late>\d+) after\s+(?P<updates>\d+)\s+updates,"
          r"\s+and (?P<failed>\w+) failed",
          lambda a: {"early": calibration(a)["early"], "updates": RUN["updates"](a),
                     "late": calibration(a)["passed"] - calibration(a)["early"],
                     "failed": words(calibration(a)["seeds"] - calibration(a)["passed"])}),
    Claim(r"GRPO with your two functions \((?P<updates>\d+)\s+updates at step size (?P<lr>[\de.-]+), "
          r"on at most (?P<attempts>\w+) seeds it chooses\)",
          lambda a: {k: RUN[k](a) for k in ("updates", "lr", "attempts")}, where="notebook",
          source="the check's Rule, and [training] attempts of assignment.toml"),
    Claim(r"a seed passes if it rose by at least (?P<gain>\d+) points, or by (?P<look_gain>\d+) "
          r"after the first (?P<look_at>\d+) updates",
          lambda a: {k: RUN[k](a) for k in ("gain", "look_gain", "look_at")}, where="notebook"),
]
