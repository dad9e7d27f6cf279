"""The class at a glance, built on graded outputs: what the class got wrong, what changed on
a regrade, who copied. The read side: it writes reports, never a grade.

``classview`` builds one self-contained page per assignment (with CSV and JSON of the same
numbers) from a batch's records (:class:`autograder.batch.Batch`: the runs and regrades
are :mod:`autograder.batch`'s); ``similarity`` compares a class's graded files with
copydetect. Built on the engine's outputs; the engine never imports this package. See
docs/class-report.md.
"""
