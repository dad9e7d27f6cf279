"""The class at a glance, built on graded outputs: what the class got wrong, what changed on
a regrade, who copied.

``regrade`` keeps every run and reuses a grade whose inputs did not change; ``classview``
builds one self-contained page per assignment (with CSV and JSON of the same numbers);
``similarity`` compares a class's graded files with copydetect. Built on the engine's
outputs; the engine never imports this package. See docs/class-report.md.
"""
