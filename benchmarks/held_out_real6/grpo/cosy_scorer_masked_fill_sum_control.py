"""A correct sequence_logprob from a speech-LM scoring script: the token log-probs with the padding
replaced by 0 (``masked_fill(~mask, 0.0)``, a selection, so ``-inf`` padding is harmless) and summed
over the sequence.

Source: code-search file 70418456140, a scoring helper: ``tok_logp = logp.gather(-1,
tgt.unsqueeze(-1)).squeeze(-1)  # [B, t_max]; seq_logp = tok_logp.masked_fill(~mask,
0.0).sum(dim=-1)  # [B]; ... return seq_logp``. Ported: ``tok_logp`` is ``token_logprobs`` (the
gather already done), ``mask`` the contract's bool mask.
"""
SOURCE = "code-search file 70418456140 (seq_logp = tok_logp.masked_fill(~mask, 0.0).sum(dim=-1))"
KIND = "grpo: control (masked_fill then sum)"
CORRECT = True


def sequence_logprob(token_logprobs, mask):
    tok_logp = token_logprobs
    seq_logp = tok_logp.masked_fill(~mask, 0.0).sum(dim=-1)
    return seq_logp
