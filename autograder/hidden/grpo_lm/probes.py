"""Probes of ``verify``: what a student's answer extraction does, found by experiment.

``verify`` answers one bit, so no relation or composed convention can measure how far a wrong
parser is from the contract's; and real parsers vary without end (regexes, split and strip
chains, int or float casts, the first or the last number, commas dropped, whitespace
tolerated), so an exact convention matches few of them. This experiment asks the student's
``verify`` instead, through the sandbox's ``ask``: on completions built from the failed cases'
operands, each one the worked answer with ONE textual *feature* changed, whose right verdict the
reference tells (the answer followed by a space, a newline, more dots, words, '+0' or a decimal
part; a leading zero, a sign, a space or a '.' before it; digits grouped by commas; a longer
number that begins or ends with the right digits; the right number earlier or later in the
text, or with no '=' at all; a right answer with no end mark, no working or working in
another form, a slip in the working, the operands the other way round, a product ending in 0).

The rule (:func:`explain`), which names a cause only when the experiment proves it:

1. the plain worked answer, right and wrong, gets its right verdict, on the code's own *scale*:
   two different numbers, one for every right plain answer and one for every wrong one (real
   rewards give -1 for a wrong answer, or 2 for a right one), and every other answer of the
   code, probe or graded case, is one of the two (else the code's mistake is not one of the
   features'), and the scale is named when it is not 1 and 0;
2. each feature's probes (two, on two products) all get the wrong verdict (the feature is in
   the rule) or all the right one (it is not); a feature answered both ways is not one the
   code's rule reads, and is left unsaid (the rule must explain the failed cases without it);
3. every failed case of the grade has a feature of the rule, in the same direction (a wrong
   answer the code accepts has a feature the code accepts), or gets the right verdict on the
   code's scale; no passed case has one feature alone and it in the rule;
4. the rule is short: at most five *units*, a unit being one feature or a *pattern*, a set of
   features real code gets wrong together (whatever follows or precedes the number ignored;
   the answer read as a number; whitespace stripped; the last number of the text taken),
   named once; the scale is said beside them.

When every plain answer, right or wrong, gets one number, the code reads another format
(:mod:`formats`: ``<answer>`` tags, ``\\boxed{}``, a '####' marker), which a second exchange
finds.

The words say what the code does, with the probes that show it ("an experiment on your code:
your verify accepts a wrong answer with a decimal part of zeros ('=408.0' gets 1) ...; it
rejects a right answer with a product that ends in 0 ('=700.' gets 0)"), then what the
contract asks. Our own code, run in the grader; only the student's ``verify`` runs in the
sandbox (one exchange of at most :data:`MAX_PROBES` calls).
"""
from __future__ import annotations

import importlib.util
import math
import re
import sys
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path

_spec = importlib.util.spec_from_file_location("_autograde_grpo_lm_formats",
                                               Path(__file__).with_name("formats.py"))
formats = sys.modules[_spec.name] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(formats)

#: at most this many calls of the student's verify
MAX_PROBES = 64
#: the second product the probes use (four digits: commas can group it)
SECOND = (73, 68)
#: at most this many units in a rule
MAX_UNITS = 5
CONTRACT = ("the contract's final answer is exactly the text after the last '=', less one "
            "optional final '.': the digits of a * b and nothing else")


def _work(a, b):
    t, u = b - b % 10, b % 10
    return f"{a}×{t}+{a}×{u}={a * t}+{a * u}="


def _tail(c):
    return c.rsplit("=", 1)[1] if "=" in c else None


def _whole(z, text):
    """``z`` stands in ``text`` as a whole number (no digit touches it)."""
    return re.search(rf"(?<![\d]){z}(?!\d)", text) is not None


def _tail_is(pattern):
    """A predicate: the text after the last '=' is ``pattern`` ({z}: the product's digits)."""
    def has(c, a, b):
        tail = _tail(c)
        return tail is not None and re.fullmatch(pattern.format(z=a * b), tail, re.S) is not None
    return has


