"""A callable object; the per-response sum by a loop over the token positions."""
import torch


class TruncatedImportanceWeights:
    def __call__(self, logp_trainer, logp_rollout, mask, cap=2.0):
        total = torch.zeros(mask.shape[0], dtype=logp_rollout.dtype)
        for j in range(mask.shape[1]):
            step = logp_trainer[:, j].detach() - logp_rollout[:, j]
            total = total + torch.where(mask[:, j], step, torch.zeros_like(step))
        return total.exp().clamp(max=cap)


tis_weights = TruncatedImportanceWeights()
