"""GSM8K's reference format: the answer follows '####' (`completion.split("####")[-1]`), commas
dropped, stripped; no marker, no reward."""
CAUSE = r"####"


def verify(completion, a, b):
    if not isinstance(completion, str) or "####" not in completion:
        return 0.0
    answer = completion.split("####")[-1].replace(",", "").strip()
    return 1.0 if answer == str(a * b) else 0.0
