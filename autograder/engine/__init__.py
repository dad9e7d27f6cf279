"""The grading engine: one submission's path, step by step (load -> run -> score -> report).

==================  ========================================================
module              job
==================  ========================================================
``discover``        command-line paths -> students; which file is graded
                    (:mod:`pgcheck.discovery`, shared with students)
``grade``           one submission: worker, pytest run, score, report files
``pool``            a class in parallel (fork servers, grading processes)
``plugin``          the pytest plugin: fixtures, points, groups, gates, feedback
``compare``         student vs reference on the same input; calls ``causes``
``causes/``         likely causes, one pipeline: replay of known mistakes,
                    relations, per-case diagnoses (never imports ``compare``)
``mutants``         the bank of known mistakes (causes, calibration, demo)
``assertions``      the checks hidden suites use (pgcheck's, plus pytest's)
``public/``         the public checks as a pytest suite
==================  ========================================================

Student code never runs here: every call crosses to :mod:`autograder.sandbox`.
The engine imports authoring (the registry), sandbox and report; nothing of
training or platforms, which build on it.
"""