@dataclass(frozen=True)
class Feature:
    name: str
    accepts: bool       #: True: a wrong answer the code may accept; False: a right one it rejects
    phrase: str         #: what the probe has: "a leading zero"
    make: object        #: (a, b, i) -> the i-th probe completion on the product a * b, or None
    has: object         #: (completion, a, b) -> the case has this feature
    operands: tuple = ()    #: fixed operands of its probes (one pair per probe), if any


def _tails(*forms):
    """A ``make``: the worked answer with the text after the last '=' in one of ``forms``
    ({z}: the product's digits, {c}: with commas, {d}: in Arabic-Indic digits, {y}: another
    number, z + 10)."""
    def make(a, b, i):
        z = a * b
        return _work(a, b) + forms[i % len(forms)].format(z=z, c=f"{z:,}", d=_digits(z), y=z + 10)
    return make


def _digits(z):
    return str(z).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))


def _slip(c, a, b):
    found = re.search(r"(\d+)\+(\d+)=(\d+)\.?$", c)
    return found is not None and int(found[1]) + int(found[2]) != int(found[3])


def _commas(c, a, b):
    tail = _tail(c)
    return tail is not None and "," in tail and tail.replace(",", "").removesuffix(".") == \
        str(a * b)


def _earlier(c, a, b):
    return "=" in c and _whole(a * b, c.rsplit("=", 1)[0]) and not _tail(c).startswith(
        str(a * b))


def _other_work(c, a, b):
    """The text before the last '=' is neither empty nor the worked format (a×t+a×u=x+y)."""
    return "=" in c and re.fullmatch(r"(\d+×\d+\+\d+×\d+=\d+\+\d+)?", c.rsplit("=", 1)[0]) \
        is None


def _later(c, a, b):
    tail = _tail(c)
    return tail is not None and not tail.startswith(str(a * b)) and _whole(a * b, tail)


#: wrong answers (the reference gives 0) that a lenient parser accepts, that differ from the
#: worked answer after the last '=' only: name, what the probe has, its tails ({z}: the
#: product's digits), and the pattern of a case's tail that has the feature
TAILS = [
    ("space_after", "a trailing space", ("{z}. ", "{z}.  "), r"{z}\.? +"),
    ("newline_after", "a trailing newline", ("{z}.\n", "{z}.\n\n"), r"{z}\.?\s*\n\s*"),
    ("more_dots", "trailing dots (more than one '.')", ("{z}..", "{z}..."), r"{z}\.\.+"),
    ("words_after", "other text after it", ("{z} apples.", "{z}. Done"),
     r"{z}\.? *[^\d\s.+\-*×/][^\d]*"),
    ("sum_after", "more arithmetic after it", ("{z}+0.", "{z}-0."), r"{z}[-+*×/].*"),
    ("decimal_zero", "a decimal part of zeros", ("{z}.0", "{z}.00."), r"{z}\.0+\.?"),
    ("decimal_fraction", "a decimal fraction", ("{z}.5", "{z}.25."), r"{z}\.\d*[1-9]\d*\.?"),
    ("zeros_after", "zeros after the right digits", ("{z}0.", "{z}00."), r"{z}0+\.?"),
    ("longer_start", "a longer number that begins with the right digits", ("{z}7.", "{z}13."),
     r"{z}\d*[1-9]\d*\.?"),
    ("longer_end", "a longer number that ends with the right digits", ("9{z}.", "1{z}."),
     r"[1-9]\d*{z}\.?"),
    ("leading_zero", "a leading zero", ("0{z}.", "00{z}."), r"0+{z}\.?"),
    ("plus_sign", "a plus sign before the number", ("+{z}.",), r"\+{z}\.?"),
    ("minus_sign", "a minus sign before the number", ("-{z}.",), r"-{z}\.?"),
    ("space_before", "a space before the number", (" {z}.", "  {z}."), r"\s+{z}\.?"),
    ("dot_before", "a '.' before the number", (".{z}.",), r"\.+{z}\.?"),
]


