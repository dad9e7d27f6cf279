"""The ``autograde`` commands: one module each, with its arguments, its examples and its work.

==============  ==============================================================
module          ``autograde ...``
==============  ==============================================================
``grade``       grade submissions (docs/contract.md): ``results.json`` and
                ``feedback.md`` per student, ``gradebook.csv`` per batch
``report``      the class at a glance (also written by ``grade``):
                ``OUT/_report/NAME.html`` with its CSV and JSON
``similarity``  pairs of submissions too alike to be independent work
``check``       a student's own run of the public checks, same feedback format
``release``     regenerate ``assignments/`` from ``solutions/`` (``--check``:
                only report whether the committed release is current)
``calibrate``   the pass rates of an assignment's training check
``gradescope``  an assignment's Gradescope autograder zip
``experiment``  an experiment of the course texts
``new``         scaffold a new assignment
``lint``        what an assignment's author has left to do, and what to add
``roster``      a roster (``--roster FILE``) from Canvas's or Moodle's own export
``collect``     one folder per roster student from Canvas's or Moodle's
                submissions download (docs/lms.md)
``export``      one course gradebook from grade runs: CSV, Canvas's or Moodle's
                import (docs/lms.md)
``demo``        grade the bundled examples (reference, blank release, a
                buggy submission per assignment) and print the gradebook
``console``     what they share: the console, one-line errors, common options
==============  ==============================================================

Each command module has ``add_parser(sub)``, which declares its arguments (its examples
are its ``--help``'s epilog) and sets ``run(args) -> exit status`` as what it does.
:mod:`autograder.cli` only builds the parser from :data:`COMMANDS` and dispatches.
"""

#: the commands, in the order ``autograde --help`` lists them
COMMANDS = ("grade", "report", "similarity", "check", "release", "calibrate", "gradescope",
            "experiment", "new", "lint", "roster", "collect", "export", "demo")
