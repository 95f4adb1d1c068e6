"""Fingerprints use CPython's own SHA-256 (no OpenSSL); the digests are hashlib's."""

import hashlib

import pytest

from worksheet.presets.digest import sha256_hex


@pytest.mark.parametrize("data", [b"", b"abc", "Ведьма".encode(), bytes(range(256)) * 1000])
def test_same_digest_as_hashlib(data):
    assert sha256_hex(data) == hashlib.sha256(data).hexdigest()
