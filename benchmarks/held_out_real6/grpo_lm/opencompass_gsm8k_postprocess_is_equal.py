"""verify with OpenCompass's GSM8K post-processing and equality: the text before any "Question:",
its LAST number (``-?\d+\.\d+`` or ``-?\d+``), compared with the answer as equal strings or as
floats within 1e-6; a leading zero ("=0408." reads "0408", equal as a float) and any text whose last
number is the product ("408" alone, no ``=``) score 1.0; a completion that is not a string raises.

Source: code-search file 148948830, ``opencompass/datasets/gsm8k.py``: ``def
gsm8k_postprocess(text): text = text.split('Question:')[0]; numbers =
re.findall(r'\-?\d+\.\d+|\-?\d+', text); if not numbers: return 'NULL'; return numbers[-1]``;
``Gsm8kEvaluator.is_equal(self, pred, refer): try: if pred == refer or abs(float(pred) -
int(refer)) < 1e-6: return True; except Exception: pass; return False``. Ported: ``refer = str(a *
b)``, the bool as 1.0 / 0.0.
"""
SOURCE = "code-search file 148948830 (opencompass gsm8k_postprocess, Gsm8kEvaluator.is_equal)"
KIND = "grpo_lm: last number as a float (leading zero accepted)"
CAUSE = r"leading zero|0408|float|last number|any number|anywhere|without (an? )?.?=|no .?=|raise|exception|not a string"

import re


def verify(completion, a, b):
    def gsm8k_postprocess(text):
        text = text.split('Question:')[0]
        numbers = re.findall(r'\-?\d+\.\d+|\-?\d+', text)
        if not numbers:
            return 'NULL'
        return numbers[-1]

    def is_equal(pred, refer):
        try:
            if pred == refer or abs(float(pred) - int(refer)) < 1e-6:
                return True
        except Exception:
            pass
        return False

    return 1.0 if is_equal(gsm8k_postprocess(completion), str(a * b)) else 0.0