F = Feature
FEATURES = [F(name, True, phrase, _tails(*tails), _tail_is(pattern))
            for name, phrase, tails, pattern in TAILS] + [
    # wrong answers (the reference gives 0) that a lenient parser accepts
    F("commas", True, "the digits grouped by commas",
      lambda a, b, i: _tails("{c}.")(a, b, i) if a * b >= 1000 else None, _commas),
    F("other_digits", True, "the number in digits other than 0-9", _tails("{d}."),
      lambda c, a, b: _tail(c) is not None and _tail(c).removesuffix(".") == _digits(a * b)),
    F("earlier", True, "the right number earlier in the text and a wrong final one",
      lambda a, b, i: (f"{a}×{b}={a * b}={a * b + 10}.",
                       f"{_work(a, b)}{a * b}+1={a * b + 1}.")[i],
      _earlier),
    F("later", True, "the right number after a wrong final answer",
      _tails("{y}. So {z}", "{y}, or {z}."), _later),
    F("no_equals", True, "the right number and no '='",
      lambda a, b, i: (f"{a * b}.", f"{a}×{b} is {a * b}.")[i],
      lambda c, a, b: "=" not in c and _whole(a * b, c)),
    # right answers (the reference gives 1) that a strict parser rejects
    F("no_end_mark", False, "no final '.'", _tails("{z}"),
      lambda c, a, b: not c.endswith(".")),
    F("no_work", False, "no working before the '='", lambda a, b, i: f"={a * b}.",
      lambda c, a, b: c.startswith("=") and c.count("=") == 1),
    F("other_work", False, "working in another form than the worked format",
      lambda a, b, i: (f"{a}×{b}={a * b}.", f"4=3=2=1={a * b}.")[i], _other_work),
    F("slip", False, "a slip in the working",
      lambda a, b, i: _work(a, b).replace(f"+{a * (b % 10)}=", f"+{a * (b % 10) + 10}=")
      + f"{a * b}.", _slip),
    F("swapped", False, "the operands the other way round in the working",
      lambda a, b, i: f"{_work(b, a)}{a * b}." if a != b else None,
      lambda c, a, b: a != b and c.startswith(f"{b}×")),
    F("ends_in_zero", False, "a product that ends in 0", _tails("{z}."),
      lambda c, a, b: str(a * b).endswith("0"), operands=((20, 35), (30, 60))),
]


#: patterns: features real code gets wrong together, with the words that say what it does
#: (the first two features' probes are quoted)
PATTERNS = [
    ("follows", ("words_after", "sum_after", "space_after", "newline_after", "more_dots"),
     "ignores what follows the right number (a space, a newline, more dots, words, '+0')"),
    ("decimals", ("decimal_zero", "decimal_fraction"),
     "ignores a decimal part after the right number (it reads up to the '.')"),
    ("prefix", ("longer_start", "zeros_after"),
     "accepts a longer number that begins with the right digits"),
    ("contains", ("longer_end", "words_after", "space_after", "newline_after", "more_dots",
                  "sum_after", "decimal_zero", "decimal_fraction", "zeros_after",
                  "longer_start", "leading_zero", "plus_sign", "minus_sign", "space_before",
                  "dot_before"),
     "finds the right digits anywhere after the last '=' (a substring test: whatever comes "
     "before or after them passes)"),
    ("precedes", ("longer_end", "minus_sign", "leading_zero", "plus_sign", "space_before",
                  "dot_before"),
     "ignores what comes before the right digits (it checks how the text ends)"),
    ("anywhere", ("no_equals", "later", "words_after"),
     "finds the right number anywhere in the text (the last number, wherever the '=' is)"),
    ("number", ("leading_zero", "plus_sign", "space_before", "space_after", "newline_after",
                "other_digits"),
     "reads the answer as a number (int() or float()), which accepts a leading zero, a plus "
     "sign, spaces around it and digits other than 0-9"),
    ("last_float", ("later", "decimal_zero", "no_equals", "words_after", "more_dots",
                    "space_after", "newline_after", "leading_zero", "plus_sign", "space_before",
                    "dot_before", "commas", "other_digits"),
     "takes the last number anywhere in the text and reads it as a number (commas dropped, "
     "then float()), so whatever surrounds it, a leading zero, a '+' or a decimal part of "
     "zeros pass"),
    ("strip", ("space_before", "newline_after", "space_after"),
     "strips the whitespace around the answer"),
]


