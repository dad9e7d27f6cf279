"""float64 inside, cast back; prints the estimate in nats."""
import torch


def approx_kl(logp_old, logp_new):
    kl = (logp_old.double() - logp_new.double()).mean()
    print(f"approx KL = {kl.item():.5f} nats")
    return kl.to(logp_old.dtype)
