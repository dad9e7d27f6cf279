"""How strong the hidden suites are, and how far a student can trust a ``likely cause:``, measured
on mutants made by an established tool.

For every assignment of the registry:

1. generate: cosmic-ray's operators (every operator that takes no arguments: arithmetic,
   comparison, unary and boolean operators, constants, numbers, loops, exceptions) applied,
   one at a time, to each position inside the ``### BEGIN SOLUTION`` / ``### END SOLUTION``
   regions of ``solutions/<name>/<name>.py``; identical sources are kept once;
2. remove equivalents by differential testing: the reference and each mutant are called on
   random inputs drawn from the contract's shapes (``autograder/hidden/<name>/fuzz.py``, both
   float dtypes, several seeds), each in a forked child with a time limit; a mutant whose
   values, inputs after the call, exceptions and promised gradients all agree with the
   reference's (float64 results to the float64 precision test's tolerance, float32 results to
   the value tests') is equivalent;
3. grade the rest with the real grader, one batch per assignment, as a course would:
   ``autograde grade BATCH --assignment NAME --jobs 2 --skip-slow --json`` (the cart-pole and
   GRPO training runs are left out: they are calibrated separately);
4. report per assignment: generated, equivalent, graded, killed (lost at least one point),
   hinted (shown at least one ``likely cause:`` naming a known mistake), and hint precision.
   A hint is right when the named mistake's replay (its file in the bank, materialised) agrees
   with the mutant on every random case of every function, at the value tests' precision
   ("one of: ..." is right when one of those named is; one shown with "another difference
   remains" is right when it gives the mutant's answer on most of the random calls the mutant
   gets wrong and the reference's on the rest, :func:`explains_part`; one said with the raises
   of the other failed cases, "; besides, on N other failed cases, line L ... raises", is
   judged on the random calls where the mutant does not raise); relations: killed
   mutants shown only a cause that names no known mistake (a relation of
   :mod:`autograder.engine.causes.relations`, true of the answers by construction, counted
   apart from the precision); line named: killed mutants shown only the line of their code
   that raises on every case, or on every failed case with the others right, or the line
   above it that made the bool it raises on (:mod:`autograder.engine.causes.raised`), right
   when it is the mutated line (a named line
   that is not is listed as a wrong cause); a cause: hinted plus relations plus line named;
   the killed mutants shown no cause are listed with their operator, line and
   code. Goals: every non-equivalent mutant killed, precision at least 95 %.

``--baseline COMMIT`` grades the same mutants, in the same run, with the code of that commit
(extracted as ``benchmarks/bench_adversarial.py`` does) and its own bank of known mistakes, and
prints both tables side by side. ``--assignment NAME`` and ``--sample N`` (a seeded draw of N
generated mutants per assignment) make a short run; ``tests/test_mutants.py`` runs such a sample.

Run (about 12 minutes for all five assignments on two cores; about 15 with --baseline, which
shares the generation and the differential test)::

    .venv/bin/python benchmarks/bench_mutation.py
    .venv/bin/python benchmarks/bench_mutation.py --baseline 4455eef --json mutation.json
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import math
import multiprocessing as mp
import pickle
import random
import re
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import wait
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_adversarial import extract, interpreter  # noqa: E402

from autograder.authoring import course  # noqa: E402
from autograder.authoring.course import BEGIN, END  # noqa: E402
from autograder.engine.causes.evidence import Cause  # noqa: E402
from autograder.engine.causes.raised import LINE_WORDS  # noqa: E402
from autograder.engine.mutants import Mutant  # noqa: E402
from pgcheck.assertions import FLOAT64_PRECISION, TOLERANCES  # noqa: E402

SEEDS = 12                  #: random draws per dtype for the differential test
CHILD_TIMEOUT = 60.0        #: seconds for one module's whole differential run
#: how a hint that explains part of the evidence ends (judged by :func:`explains_part`)
PARTIAL = Cause("x", partial=True).text.removeprefix("x; ")


# -- 1. generate ------------------------------------------------------------------------------

def solution_lines(source: str) -> set[int]:
    """Line numbers (1-based) strictly inside the solution regions."""
    inside, lines = False, set()
    for number, line in enumerate(source.splitlines(), start=1):
        if BEGIN in line:
            inside = True
        elif END in line:
            inside = False
        elif inside:
            lines.add(number)
    return lines


def generate(source: str) -> list[dict]:
    """Every single-operator mutant of the solution regions: {id, operator, line, source}."""
    from cosmic_ray.ast import ast_nodes, get_ast
    from cosmic_ray.mutating import mutate_code
    from cosmic_ray.plugins import get_operator, operator_names

    lines, seen, made = solution_lines(source), {source}, []
    module = get_ast(source)
    for name in operator_names():
        operator_class = get_operator(name)
        if operator_class.arguments():          # needs a configuration (variable names)
            continue
        operator = operator_class()
        positions = [start for node in ast_nodes(module)
                     for start, _ in operator.mutation_positions(node)]
        for occurrence, (line, _) in enumerate(positions):
            if line not in lines:
                continue
            code = mutate_code(source, operator, occurrence)
            if code is None or code in seen:
                continue
            seen.add(code)
            made.append({"id": f"m{len(made):04d}", "operator": name.split("/")[-1],
                         "line": line, "source": code})
    return made


# -- 2. differential testing ------------------------------------------------------------------

def _clone(value):
    if isinstance(value, torch.Tensor):
        return value.detach().clone()
    if isinstance(value, (list, tuple)):
        return type(value)(_clone(v) for v in value)
    if isinstance(value, dict):
        return {k: _clone(v) for k, v in value.items()}
    return value


def _detached(value):
    if isinstance(value, torch.Tensor):
        return ("tensor", value.detach().clone(), value.requires_grad)
    if isinstance(value, (list, tuple)):
        return tuple(_detached(v) for v in value)
    if isinstance(value, (bool, int, float, str, type(None))):
        return value
    return ("object", type(value).__name__)


def _gradients(fn, args, kwargs, wrt):
    """Gradients of a fixed weighting of the output w.r.t. the promised arguments (None: none)."""
    args = list(_clone(args))
    for i in wrt:
        args[i] = args[i].requires_grad_(True)
    try:
        out = fn(*args, **_clone(kwargs))
        if not isinstance(out, torch.Tensor) or not out.requires_grad:
            return "no gradient"
        weights = torch.linspace(0.5, 1.5, out.numel(), dtype=out.dtype).reshape(out.shape)
        grads = torch.autograd.grad((out * weights).sum(), [args[i] for i in wrt],
                                    allow_unused=True)
    except Exception as exc:  # noqa: BLE001 - a mutant may raise anything
        return ("raised", type(exc).__name__)
    return tuple(None if g is None or not bool((g != 0).any()) else ("tensor", g.detach(), False)
                 for g in grads)


def outcome(fn, args, kwargs, wrt) -> tuple:
    """What one call shows: its value (or that it raised), the inputs after it, gradients."""
    copies, kw = _clone(args), _clone(kwargs)
    try:
        value = fn(*copies, **kw)
    except Exception:  # noqa: BLE001
        return ("raised",)
    after = tuple(_detached(a) for a in copies if isinstance(a, torch.Tensor))
    return ("value", _detached(value), after, _gradients(fn, args, kwargs, wrt) if wrt else None)


def signature(source: str, fuzz_path: str) -> list:
    """The outcomes of a whole module on the assignment's random calls (run in a child)."""
    torch.set_num_threads(1)
    namespace: dict = {"__name__": "_bench_mutant"}
    exec(compile(source, "<mutant>", "exec"), namespace)  # noqa: S102 - our own generated code
    spec = importlib.util.spec_from_file_location("_bench_fuzz", fuzz_path)
    fuzz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fuzz)
    results = []
    for seed in range(SEEDS):
        for dtype in (torch.float32, torch.float64):
            for fn, args, kwargs, wrt in fuzz.calls(torch.Generator().manual_seed(seed), dtype):
                results.append((fn, outcome(namespace[fn], args, kwargs, wrt)))
    return results


