"""Markup and the machine's paths in everything the feedback quotes: printed output, an
exception message, a repr. Each payload closes a code fence, ``<pre>`` and ``<code>`` and adds
``<script>``, ``<img onerror>``, ``<title>`` and ``javascript:`` links (all would set
``document.title``); the message and the output carry ``torch.__file__`` and ``sys.prefix``.
Escaped and scrubbed, they are text in feedback.html: nothing runs when a TA opens it."""
import sys

import torch

PAYLOAD = ("```\n</code></pre><script>document.title='pwned'</script>"
           "<img src=x onerror=\"document.title='pwned'\"><title>pwned</title>"
           "[click](javascript:document.title='pwned')\n# not a heading")
print(PAYLOAD, sys.prefix, sys.path)


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    raise ValueError(PAYLOAD + " " + torch.__file__)


class _Shown:
    def __repr__(self):
        return PAYLOAD


def sequence_logprob(token_logprobs, mask):
    return _Shown()
