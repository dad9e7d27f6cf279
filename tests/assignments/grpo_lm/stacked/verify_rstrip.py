"""verify strips every trailing '.', space and newline before comparing (rstrip('. \\n')), so
'=408..' and '=408.\\n' count as right; the answer compared as a string."""
CAUSE = r"follows the final answer|end of the completion|trailing|nothing may follow"


def verify(completion, a, b):
    try:
        answer = completion.rsplit("=", 1)[1]
    except (AttributeError, IndexError):
        return 0.0
    return float(answer.rstrip(". \n") == str(a * b))