def _child(conn, source, fuzz_path):
    # plain pickle bytes: torch's reducers for multiprocessing would pass tensors through
    # shared-memory handles, which die with this child
    try:
        conn.send_bytes(pickle.dumps(signature(source, fuzz_path)))
    except BaseException as exc:  # noqa: BLE001 - a mutant that breaks at import, say
        conn.send_bytes(pickle.dumps(("broken", repr(exc)[:200])))
    conn.close()


def signatures(sources: dict[str, str], fuzz_path: Path, jobs: int = 2) -> dict[str, object]:
    """``signature`` of each source, in forked children, ``jobs`` at a time; a child that hangs
    past :data:`CHILD_TIMEOUT` gives ("hung",)."""
    ctx = mp.get_context("fork")
    todo, running, done = list(sources.items()), {}, {}
    while todo or running:
        while todo and len(running) < jobs:
            key, source = todo.pop()
            parent, child = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_child, args=(child, source, str(fuzz_path)), daemon=True)
            proc.start()
            child.close()
            running[parent] = (key, proc, time.monotonic())
        for conn in wait(list(running), timeout=1.0):
            key, proc, _ = running.pop(conn)
            try:
                done[key] = pickle.loads(conn.recv_bytes())  # noqa: S301 - our own child
            except EOFError:
                done[key] = ("crashed",)
            proc.join()
        for conn, (key, proc, start) in list(running.items()):
            if time.monotonic() - start > CHILD_TIMEOUT:
                proc.kill()
                proc.join()
                running.pop(conn)
                done[key] = ("hung",)
    return done


