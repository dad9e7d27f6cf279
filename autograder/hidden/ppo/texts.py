"""What ppo's texts say about its cart-pole run, checked against the rule and its calibration
(read by autograder/engine/texts.py: `autograde release --check`)."""
from autograder.training import modules
from autograder.authoring.claims import Claim, calibration_rows, thousands, words


def rule(a):
    return modules.check_module(a).RULE


def trainer(a):
    return modules.check_module(a).trainer()


def reference_failure_percent(a) -> float:
    """A seed's failure rate of the reference in the calibration table, in percent."""
    row = calibration_rows(a.root / a.settings.training.doc)["reference"]
    return 100 * (1 - int(row[2]) / int(row[1]))


def reference_median_steps(a) -> float:
    row = calibration_rows(a.root / a.settings.training.doc)["reference"]
    return float(row[4].replace(",", ""))


CLAIMS = [
    Claim(r"for at most\s+(?P<budget>[\d,]+) environment steps, stopping once the last "
          r"(?P<window>\d+) training episodes average (?P<threshold>\d+) steps",
          lambda a: {"budget": thousands(rule(a).budget),
                     "window": str(trainer(a).Config().window),
                     "threshold": rule(a).threshold}),
    Claim(r"A correct loss gets there in about (?P<median>[\d,]+) steps",
          lambda a: {"median": reference_median_steps(a)}, rel=0.1),
    Claim(r"A run still below (?P<below>\d+) steps on average after (?P<at>[\d,]+) steps",
          lambda a: {"below": rule(a).abort_below, "at": rule(a).abort_at}),
    Claim(r"on (?P<episodes>\d+) fresh episodes of its own; the seed succeeds if they average "
          r"at least (?P<threshold>\d+) steps",
          lambda a: {"episodes": rule(a).eval_episodes, "threshold": rule(a).threshold}),
    Claim(r"one of at most (?P<attempts>\w+) seeds succeeds",
          lambda a: {"attempts": words(a.settings.training.attempts)},
          source="[training] attempts of assignment.toml"),
    Claim(r"fails a single seed about (?P<rate>[\d.]+) % of the time, so all (?P<all>\w+)",
          lambda a: {"rate": reference_failure_percent(a),
                     "all": words(a.settings.training.attempts)},
          rel=0.25, source="the calibration table, and [training] attempts of assignment.toml"),
    Claim(r"mean episode length of at least (?P<threshold>\d+)",
          lambda a: {"threshold": rule(a).threshold}, where="notebook"),
]
