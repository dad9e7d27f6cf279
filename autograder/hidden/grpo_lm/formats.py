r"""Probes of a ``verify`` that rejects the contract's worked answer: the answer formats other
rewards read.

Reasoning-model rewards read the answer from a format of their own: R1-style
``<answer>...</answer>`` tags, MATH's ``\boxed{...}``, GSM8K's ``#### 408``, "The answer is
408". Ported to this contract, such a reward rejects every worked answer, right or wrong, and the
feature probes of :mod:`probes` learn nothing from it (its plain probes all get one number).
This experiment asks the student's ``verify`` about the right and a wrong answer of two products
in each format (the reference rejects them all: none has the contract's '='), and names the
formats whose right answer gets another number than everything else while the wrong one does
not: the code reads the answer there. It names them only when every failed case of the grade is
a right answer the code rejected (or a wrong one in a format it reads, that it accepted), and
every answer it gave is one of its two numbers.

Our own code, run in the grader; only the student's ``verify`` runs in the sandbox (one exchange
of ``4 * len(FORMATS)`` calls)."""
from __future__ import annotations

import re
import time

#: (name, what the words call it, the completion: {z} the number)
FORMATS = [
    ("answer_tags", "'<answer>...</answer>' tags", "<answer>{z}</answer>"),
    ("boxed", "'\\boxed{...}'", "\\boxed{{{z}}}"),
    ("hashes", "a '####' marker", "#### {z}"),
    ("answer_is", "'The answer is ...'", "The answer is {z}."),
    ("answer_colon", "'Answer: ...'", "Answer: {z}"),
]


def _in_format(completion, template) -> bool:
    """``completion`` holds ``template``'s format around some number."""
    head, _, tail = template.partition("{z}")
    pattern = re.escape(head.replace("{{", "{").replace("}}", "}")) + r"\s*-?[\d.,]+\s*" + \
        re.escape(tail.replace("{{", "{").replace("}}", "}").rstrip("."))
    return isinstance(completion, str) and re.search(pattern, completion) is not None


def explain(failed, passed, pairs, plain_answers, reference_fn, ask, same, contract) \
        -> tuple[str, str] | None:
    """(the words, ``format:<names>``) by the rule of the module docstring, or None.
    ``pairs``: the probes' two products; ``plain_answers``: the code's answers on the plain
    worked answers (right and wrong); ``same(x, y)``: the case's own check of two answers;
    ``contract``: the contract's words."""
    rejected = plain_answers[0]
    if not isinstance(rejected, (int, float)) or not all(same(x, rejected) for x in plain_answers):
        return None
    start = time.perf_counter()
    items, keys = [], []
    for name, _, template in FORMATS:
        for a, b in pairs:
            for right in (True, False):
                text = template.format(z=a * b if right else a * b + 1)
                if float(reference_fn(text, a, b)) != 0.0:
                    return None     # the contract would read it: not another format
                items.append([text, a, b])
                keys.append((name, right))
    answers = ask("verify", items, time.perf_counter() - start)
    if not isinstance(answers, list) or len(answers) != len(items):
        return None
    accepted = [x for x, (_, right) in zip(answers, keys) if right and not same(x, rejected)]
    if not accepted or not isinstance(accepted[0], (int, float)):
        return None
    gives = accepted[0]

    def verdict(x):
        return 1.0 if same(x, gives) else 0.0 if same(x, rejected) else None
    read = []
    for name, phrase, template in FORMATS:
        said = [verdict(x) for x, (n, right) in zip(answers, keys) if n == name]
        if None in said:
            return None
        if said == [1.0, 0.0] * len(pairs):
            read.append((name, phrase, template))
        elif any(said):
            return None     # a format read only in part: not one rule
    if not read:
        return None
    for o in failed:
        v = verdict(o.student)
        if not (v == 0.0 and float(o.reference) == 1.0 or v == 1.0 and float(o.reference) == 0.0
                and any(_in_format(o.args[0], t) for _, _, t in read)):
            return None
    if any(verdict(o.student) is None for o in passed):
        return None
    (a, b), z = pairs[0], pairs[0][0] * pairs[0][1]
    shown = " or ".join(phrase for _, phrase, _ in read)
    right, wrong = read[0][2].format(z=z), read[0][2].format(z=z + 1)
    return (f"an experiment on your code: your verify reads the answer from {shown} "
            f"({right!r} gets {gives:g}, {wrong!r} gets {rejected:g}), and rejects the "
            f"contract's worked answer ('...={z}.' gets {rejected:g}, like every completion "
            f"without that format); {contract}",
            "format:" + ",".join(name for name, _, _ in read))
