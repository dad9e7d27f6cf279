"""The grading engine of the policy-gradient course.

``__version__`` is the engine's version. It is one part of the key under which
a grade is reused on a regrade (:mod:`autograder.batch.regrade`), together with hashes
of the engine's own files, of the assignment's hidden suite and reference, and
of the submission: bump it whenever grades must be recomputed for a reason the
files do not show.
"""
__version__ = "0.1.0"
