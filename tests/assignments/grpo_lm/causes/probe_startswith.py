"""A shortcut seen in course notebooks: the text after the last '=' starts with the product
(str.startswith), so '=4080.', '=408.5' and '=408 apples' all pass."""
CAUSE = r"ignores what follows"


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    return 1.0 if completion.rpartition("=")[2].startswith(str(a * b)) and "=" in completion \
        else 0.0
