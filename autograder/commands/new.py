"""``autograde new``: scaffold a new assignment (docs/adding-an-assignment.md).

Examples::

    autograde new bandit --title "Bandits, the first policy gradient"  # then: autograde release
"""
from __future__ import annotations


from autograder.commands.console import UsageError, command_parser, note


def add_parser(sub) -> None:
    """The ``new`` command's arguments, under ``sub`` (the subparsers of ``autograde``)."""
    n = command_parser(
        sub, "new", __doc__,
        help="scaffold a new assignment: reference module, registry entry, "
             "notebook, public checks, hidden suite, mutant and variant "
             "folders (docs/adding-an-assignment.md)")
    n.add_argument("name", metavar="NAME", help="the new assignment's name (a Python identifier)")
    n.add_argument("--title", default="a new assignment", help="its one-line title")
    n.set_defaults(func=run)


def run(args) -> int:
    """Scaffold a new assignment (docs/adding-an-assignment.md)."""
    from autograder.authoring import scaffold

    try:
        files = scaffold.create(args.name, args.title)
    except (ValueError, FileExistsError) as exc:
        raise UsageError(str(exc)) from None
    root = files[0].parents[2]
    for path in files:
        note(f"created {path.relative_to(root) if path.is_relative_to(root) else path}")
    note(f"next: write the reference in solutions/{args.name}/{args.name}.py (the line "
              f"`{scaffold.TODO_LINE}`), then `autograde release`; see "
              "docs/adding-an-assignment.md")
    return 0
