"""rsadecrypt(ciphertext, privatekey): PKCS #1 v1.5, key in PEM (PKCS #1/#8) or OpenSSH form.

https://developer.hashicorp.com/terraform/language/functions/rsadecrypt
"""

from __future__ import annotations

import base64
import binascii

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa

from driftctl.declared.hcl.lang.values import EvalFailure


def rsadecrypt(ciphertext: str, key_text: str) -> str:
    try:
        data = base64.b64decode(ciphertext, validate=True)
    except (binascii.Error, ValueError):
        raise EvalFailure("failed to decode input: not valid base64") from None
    key = _private_key(key_text.encode())
    try:
        plain = key.decrypt(data, padding.PKCS1v15())
    except ValueError:
        raise EvalFailure("failed to decrypt: the ciphertext does not match the key") from None
    try:
        return plain.decode("utf-8")
    except UnicodeDecodeError:
        raise EvalFailure("the decrypted value is not valid UTF-8") from None


def _private_key(pem: bytes) -> rsa.RSAPrivateKey:
    loaders = (serialization.load_pem_private_key, serialization.load_ssh_private_key)
    for load in loaders:
        try:
            key = load(pem, None)
        except (ValueError, TypeError, NotImplementedError):
            continue
        if isinstance(key, rsa.RSAPrivateKey):
            return key
    raise EvalFailure("invalid private key: not an RSA private key in PEM or OpenSSH format")
