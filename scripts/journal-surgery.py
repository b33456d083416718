#!/usr/bin/env python3
"""Byte surgery on atomscope journals, for scripts/make-fixtures.

Makes the damaged copies of a good journal that the fixture tests expect, each with one
specific kind of damage. The source journal is checked first (header checksum, every frame's
checksum and sequence number), so a damaged copy never hides a second, accidental problem.

Usage: journal-surgery.py DAMAGE SOURCE DESTINATION
       journal-surgery.py frames SOURCE        (lists the frames, for debugging)

DAMAGE is one of: torn-tail, bad-crc-middle, wrong-magic, huge-length, newer-major,
header-only, empty. Each prints one line saying what it changed and where.

Layout (docs/JOURNAL-FORMAT.md): header = 8-byte magic, u16 major (LE) at 8, u16 minor at 10,
16-byte salt at 12, u32 metadata length at 28, metadata, u32 masked CRC-32C of all preceding
header bytes. Frame = u32 payload length, u32 masked CRC-32C over (salt, type, sequence,
payload), u8 type, u64 sequence, payload. All integers little-endian.
"""

import struct
import sys

MAGIC = bytes([0x89, 0x41, 0x54, 0x4A, 0x0D, 0x0A, 0x1A, 0x0A])
FIXED_HEADER = 8 + 2 + 2 + 16 + 4
FRAME_HEADER = 17
RECORD_TYPES = {1: "atom", 2: "subscriber", 3: "location", 4: "step", 5: "keyframe", 6: "mark", 7: "close"}


def _crc_table():
    table = []
    for index in range(256):
        crc = index
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
        table.append(crc)
    return table


CRC_TABLE = _crc_table()


def crc32c(data, crc=0):
    """CRC-32C (Castagnoli); pass a previous result as `crc` to continue it."""
    crc ^= 0xFFFFFFFF
    for byte in data:
        crc = (crc >> 8) ^ CRC_TABLE[(crc ^ byte) & 0xFF]
    return crc ^ 0xFFFFFFFF


def mask(crc):
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def fail(message):
    sys.exit(f"journal-surgery: {message}")


def header_size(data):
    if len(data) < FIXED_HEADER or data[:8] != MAGIC:
        fail("the source is not a journal")
    (metadata_length,) = struct.unpack_from("<I", data, 28)
    size = FIXED_HEADER + metadata_length + 4
    if len(data) < size:
        fail("the source ends inside its header")
    (stored,) = struct.unpack_from("<I", data, size - 4)
    if stored != mask(crc32c(data[: size - 4])):
        fail("the source's header checksum is wrong")
    return size


def frames(data):
    """The source's frames as (offset, payload length, type), after checking every one."""
    start = header_size(data)
    salt_state = crc32c(data[12:28])
    result = []
    offset = start
    while offset < len(data):
        if len(data) - offset < FRAME_HEADER:
            fail(f"the source has a torn tail at offset {offset}")
        length, stored, kind, sequence = struct.unpack_from("<IIBQ", data, offset)
        end = offset + FRAME_HEADER + length
        if end > len(data):
            fail(f"the source has a torn tail at offset {offset}")
        if mask(crc32c(data[offset + 8 : end], salt_state)) != stored:
            fail(f"the source's frame at offset {offset} has a wrong checksum")
        if sequence != len(result):
            fail(f"the source's frame at offset {offset} has sequence {sequence}, not {len(result)}")
        result.append((offset, length, kind))
        offset = end
    if len(result) < 3:
        fail("the source needs at least three frames")
    return result


def middle_frame(data, minimum_payload=1):
    """The frame in the middle of the file with a payload of at least `minimum_payload`."""
    listed = frames(data)
    candidates = [frame for frame in listed[1:-1] if frame[1] >= minimum_payload]
    if not candidates:
        fail("the source has no middle frame with a payload")
    return candidates[len(candidates) // 2]


def torn_tail(data):
    offset, length, _ = frames(data)[-1]
    cut = offset + (FRAME_HEADER + length) // 2
    return data[:cut], f"cut at byte {cut}, inside the last frame (offset {offset}, {FRAME_HEADER + length} bytes)"


def bad_crc_middle(data):
    offset, length, kind = middle_frame(data)
    position = offset + FRAME_HEADER + length // 2
    damaged = bytearray(data)
    damaged[position] ^= 0xFF
    return bytes(damaged), f"flipped payload byte {position} of the {RECORD_TYPES.get(kind, kind)} frame at offset {offset}"


def wrong_magic(data):
    header_size(data)
    png = bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    return png + data[8:], "replaced the magic with a PNG signature"


def huge_length(data):
    offset, _, kind = middle_frame(data, minimum_payload=0)
    damaged = bytearray(data)
    struct.pack_into("<I", damaged, offset, 0xFFFFFFF0)
    return bytes(damaged), f"set the length of the {RECORD_TYPES.get(kind, kind)} frame at offset {offset} to 0xFFFFFFF0"


def newer_major(data):
    size = header_size(data)
    damaged = bytearray(data)
    # One more than the source's major version, which is the newest a reader of the same
    # build reads.
    newer = struct.unpack_from("<H", data, 8)[0] + 1
    struct.pack_into("<H", damaged, 8, newer)
    struct.pack_into("<I", damaged, size - 4, mask(crc32c(damaged[: size - 4])))
    return bytes(damaged), f"set the major version to {newer} and recomputed the header checksum"


def header_only(data):
    size = header_size(data)
    return data[:size], f"kept the {size}-byte header alone"


def empty(data):
    return b"", "zero bytes"


DAMAGES = {
    "torn-tail": torn_tail,
    "bad-crc-middle": bad_crc_middle,
    "wrong-magic": wrong_magic,
    "huge-length": huge_length,
    "newer-major": newer_major,
    "header-only": header_only,
    "empty": empty,
}


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "frames":
        with open(arguments[1], "rb") as file:
            data = file.read()
        print(f"header: {header_size(data)} bytes")
        for offset, length, kind in frames(data):
            print(f"{offset:8d}  {RECORD_TYPES.get(kind, kind):10s} {length:6d} bytes")
        return
    if len(arguments) != 3 or arguments[0] not in DAMAGES:
        sys.exit(__doc__)
    damage, source, destination = arguments
    with open(source, "rb") as file:
        data = file.read()
    frames(data)  # the source must be a whole, valid journal
    damaged, what = DAMAGES[damage](data)
    with open(destination, "wb") as file:
        file.write(damaged)
    print(f"{destination}: {what}")


if __name__ == "__main__":
    main(sys.argv[1:])
