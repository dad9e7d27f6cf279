"""The codec between grader and worker: round trips, and refusals of malformed frames."""
import socket
import struct

import numpy as np
import pytest
import torch

from autograder.sandbox import codec as protocol
from autograder.sandbox.codec import ProtocolError


def roundtrip(value):
    return protocol.unpack(protocol.pack(value))


def test_roundtrip_values():
    t = torch.randn(3, 4, dtype=torch.float64)
    out = roundtrip({"a": [1, 2.5, None, True, "s"], "t": t, "tup": (t[0], float("nan")),
                     "arr": np.arange(3, dtype=np.int32), "empty": torch.zeros(0, 2)})
    assert torch.equal(out["t"], t) and out["t"].dtype == torch.float64
    assert isinstance(out["tup"], tuple) and np.isnan(out["tup"][1])
    assert isinstance(out["arr"], np.ndarray) and out["arr"].tolist() == [0, 1, 2]
    assert out["empty"].shape == (0, 2)


def test_non_contiguous_values_cross_in_their_logical_order():
    a = np.arange(6, dtype=np.float64).reshape(2, 3).T
    t = torch.arange(12.0).reshape(3, 4)[:, ::2]
    out = roundtrip([a, t])
    assert out[0].tolist() == a.tolist() and torch.equal(out[1], t)


def test_unknown_objects_become_opaque():
    class Thing:
        def __repr__(self):
            raise RuntimeError("hostile")
    out = roundtrip([Thing()])
    assert isinstance(out[0], protocol.Opaque) and out[0].type.endswith("Thing")


def test_requires_grad_travels_with_the_tensor():
    out = roundtrip(torch.ones(2, requires_grad=True))
    assert out.requires_grad


@pytest.mark.parametrize("payload", [
    {"t": "tensor", "dtype": "object", "shape": [1], "buf": 0},
    {"t": "tensor", "dtype": ["float32"], "shape": [1], "buf": 0},    # not even a name
    {"t": "tensor", "dtype": "float32", "shape": [3], "buf": 0},      # 4 bytes for 3 floats
    {"t": "tensor", "dtype": "float32", "shape": [-1], "buf": 0},
    {"t": "tensor", "dtype": "float32", "shape": [1], "buf": 5},
    {"t": "pickle", "v": "gASV"},
])
def test_malformed_payloads_are_refused(payload):
    with pytest.raises(ProtocolError):
        protocol.decode(payload, [b"\0\0\0\0"])


def test_oversized_frame_is_refused():
    a, b = socket.socketpair()
    a.sendall(struct.pack(">II", protocol.MAX_JSON + 1, 0))
    with pytest.raises(ProtocolError):
        protocol.recv(b)
    a.close()
    with pytest.raises(protocol.PeerClosed):
        protocol.recv(b)


def test_deep_nesting_is_refused():
    with pytest.raises(ProtocolError):
        protocol.unpack(struct.pack(">II", 4000, 0) + b"[" * 2000 + b"]" * 2000)


def test_the_codec_imports_neither_numpy_nor_torch_until_an_array_crosses():
    """The grader starts its fork server before its own ``import torch`` (the two then warm
    up side by side), so the modules that start it must not pull either in."""
    import subprocess
    import sys

    code = ("import sys; import autograder.engine.pool, autograder.sandbox.codec as p; "
            "p.unpack(p.pack({'a': [1, 2.5, None]})); "
            "print(sorted({'numpy', 'torch'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
