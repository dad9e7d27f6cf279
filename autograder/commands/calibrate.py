"""``autograde calibrate``: the pass rates of an assignment's training check, for the reference
and known mistakes.

Examples::

    autograde calibrate NAME --seeds 300 --jobs 2
    autograde calibrate NAME --mutants MISTAKE:100 --write-docs
"""
from __future__ import annotations

import json
from pathlib import Path

from autograder.commands.console import (UsageError, assignment_named, cluster, cluster_option,
                                         command_parser, note, progress, runs_executor, say)


def add_parser(sub) -> None:
    """The ``calibrate`` command's arguments, under ``sub`` (the subparsers of ``autograde``)."""
    k = command_parser(
        sub, "calibrate", __doc__,
        help="measure the pass rates of an assignment's training "
             "check (its assignment.toml names it under [training])")
    k.add_argument("name", metavar="NAME", help="an assignment that has a training check")
    k.add_argument("--seeds", type=int, default=300, help="seeds for the reference (default 300)")
    k.add_argument("--mutant-seeds", type=int, help="seeds per mutant (default: --seeds)")
    k.add_argument("--mutants", help="comma-separated mutant names, each optionally NAME:SEEDS "
                                      "(default: the assignment's [training] default_mutants)")
    k.add_argument("--jobs", "-j", type=int, default=2, help="runs in parallel (default 2)")
    cluster_option(k, "run the seeds")
    k.add_argument("--json", metavar="FILE", help="also save every seed's result")
    k.add_argument("--write-docs", metavar="FILE", nargs="?", const=True,
                   help="replace the calibration table in FILE (default: the assignment's "
                        "[training] doc)")
    k.set_defaults(func=run)


def calibration_labels(args, default_mutants) -> dict[str, int]:
    """{"reference": seeds, mutant: seeds, ...} from ``--seeds`` and ``--mutants a:N,b``."""
    from autograder.authoring import course
    from autograder.engine.mutants import bank

    labels = {"reference": args.seeds}
    for item in args.mutants.split(",") if args.mutants else default_mutants:
        name, _, count = item.partition(":")
        labels[name] = int(count) if count else (args.mutant_seeds or args.seeds)
    known = {m.name for m in bank(course.get(args.name))}
    unknown = [n for n in labels if n != "reference" and n not in known]
    if unknown:
        raise UsageError(f"no such mutant in the {args.name} bank: {', '.join(unknown)}")
    return labels


def run(args) -> int:
    """Pass rates of an assignment's training check for the reference and named mistakes."""
    from autograder.training import calibration, modules

    assignment = assignment_named(args.name)
    check = modules.check_module(assignment)
    if check is None:
        raise UsageError(f"{args.name} has no training check to calibrate (those that have one: "
                         f"{', '.join(modules.with_checks()) or 'none'})")
    settings = assignment.settings.training
    labels = calibration_labels(args, settings.default_mutants)
    with cluster(args) as grid, progress(last=False) as bar:
        executor = runs_executor(grid, args.name)
        task = bar.add_task(f"calibrating the {args.name} training check",
                                 total=sum(labels.values()))
        results = check.calibrate(labels, jobs=args.jobs, executor=executor,
                                  on_done=lambda r: bar.update(task, advance=1))
    command = (f"autograde calibrate {args.name} --seeds {args.seeds}"
               + (f" --mutants {args.mutants}" if args.mutants else "")
               + (f" --mutant-seeds {args.mutant_seeds}" if args.mutant_seeds else "")
               + f" --jobs {args.jobs}")
    text = check.calibration_table(results, command)
    say(text)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    if args.write_docs:
        doc = Path(args.write_docs if args.write_docs is not True
                   else assignment.root / settings.doc)
        if args.write_docs is True and not settings.doc:
            raise UsageError(f"{args.name} names no doc ([training] doc); give --write-docs FILE")
        calibration.write_docs(doc, text)
        note(f"table written to {doc}")
    return 0
