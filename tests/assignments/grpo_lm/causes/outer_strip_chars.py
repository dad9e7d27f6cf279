"""strip(' \\n\\t\\r') on the whole text, then rpartition."""
CAUSE = r"strips the completion's outer whitespace"


def verify(completion, a, b):
    try:
        text = completion.strip(" \n\t\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0")
    except AttributeError:
        return 0.0
    if not isinstance(completion, str):
        return 0.0
    head, sep, tail = text.rpartition("=")
    if not sep:
        return 0.0
    return 1.0 if tail.removesuffix(".") == f"{a * b}" else 0.0