@dataclass
class Probe:
    feature: Feature
    args: list          #: [completion, a, b]
    expected: float     #: the reference's verdict


def probes(pairs, reference_fn) -> tuple[list[Probe], list[Probe]]:
    """(the plain probes: a right and a wrong worked answer of each product; the features'
    probes, one per product and feature, in the feature's direction by the reference)."""
    plain, found = [], []
    for a, b in pairs:
        z = a * b
        plain += [Probe(None, [f"{_work(a, b)}{z}.", a, b], 1.0),
                  Probe(None, [f"{_work(a, b)}{z + 1}.", a, b], 0.0)]
    for f in FEATURES:
        for i, (a, b) in enumerate(f.operands or pairs):
            text = f.make(a, b, i)
            if text is None:
                continue
            expected = float(reference_fn(text, a, b))
            if expected == float(not f.accepts):
                found.append(Probe(f, [text, a, b], expected))
    return plain, found


def _pairs(failed) -> list[tuple[int, int]]:
    """Two products for the probes: the first failed case's operands (two-digit numbers whose
    product does not end in 0, which is a feature of its own), and :data:`SECOND`."""
    first = [(o.args[1], o.args[2]) for o in failed if len(o.args) == 3
             and all(type(v) is int and 10 <= v <= 99 for v in o.args[1:])
             and (o.args[1] * o.args[2]) % 10]
    pair = first[0] if first else (17, 24)
    return [pair, SECOND if pair != SECOND else (17, 24)]


def units(rule: set[str]) -> list[tuple[str, str, tuple]]:
    """The rule's features as units: the patterns it holds whole (the largest first, none whose
    features the ones before took already), then each feature no pattern took: (name, words or
    "", features)."""
    whole, taken = [], set()
    for n, s, w in sorted(PATTERNS, key=lambda p: -len(p[1])):  # the largest first
        if set(s) <= rule and not set(s) <= taken:
            whole.append((n, w, s))
            taken |= set(s)
    return whole + [(f, "", (f,)) for f in sorted(rule - taken)]


def _covers(rule, obs, verdict) -> bool:
    """The failed case ``obs`` is explained: the code's verdict on it (``verdict``: its answer
    read on the code's own scale) is the contract's, so only the scale differs, or the case has
    a feature of ``rule`` in the verdict's direction (a wrong answer the code accepted has a
    feature of a wrong answer)."""
    said = verdict(obs.student)
    if said is None:
        return False
    return said == float(obs.reference) or any(
        f.name in rule and f.accepts == (float(obs.reference) == 0.0) for f in _only(obs))


def _only(obs) -> list[Feature]:
    """The features a graded case has (none for a completion that is not a string)."""
    completion, a, b = obs.args
    if not isinstance(completion, str) or type(a) is not int or type(b) is not int:
        return []
    return [f for f in FEATURES if f.has(completion, a, b)]