def same(a, b, tolerance) -> bool:
    """Two outcomes (or signatures) agree; ``tolerance(dtype)`` gives (rtol, atol)."""
    if isinstance(a, tuple) and len(a) == 3 and a[:1] == ("tensor",):
        if not (isinstance(b, tuple) and len(b) == 3 and b[:1] == ("tensor",)):
            return False
        x, y = a[1], b[1]
        if x.dtype != y.dtype or x.shape != y.shape or a[2] != b[2]:
            return False
        if not x.is_floating_point():
            return bool(torch.equal(x, y))
        rtol, atol = tolerance(x.dtype)
        return bool(torch.allclose(x.double(), y.double(), rtol=rtol, atol=atol, equal_nan=True))
    if isinstance(a, (list, tuple)):
        return (isinstance(b, (list, tuple)) and len(a) == len(b)
                and all(same(x, y, tolerance) for x, y in zip(a, b)))
    if isinstance(a, float) and isinstance(b, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        rtol, atol = tolerance(torch.float64)
        return abs(a - b) <= atol + rtol * abs(b)
    return type(a) is type(b) and a == b


def strict(dtype):
    """Equivalence: float64 to the precision test's tolerance, float32 to the value tests'."""
    return FLOAT64_PRECISION if dtype == torch.float64 else TOLERANCES.get(dtype, (0.0, 0.0))


def value_level(dtype):
    """A hint's replay against the mutant: at the value tests' precision."""
    return TOLERANCES.get(dtype, (0.0, 0.0))


# -- 3. grade -----------------------------------------------------------------------------------

def grade(python: list[str], checkout: Path, batch: Path, name: str, out: Path) -> dict:
    import subprocess

    cmd = python + ["-m", "autograder.cli", "grade", str(batch), "--assignment", name,
                    "--jobs", "2", "--skip-slow", "--out", str(out), "--json"]
    start = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=checkout)
    if proc.returncode:
        raise SystemExit(f"the grader failed on {name}:\n{proc.stderr[-3000:]}")
    seconds = time.monotonic() - start
    results = {r["submission"]: r for r in json.loads(proc.stdout)}
    # each test's idea, as the grade recorded it (results.json's extra_data.group)
    groups = {sid: {t["name"]: t["extra_data"]["group"] for t in json.loads(
        (out / sid / "results.json").read_text())["tests"]} for sid in results}
    return {"results": results, "groups": groups, "seconds": seconds}


def bank_of(tree: Path, assignment) -> list[Mutant]:
    """The known mistakes (with a HINT) of ``tree``'s bank, on this checkout's reference."""
    folder = tree / "autograder" / "hidden" / assignment.name / "mutants"
    return [m for m in (Mutant(p.stem, p, assignment) for p in sorted(folder.glob("*.py"))
                        if not p.name.startswith("_")) if m.hint]


# -- 4. report ----------------------------------------------------------------------------------

@dataclass
class Row:
    assignment: str
    generated: int = 0
    equivalent: int = 0
    graded: int = 0
    killed: int = 0
    hinted: int = 0
    hints: int = 0              #: (mutant, hint) pairs shown
    related: int = 0            #: killed mutants shown a cause that names no known mistake (a relation)
    lined: int = 0              #: killed mutants shown the line of their code that raises on every case
    lined_right: int = 0        #: of which the named line is the mutated line
    right: int = 0              #: of which the named mistake replays as the mutant
    survivors: list = field(default_factory=list)
    wrong: list = field(default_factory=list)   #: (mutant id, operator, line, the mistakes named)
    unexplained: list = field(default_factory=list)  #: killed, no cause: id, operator, line, code
    seconds: float = 0.0

    @property
    def precision(self) -> float:
        return self.right / self.hints if self.hints else float("nan")

    @property
    def line_precision(self) -> float:
        return self.lined_right / self.lined if self.lined else float("nan")

    @property
    def caused(self) -> int:
        return self.hinted + self.related + self.lined


