"""``autograde experiment``: an experiment of the course texts (each ``assignment.toml`` lists
its own under ``[experiments]``).

Examples::

    autograde experiment EXPERIMENT --seeds 3
    autograde experiment EXPERIMENT --lag 4 --jobs 2
"""
from __future__ import annotations

from pathlib import Path

from autograder.commands.console import (UsageError, cluster, cluster_option, command_parser,
                                         note, progress, runs_executor, say)


def add_parser(sub) -> None:
    """The ``experiment`` command's arguments, under ``sub`` (the subparsers of ``autograde``)."""
    known = known_experiments()
    x = command_parser(
        sub, "experiment", __doc__,
        help="reproduce an experiment of the course texts "
             "(assignment.toml files list them under [experiments])",
        description="Reproduce an experiment of the course texts. Experiments: "
             + (", ".join(f"{e} ({a})" for e, a in known.items())
             or "none") + ".")
    x.add_argument("name", metavar="NAME", help="the experiment's name: "
                                                 + (", ".join(known) or "none is defined"))
    x.add_argument("--seeds", type=int, default=3, help="seeds per method (default 3)")
    x.add_argument("--steps", type=int, help="env steps per run (experiments that train "
                                             "with a step budget)")
    x.add_argument("--updates", type=int, help="updates per run (experiments that count updates)")
    x.add_argument("--lag", type=int,
                   help="how many updates old a rollout engine's weights are (where it applies)")
    x.add_argument("--out", default=None,
                   help="folder for the report and figures (default docs/)")
    x.add_argument("--jobs", "-j", type=int, default=2, help="runs in parallel (default 2)")
    cluster_option(x, "run the runs")
    x.set_defaults(func=run)


def run(args) -> int:
    """An experiment of the course (each assignment.toml lists its own under [experiments])."""
    import inspect

    from autograder.training import modules

    known = modules.experiments()
    if args.name not in known:
        raise UsageError(f"unknown experiment {args.name!r} (known: {', '.join(known) or 'none'})")
    module = modules.experiment_module(args.name)
    accepted = inspect.signature(module.run).parameters
    options = {k: v for k, v in (("steps", args.steps), ("updates", args.updates),
                                 ("lag", args.lag)) if v is not None and k in accepted}
    command = " ".join([f"autograde experiment {args.name} --seeds {args.seeds}"]
                       + [f"--{k} {v}" for k, v in options.items()])
    with cluster(args) as grid, progress() as bar:
        executor = runs_executor(grid, known[args.name][0].name)
        task = bar.add_task(f"{args.name} experiment",
                                 total=module.runs(args.seeds, **options), last="")
        path = module.run(seeds=args.seeds, out=Path(args.out) if args.out else None,
                          jobs=args.jobs, command=command, executor=executor,
                          on_done=lambda r: bar.update(task, advance=1,
                                                            last=module.describe(r)),
                          **options)
    say(path.read_text())
    note(f"written: {path} and its figures")
    return 0


def known_experiments() -> dict[str, str]:
    """The course's experiments, name -> its assignment, read from the registry (cheap: no
    experiment module is imported)."""
    from autograder.authoring import course

    return {name: a.name for a in course.assignments().values()
            for name, _ in a.settings.experiments}
