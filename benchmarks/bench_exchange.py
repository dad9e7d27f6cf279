"""What one training exchange costs: the cart-pole check's call of the student's loss, alone.

A training check (``autograder/training/remote.py``) makes one exchange per minibatch: the
grader sends ``logp_new``, ``logp_old``, advantages and ``clip_eps`` to the sandboxed worker,
which relays them to the student's process; that process calls ``ppo_clip_loss`` on the
student's thread, computes the gradient with respect to ``logp_new``, and answers; the worker
checks the answer's MAC, rebuilds the reply, and the grader decodes and checks it. This
benchmark makes ``--calls`` such exchanges (minibatches of this checkout's ``cartpole.Config``,
in every tree measured) on a
correct submission in a real sandbox (``autograde grade``'s own: a fork server, its cgroup,
its syscall filter), and reports per exchange:

* the CPU of the whole process tree (grader, fork servers, worker, student's process), from a
  cgroup of its own (``benchmarks/cgroup_cpu.py``), and its wall time;
* the CPU of each process of the tree (``/proc/PID/stat``: user and system time);
* with ``--profile``, the grader's side under cProfile (its heaviest functions).

With ``--baseline COMMIT`` (a commit whose trainer runs in the grader: its
``autograder/training/remote.py`` has ``policy_loss``) the same driver runs in that commit's
tree too (extracted as ``bench_adversarial.py`` does), rounds alternating, the minimum of
``--rounds`` after a warm-up, and the ratios are printed side by side::

    .venv/bin/python benchmarks/bench_exchange.py --baseline COMMIT --calls 2000 --rounds 3
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def minibatch() -> int:
    """The minibatch size of this checkout's trainer (``solutions/ppo/cartpole.py``), the size
    every exchange of a graded run has: one figure for every tree measured."""
    sys.path.insert(0, str(ROOT))
    from autograder.engine.plugin import load_module

    return load_module(ROOT / "solutions" / "ppo" / "cartpole.py", "_bench_cartpole").Config().minibatch_size


def _ticks(pid: int) -> float:
    """User plus system CPU seconds of process ``pid`` so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _tree(pid: int) -> list[int]:
    """``pid`` and all its descendants (``/proc/PID/task/*/children``)."""
    out, stack = [], [pid]
    while stack:
        p = stack.pop()
        out.append(p)
        stack.extend(_children(p))
    return out


def _children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out.extend(int(c) for c in (task / "children").read_text().split())
        except OSError:
            pass
    return out


def drive(counter: str, record: str, calls: int, profile: bool, shape: int) -> None:
    """In the tree measured: a sandboxed worker loads the reference ``ppo.py``; ``calls``
    exchanges of ``policy_loss`` are made and timed; the figures go to ``record``."""
    import torch

    from autograder.sandbox.confine import Config
    from autograder.sandbox.proxy import Student
    from autograder.sandbox.servers import Zygote
    from autograder.sandbox.session import Session
    from autograder.training import remote
    from pgcheck.discovery import read

    def cpu() -> float:
        text = Path(counter).read_text()
        if counter.endswith("cpu.stat"):
            return int(dict(x.split() for x in text.splitlines())["usage_usec"]) / 1e6
        return int(text) / 1e9

    torch.set_num_threads(1)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "s"
        folder.mkdir()
        (folder / "ppo.py").write_text((Path("solutions/ppo/ppo.py")).read_text())
        zygote = Zygote()
        session = Session(zygote, read("s", folder, "ppo").load_message("ppo", {}), Config())
        student = Student(session)
        case = remote.case_of("cart-pole", 0)
        loss = remote.policy_loss(student.ppo_clip_loss.on(case, None), case)
        gen = torch.Generator().manual_seed(0)
        inputs = [(torch.randn(shape, generator=gen, requires_grad=True),
                   torch.randn(shape, generator=gen), torch.randn(shape, generator=gen), 0.2)
                  for _ in range(8)]
        for i in range(50):                 # the worker started, its first calls paid
            loss(*inputs[i % 8]).backward()
        pids = _tree(zygote.factory.process.pid)
        names = {zygote.factory.process.pid: "factory", zygote.pid: "slot server"}
        for p in _tree(zygote.pid)[1:]:     # the worker's parent is a pid namespace's init
            below = _tree(p)[1:]
            names[p] = ("student's process" if not below else "worker" if len(below) == 1
                        else "the worker's parent")
        before = {p: _ticks(p) for p in pids}
        self_before, cpu_before, wall_before = time.process_time(), cpu(), time.perf_counter()
        profiler = None
        if profile:
            import cProfile
            profiler = cProfile.Profile()
            profiler.enable()
        for i in range(calls):
            loss(*inputs[i % 8]).backward()
        if profiler is not None:
            profiler.disable()
        wall, tree = time.perf_counter() - wall_before, cpu() - cpu_before
        grader = time.process_time() - self_before
        per = {"grader": grader}
        for p in pids:
            name = names.get(p, "other")
            per[name] = per.get(name, 0.0) + _ticks(p) - before[p]
        result = {"calls": calls, "wall": wall, "tree": tree, "processes": per}
        if profiler is not None:
            import io
            import pstats
            text = io.StringIO()
            pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(25)
            result["profile"] = text.getvalue()
        session.close()
        zygote.close()
    Path(record).write_text(json.dumps(result))


