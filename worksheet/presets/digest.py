"""SHA-256 without OpenSSL: the fingerprint of every preset read at start-up.

``hashlib`` loads OpenSSL's ``_hashlib`` (about 0.65 MiB of private memory in every session on
a shared server) even for one small digest; CPython's own SHA-256 module gives the same digest
for a few kilobytes. It is ``_sha256`` up to Python 3.11 and ``_sha2`` from 3.12; where neither
is built, ``hashlib`` is used.
"""

from __future__ import annotations

try:
    from _sha256 import sha256
except ImportError:  # Python 3.12+, or a build without it
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of ``data`` as 64 lower-case hex digits (as ``hashlib`` gives it)."""
    return sha256(data).hexdigest()