def judge(row: Row, graded: dict, mutants: list[dict], sigs: dict, bank: list[Mutant],
          bank_sigs: dict) -> Row:
    # a mutant of the module is killed when a test of the functions loses points: the ideas of
    # the notebook's answer cells and written answers need a notebook and a person, not a module
    beyond = course.get(row.assignment).answers.ideas
    for m in mutants:
        result, group = graded["results"][m["id"]], graded["groups"][m["id"]]
        if not any(t["score"] < t["max_score"] and group[t["name"]] not in beyond
                   for t in result["tests"]):
            row.survivors.append(f"{m['id']} {m['operator']} line {m['line']}")
            continue
        row.killed += 1
        named_sets, unnamed, lines, partial, beside = set(), False, set(), set(), set()
        for test in result["tests"]:
            for line in test["output"].splitlines():
                if "likely cause:" in line:
                    named = tuple(k.name for k in bank if k.hint in line)
                    raising = re.search(LINE_WORDS, line)
                    if BESIDES in line:     # a cause of the wrong answers, and a raise beside
                        beside.update(named)
                        raising = None
                    if named:
                        named_sets.add(named)
                        if PARTIAL in line:
                            partial.add(named)
                    elif raising:
                        lines.add(int(raising.group(1)))
                    else:
                        unnamed = True
        row.related += unnamed and not named_sets and not lines
        if lines and not named_sets:
            row.lined += 1
            if lines == {m["line"]}:
                row.lined_right += 1
            else:
                row.wrong.append(f"{m['id']} {m['operator']} line {m['line']}: named line "
                                 f"{', '.join(map(str, sorted(lines)))}")
        if not unnamed and not named_sets and not lines:
            code = m["source"].splitlines()[m["line"] - 1].strip()
            row.unexplained.append(f"{m['id']} {m['operator']} line {m['line']}: {code}")
        row.hinted += bool(named_sets)
        for named in named_sets:
            row.hints += 1
            mutant = sigs[m["id"]]
            if set(named) & beside:     # the hint speaks of the calls that did not raise
                mutant = _answered(mutant)
            judged = (lambda k: explains_part(_like(bank_sigs[k], mutant), mutant,
                                              _like(sigs["reference"], mutant))) \
                if named in partial else (lambda k: same(_like(bank_sigs[k], mutant), mutant,
                                                         value_level))
            if any(judged(k) for k in named):
                row.right += 1
            else:
                row.wrong.append(f"{m['id']} {m['operator']} line {m['line']}: {', '.join(named)}")
    row.seconds = graded["seconds"]
    return row


#: a cause of the wrong answers said with the raises of the other failed cases
#: (:func:`autograder.engine.causes.raised.partly`)
BESIDES = "; besides, on "


SKIPPED = ("skipped",)


def _answered(signature):
    """The calls of a signature (a list of (fn, outcome)) that did not raise, each kept at its
    index (the others' outcomes :data:`SKIPPED`)."""
    if not isinstance(signature, list):
        return signature
    return [(fn, SKIPPED if out == ("raised",) else out) for fn, out in signature]


def _like(signature, mutant):
    """``signature`` on the calls that ``mutant`` (perhaps :func:`_answered`) keeps."""
    if not isinstance(signature, list) or not isinstance(mutant, list) \
            or len(signature) != len(mutant):
        return signature
    return [(fn, SKIPPED if kept == SKIPPED else out)
            for (fn, out), (_, kept) in zip(signature, mutant)]


def explains_part(mistake, mutant, reference) -> bool:
    """A hint shown with "another difference remains" claims that the mistake gives the
    mutant's answer on most of the calls where the mutant is wrong and the reference's answer
    on the rest: judged by that claim, call by call of the random calls."""
    if not all(isinstance(s, list) for s in (mistake, mutant, reference)) or \
            not len(mistake) == len(mutant) == len(reference):
        return False
    explained = other = 0
    for (_, k), (_, m), (_, r) in zip(mistake, mutant, reference):
        wrong = not same(m, r, value_level)
        if same(k, m, value_level):
            explained += wrong
        elif same(k, r, value_level):
            other += wrong
        else:
            return False        # it predicts a wrong answer the mutant does not give
    return explained > other