def explain(failed, passed, reference_fn, ask, agree) -> tuple[str, str] | None:
    """(the words, ``probe:<features>``) by the rule of the module docstring, or None.
    ``failed``, ``passed``: the grade's observations of verify; ``ask(fn, items, seconds)``:
    the student's answers on the argument lists ``items``; ``agree(obs, student, expected)``:
    the case's own check."""
    if not failed or any(len(o.args) != 3 for o in failed):
        return None
    start = time.perf_counter()
    plain, found = probes(_pairs(failed), reference_fn)
    asked = plain + found      # the reference's time on them sets the exchange's limit
    answers = ask("verify", [p.args for p in asked[:MAX_PROBES]], time.perf_counter() - start)
    if not isinstance(answers, list) or len(answers) != min(len(asked), MAX_PROBES):
        return None
    judge = failed[0]
    scale = _scale(judge, agree, answers[:len(plain)], [p.expected for p in plain])
    if scale is None:   # every worked answer gets one number: another format, perhaps
        return formats.explain(failed, passed, _pairs(failed), answers[:len(plain)],
                               reference_fn, ask, partial(agree, judge), CONTRACT)
    verdict = partial(_verdict, judge, agree, scale)
    verdicts: dict[str, set] = {}
    shown: dict[str, Probe] = {}
    for p, x in zip(found, answers[len(plain):]):
        said = verdict(x)
        if said is None:
            return None
        verdicts.setdefault(p.feature.name, set()).add(said == p.expected)
        if said != p.expected:
            shown.setdefault(p.feature.name, p)
    # a feature answered both ways is not one the code's rule reads: it is left unsaid
    rule = {n for n, v in verdicts.items() if v == {False}}
    odd = scale != (1.0, 0.0)
    if not (rule or odd) or len(units(rule)) > MAX_UNITS:
        return None
    if not all(_covers(rule, o, verdict) for o in failed):
        return None
    for o in passed:    # a passed case that has one feature only, of the rule, in its direction
        alone = _only(o)
        if verdict(o.student) is None or len(alone) == 1 and alone[0].name in rule \
                and alone[0].accepts == (float(o.reference) == 0.0):
            return None
    return words(rule, shown, scale), "probe:" + ",".join(sorted(rule | ({"scale"} if odd else set())))


def _scale(judge, agree, answers, expected) -> tuple[float, float] | None:
    """(what the code answers for an answer it accepts, for one it rejects), read off the plain
    probes (a right and a wrong worked answer of each product), when they are two different
    numbers, each the same on every plain probe of its verdict; else None."""
    accepted = [x for x, e in zip(answers, expected) if e == 1.0]
    rejected = [x for x, e in zip(answers, expected) if e == 0.0]
    if not accepted or not rejected or any(
            not isinstance(x, (int, float)) or not math.isfinite(x) for x in answers):
        return None
    scale = (float(accepted[0]), float(rejected[0]))
    if agree(judge, scale[0], scale[1]) or not all(
            agree(judge, x, scale[0]) for x in accepted) or not all(
            agree(judge, x, scale[1]) for x in rejected):
        return None
    return (1.0, 0.0) if agree(judge, scale[0], 1.0) and agree(judge, scale[1], 0.0) else scale


def _verdict(judge, agree, scale, answer) -> float | None:
    """The code's ``answer`` as a verdict on its own ``scale``: 1.0 accepted, 0.0 rejected, or
    None when it is neither of the scale's two numbers."""
    accept, reject = scale
    if not isinstance(answer, (int, float)):
        return None
    return 1.0 if agree(judge, answer, accept) else 0.0 if agree(judge, answer, reject) else None


def _short(p: Probe) -> str:
    """A probe as the cause quotes it: from its last '=' when it is the worked answer."""
    text, a, b = p.args
    work = _work(a, b)
    return repr(text[len(work) - 1:] if text.startswith(work) else text)


def words(rule: set[str], shown: dict[str, Probe], scale=(1.0, 0.0)) -> str:
    """The rule in words: the code's scale where it is not the contract's, its patterns, then
    the features each direction holds alone, each with the probe that shows it, then what the
    contract asks."""
    by_name = {f.name: f for f in FEATURES}
    said = [f"returns {got:g} for {what} (the contract's reward is {due:g})"
            for got, due, what in zip(scale, (1.0, 0.0), ("a right answer", "a wrong answer"))
            if got != due]
    for name, text, features in units(rule):
        if text:
            examples = " and ".join(_short(shown[f]) for f in features[:2])
            said.append(f"{text} ({examples} get {scale[0]:g})")
    for accepts, head in ((True, "accepts a wrong answer with "),
                          (False, "rejects a right answer with ")):
        alone = [by_name[name] for name, text, _ in units(rule)
                 if not text and by_name[name].accepts == accepts]
        if alone:
            said.append(head + ", or with ".join(
                f"{f.phrase} ({_short(shown[f.name])} gets {scale[1 - accepts]:g})"
                for f in alone))
    return ("an experiment on your code: your verify " + "; it ".join(said) + "; " + CONTRACT)