def measure(label, python, tree: Path, out: Path, calls: int, profile: bool,
            shape: int) -> dict:
    from cgroup_cpu import CpuGroup

    with CpuGroup(label.replace(" ", "-")) as group:
        group.run([*python, __file__, "--drive", str(group.path / group.counter), str(out),
                   str(calls), "1" if profile else "0", str(shape)], cwd=tree)
    return json.loads(out.read_text())


def main() -> None:
    sys.path[:0] = [str(Path(__file__).resolve().parent)]
    from bench_adversarial import checkouts
    from cgroup_cpu import available

    if why := available():
        raise SystemExit(why)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=2000, help="exchanges timed per round")
    parser.add_argument("--profile", action="store_true", help="the grader's side, profiled")
    parser.add_argument("--rounds", type=int, default=2, help="timed rounds after a warm-up")
    parser.add_argument("--baseline", metavar="COMMIT", help="also measure this commit's code")
    args = parser.parse_args()
    shape = minibatch()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        trees = checkouts(args.baseline, tmp)
        best: dict[str, dict] = {}
        for r in range(args.rounds + 1):
            for label, python, tree in (trees if r % 2 else trees[::-1]):
                run = measure(label, python, tree, tmp / f"{r}-{label[-7:]}.json", args.calls,
                              args.profile, shape)
                print(f"round {r}{' (warm-up)' if not r else ''} {label}: "
                      f"{run['tree'] / run['calls'] * 1e3:.3f} ms CPU, "
                      f"{run['wall'] / run['calls'] * 1e3:.3f} ms wall per exchange",
                      file=sys.stderr)
                if r and (label not in best or run["tree"] < best[label]["tree"]):
                    best[label] = run
    print(f"{args.calls} exchanges of ppo_clip_loss with its gradient (minibatch {shape}), "
          f"the round with the least CPU of {args.rounds} after a warm-up, {os.cpu_count()} "
          f"cores, load {', '.join(f'{x:.1f}' for x in os.getloadavg())}; ms per exchange:\n")
    labels = list(best)
    rows = sorted({k for run in best.values() for k in run["processes"]})
    print("| | " + " | ".join(labels) + (" | ratio |" if len(labels) == 2 else " |"))
    print("|---|" + "---|" * (len(labels) + (len(labels) == 2)))

    def row(name, values):
        cells = [f"{v * 1e3:.3f}" for v in values]
        if len(values) == 2 and values[0]:
            cells.append(f"{values[1] / values[0]:.2f}")
        print(f"| {name} | " + " | ".join(cells) + " |")

    n = {lab: best[lab]["calls"] for lab in labels}
    row("**whole tree, CPU**", [best[lab]["tree"] / n[lab] for lab in labels])
    for name in rows:
        row(f"{name}, CPU", [best[lab]["processes"].get(name, 0.0) / n[lab] for lab in labels])
    row("wall", [best[lab]["wall"] / n[lab] for lab in labels])
    for lab in labels:
        if "profile" in best[lab]:
            print(f"\n{lab}, the grader's side:\n{best[lab]['profile']}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--drive":
        drive(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5] == "1", int(sys.argv[6]))
        sys.stdout.flush()
        os._exit(0)
    main()
