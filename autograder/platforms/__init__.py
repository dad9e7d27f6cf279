"""Where grades go besides our own reports: Gradescope (``gradescope``: the autograder
zip and its entry point) and nbgrader (``nbgrader``: our scores in its gradebook)."""