def run_assignment(assignment, trees: list[tuple[str, list[str], Path]], tmp: Path,
                   sample: int | None, seed: int) -> list[Row]:
    reference = assignment.reference_module.read_text()
    fuzz = assignment.hidden_dir / "fuzz.py"
    made = generate(reference)
    if sample is not None and sample < len(made):
        made = sorted(random.Random(seed).sample(made, sample), key=lambda m: m["id"])
    sigs = signatures({"reference": reference, **{m["id"]: m["source"] for m in made}}, fuzz)
    equivalent = [m for m in made if same(sigs[m["id"]], sigs["reference"], strict)]
    graded = [m for m in made if m not in equivalent]
    batch = tmp / f"batch-{assignment.name}"
    for m in graded:
        (batch / m["id"]).mkdir(parents=True)
        (batch / m["id"] / f"{assignment.name}.py").write_text(m["source"])
    rows = []
    for label, python, tree in trees:
        bank = bank_of(tree, assignment)
        bank_sigs = signatures({k.name: k.materialize() for k in bank}, fuzz)
        result = grade(python, tree, batch, assignment.name, tmp / f"out-{label}-{assignment.name}")
        row = Row(assignment.name, len(made), len(equivalent), len(graded))
        rows.append(judge(row, result, graded, sigs, bank, bank_sigs))
    return rows


def table(label: str, rows: list[Row]) -> list[str]:
    lines = [f"{label}:",
             f"  {'assignment':11}{'generated':>10}{'equivalent':>11}{'graded':>8}{'killed':>8}"
             f"{'hinted':>8}{'hints right/shown':>19}{'precision':>11}{'relations':>10}"
             f"{'line named':>11}{'right/named':>12}{'a cause':>8}{'seconds':>9}"]
    total = Row("all")
    for r in rows:
        lines.append(f"  {r.assignment:11}{r.generated:>10}{r.equivalent:>11}{r.graded:>8}"
                     f"{r.killed:>8}{r.hinted:>8}{f'{r.right}/{r.hints}':>19}"
                     f"{r.precision:>10.0%} {r.related:>9} {r.lined:>10} "
                     f"{f'{r.lined_right}/{r.lined}':>11} {r.caused:>7} {r.seconds:>8.0f}")
        for k in ("generated", "equivalent", "graded", "killed", "hinted", "hints", "right",
                  "related", "lined", "lined_right"):
            setattr(total, k, getattr(total, k) + getattr(r, k))
    lines.append(f"  {'all':11}{total.generated:>10}{total.equivalent:>11}{total.graded:>8}"
                 f"{total.killed:>8}{total.hinted:>8}{f'{total.right}/{total.hints}':>19}"
                 f"{total.precision:>10.0%} {total.related:>9} {total.lined:>10} "
                 f"{f'{total.lined_right}/{total.lined}':>11} {total.caused:>7}")
    for r in rows:
        for s in r.survivors:
            lines.append(f"  survivor  {r.assignment}: {s}")
        for w in r.wrong:
            lines.append(f"  wrong cause {r.assignment}: {w}")
        for u in r.unexplained:
            lines.append(f"  no cause  {r.assignment}: {u}")
    return lines


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", metavar="COMMIT",
                        help="also grade the mutants with this commit's code and bank, first")
    parser.add_argument("--assignment", action="append",
                        help="only this assignment (repeatable; default: all of the registry)")
    parser.add_argument("--sample", type=int, help="only a seeded draw of N generated mutants each")
    parser.add_argument("--seed", type=int, default=0, help="of the --sample draw")
    parser.add_argument("--json", metavar="FILE", help="also save every figure")
    args = parser.parse_args(argv)
    names = args.assignment or sorted(course.assignments())
    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        trees = []
        if args.baseline:
            where, python = extract(args.baseline, tmp / "baseline")
            trees.append((f"baseline {args.baseline}", python, where))
        trees.append(("this checkout", interpreter(ROOT), ROOT))
        per_tree: dict[str, list[Row]] = {label: [] for label, _, _ in trees}
        for name in names:
            for (label, _, _), row in zip(trees, run_assignment(course.get(name), trees, tmp,
                                                                 args.sample, args.seed)):
                per_tree[label].append(row)
                print(f"[bench] {label}: {name} graded in {row.seconds:.0f} s", file=sys.stderr)
    for label, rows in per_tree.items():
        print("\n".join(table(label, rows)))
        figures[label] = [asdict(r) | {"precision": r.precision,
                                       "line_precision": r.line_precision} for r in rows]
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1))
    return figures


if __name__ == "__main__":
    main()
