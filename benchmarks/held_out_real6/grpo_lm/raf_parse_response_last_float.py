"""verify with a response parser that returns the last number of the text as a float: comparing
floats accepts a leading zero ("=0408." gives 408.0), a sign ("=+408") and any text whose last
number is the product, with no ``=`` needed ("408" alone scores 1.0); a completion that is not a
string gives 0.0 (the parser returns None for falsy text, but raises for other non-strings).

Source: ringerH/ReasoningAuthenticationFramework-RAF- src/evaluation/response_parser.py, ``def
parse_response(raw_text): if not raw_text: return None; number_regex =
re.compile(r"[-+]?\d*\.\d+|[-+]?\d+"); matches = number_regex.findall(raw_text); if not matches:
return None; try: return float(matches[-1]) except (ValueError, IndexError): return None``.
Ported: 1.0 when the parsed number equals ``a * b``.
"""
SOURCE = "ringerH/ReasoningAuthenticationFramework-RAF- src/evaluation/response_parser.py"
KIND = "grpo_lm: last number as a float (leading zero, sign accepted)"
CAUSE = r"leading zero|0408|sign|\+408|float|last number|any number|anywhere|without (an? )?.?=|no .?=|raise|exception|not a string"

import re


def verify(completion, a, b):
    def parse_response(raw_text):
        if not raw_text:
            return None
        number_regex = re.compile(r"[-+]?\d*\.\d+|[-+]?\d+")
        matches = number_regex.findall(raw_text)
        if not matches:
            return None
        try:
            return float(matches[-1])
        except (ValueError, IndexError):
            return None

    value = parse_response(completion)
    return 1.0 if value is not None and value == a * b else 0.0
