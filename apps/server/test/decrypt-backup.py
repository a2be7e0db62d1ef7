#!/usr/bin/env python3
"""Decrypts an encrypted backup with Python's own scrypt and AES-GCM (hashlib, the `cryptography`
package), not the product's code: a second reading of the format written by
apps/server/src/modules/backups/backup-crypto.ts.

    python3 decrypt-backup.py FILE OUT      (the passphrase in BACKUP_PASSPHRASE)

Writes the gzip'd backup to OUT; exits 1 when a chunk fails its check.
"""
import hashlib
import os
import struct
import sys
import unicodedata

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

HEADER_LENGTH = 42
TAG_LENGTH = 16


def main(path, out):
    data = open(path, 'rb').read()
    header = data[:HEADER_LENGTH]
    if header[:8] != b'SMS-ENC\n' or header[8] != 1 or header[9] != 1:
        sys.exit('not an encrypted backup of format 1')
    log2n, r, p, log2chunk = header[10], header[11], header[12], header[13]
    passphrase = unicodedata.normalize('NFC', os.environ['BACKUP_PASSPHRASE']).encode('utf-8')
    key = hashlib.scrypt(passphrase, salt=header[14:30], n=2**log2n, r=r, p=p, maxmem=256 * 2**log2n * r + 2**20, dklen=32)
    aes = AESGCM(key)
    base_nonce = header[30:42]
    sealed = 2**log2chunk + TAG_LENGTH
    body = data[HEADER_LENGTH:]
    chunks = [body[at:at + sealed] for at in range(0, len(body), sealed)]
    with open(out, 'wb') as plain:
        for index, chunk in enumerate(chunks):
            final = index == len(chunks) - 1
            counter = struct.pack('>Q', index)
            nonce = base_nonce[:4] + bytes(a ^ b for a, b in zip(base_nonce[4:], counter))
            aad = header + counter + (b'\x01' if final else b'\x00')
            try:
                plain.write(aes.decrypt(nonce, chunk, aad))
            except InvalidTag:
                sys.exit(f'chunk {index} fails its check')


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
