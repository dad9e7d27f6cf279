"""What grpo_lm's texts say about its GRPO run, checked against the rule and its calibration
(read by autograder/engine/texts.py: `autograde release --check`)."""
import re

from autograder.training import modules
from autograder.authoring.claims import Claim, calibration_rows, words


def rule(a):
    return modules.check_module(a).RULE


def doc(a):
    return a.root / a.settings.training.doc


def calibration(a) -> dict:
    """The reference's row and the base model's accuracy, in accuracy points."""
    text = doc(a).read_text()
    base = float(re.search(r"Base model: ([\d.]+)%", text).group(1))
    row = calibration_rows(doc(a))["reference"]
    low, _, high = (float(x.rstrip("%")) for x in row[4].split(" / "))
    return {"seeds": int(row[1]), "base": base, "low": low - base, "high": high - base,
            "margin": low - base - 100 * rule(a).look_gain,
            "spread": float(re.search(r"is (\d+) standard deviations", text).group(1))}


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
    Claim(r"gained (?P<low>\d+)-(?P<high>\d+) points of held-out accuracy in (?P<look_at>\d+) "
          r"updates \(the look's mark is (?P<look_gain>\d+)\)",
          lambda a: {"low": calibration(a)["low"], "high": calibration(a)["high"],
                     "look_at": RUN["look_at"](a), "look_gain": RUN["look_gain"](a)}, rel=0.05),
    Claim(r"the worst of the (?P<seeds>\w+) seeds was (?P<margin>\d+) points above the mark, and "
          r"the average (?P<spread>\d+) times",
          lambda a: {"seeds": words(calibration(a)["seeds"]),
                     "margin": calibration(a)["margin"], "spread": calibration(a)["spread"]},
          rel=0.05),
    Claim(r"GRPO with your two functions \((?P<updates>\d+)\s+updates at step size (?P<lr>[\de.-]+), "
          r"on at most (?P<attempts>\w+) seeds it chooses\)",
          lambda a: {k: RUN[k](a) for k in ("updates", "lr", "attempts")}, where="notebook",
          source="the check's Rule, and [training] attempts of assignment.toml"),
    Claim(r"a seed passes if it rose by at least (?P<gain>\d+) points, or by (?P<look_gain>\d+) "
          r"after the first (?P<look_at>\d+) updates",
          lambda a: {k: RUN[k](a) for k in ("gain", "look_gain", "look_at")}, where="notebook"),
]
