"""What course staff write and release: the registry and the student release.

``course`` is the registry (every assignment is ``solutions/<name>/`` with its
``assignment.toml``); ``markers`` handles ``### BEGIN/END SOLUTION``; ``release``
generates ``assignments/``; ``bundle`` zips one student folder per assignment;
``scaffold`` creates a new assignment (``autograde new NAME``). Nothing here
runs student code.
"""
