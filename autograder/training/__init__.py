"""End-to-end training checks: a stochastic check graded by a fixed, calibrated rule.

Some assignments are graded beyond unit tests by a short training run with the
student's functions (``ppo``: cart-pole; the capstone: a GRPO run). Every such
check follows one rule, :func:`rule.try_seeds`: the grader's seeds are tried in
order, each trains in the sandboxed worker and is judged in the grader from the
returned weights, and the submission passes as soon as one seed succeeds. The
rule's pass rates are measured by :mod:`calibration` (reference and known
mistakes, many seeds, Wilson intervals).

What is specific to an assignment (the trainer, the judgement, the plot) lives
next to its hidden suite, ``autograder/hidden/<name>/``, in the module that the
assignment's ``assignment.toml`` names (``[training] check``); it is loaded by
:func:`modules.check_module`. The engine never imports this package.
"""
