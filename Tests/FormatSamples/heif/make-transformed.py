#!/usr/bin/env python3
"""Adds HEIF transformative properties to a heif-enc output (heif-enc 1.15 writes none).

    make-transformed.py IN.heic OUT.heic [clap:W,H[,DX,DY]] [irot:N] [imir:AXIS] ...

Each property is appended to `ipco` and associated, essential, with the primary item in `ipma`, in the
order given (the order a reader applies them: MIAF wants clap, then irot, then imir). irot:N turns the
image N × 90° anticlockwise; imir:0 mirrors about the vertical axis (left and right swap), imir:1 about
the horizontal one; clap:W,H,DX,DY crops to W×H centred DX,DY pixels off the image's centre. The boxes
that hold the new ones (meta, iprp, ipco, ipma) grow, everything after them moves, and the `iloc`
offsets are moved with it.
"""
import struct
import sys


def box(kind, payload):
    return struct.pack(">I4s", 8 + len(payload), kind.encode()) + payload


def children(data, start, end):
    """(kind, start, size, header length) of each box in data[start:end]."""
    found, i = [], start
    while i + 8 <= end:
        size, kind = struct.unpack(">I4s", data[i:i + 8])
        header = 8
        if size == 1:
            size, header = struct.unpack(">Q", data[i + 8:i + 16])[0], 16
        elif size == 0:
            size = end - i
        found.append((kind.decode("latin1"), i, size, header))
        i += size
    return found


def find(data, start, end, kind):
    for found in children(data, start, end):
        if found[0] == kind:
            return found
    raise SystemExit(f"no {kind} box")


def property_box(spec):
    name, _, args = spec.partition(":")
    values = [int(v) for v in args.split(",")] if args else []
    if name == "irot":
        return box("irot", bytes([values[0] & 3]))
    if name == "imir":
        return box("imir", bytes([values[0] & 1]))
    if name == "clap":
        w, h, dx, dy = (values + [0, 0])[:4]
        return box("clap", struct.pack(">IIIIiIiI", w, 1, h, 1, dx, 1, dy, 1))
    raise SystemExit(f"unknown property {spec}")


def main():
    source, target, specs = sys.argv[1], sys.argv[2], sys.argv[3:]
    data = bytearray(open(source, "rb").read())
    _, meta_at, meta_size, meta_header = find(data, 0, len(data), "meta")
    meta_body = meta_at + meta_header + 4  # full box: version and flags
    _, pitm_at, _, pitm_header = find(data, meta_body, meta_at + meta_size, "pitm")
    primary = struct.unpack(">H", data[pitm_at + pitm_header + 4:pitm_at + pitm_header + 6])[0]
    _, iprp_at, iprp_size, iprp_header = find(data, meta_body, meta_at + meta_size, "iprp")
    _, ipco_at, ipco_size, ipco_header = find(data, iprp_at + iprp_header, iprp_at + iprp_size, "ipco")
    _, ipma_at, ipma_size, ipma_header = find(data, iprp_at + iprp_header, iprp_at + iprp_size, "ipma")
    count = len(children(data, ipco_at + ipco_header, ipco_at + ipco_size))
    new_properties = b"".join(property_box(spec) for spec in specs)
    indices = list(range(count + 1, count + 1 + len(specs)))

    # ipma: the primary item's associations gain the new indices (essential).
    version, flags = data[ipma_at + ipma_header], int.from_bytes(data[ipma_at + ipma_header + 1:ipma_at + ipma_header + 4], "big")
    wide_index, wide_id = flags & 1, version >= 1
    i = ipma_at + ipma_header + 4
    entries = struct.unpack(">I", data[i:i + 4])[0]
    i += 4
    new_ipma = bytearray(data[ipma_at + ipma_header:ipma_at + ipma_header + 8])
    for _ in range(entries):
        item = struct.unpack(">I" if wide_id else ">H", data[i:i + (4 if wide_id else 2)])[0]
        i += 4 if wide_id else 2
        n = data[i]
        i += 1
        size = 2 if wide_index else 1
        associations = data[i:i + n * size]
        i += n * size
        if item == primary:
            for index in indices:
                associations += struct.pack(">H", 0x8000 | index) if wide_index else bytes([0x80 | index])
            n += len(indices)
        new_ipma += struct.pack(">I" if wide_id else ">H", item) + bytes([n]) + associations
    new_ipma = box("ipma", bytes(new_ipma))
    new_ipco = box("ipco", bytes(data[ipco_at + ipco_header:ipco_at + ipco_size]) + new_properties)
    # iprp with the new ipco and ipma in place of the old ones (other children kept).
    iprp_children = b""
    for kind, at, size, _ in children(data, iprp_at + iprp_header, iprp_at + iprp_size):
        iprp_children += new_ipco if kind == "ipco" else new_ipma if kind == "ipma" else bytes(data[at:at + size])
    new_iprp = box("iprp", iprp_children)
    delta = len(new_iprp) - iprp_size

    # iloc: file offsets after meta move by delta.
    _, iloc_at, _, iloc_header = find(data, meta_body, meta_at + meta_size, "iloc")
    j = iloc_at + iloc_header
    iloc_version = data[j]
    j += 4
    offset_size, length_size = data[j] >> 4, data[j] & 15
    base_size, index_size = data[j + 1] >> 4, (data[j + 1] & 15) if iloc_version in (1, 2) else 0
    j += 2
    items = struct.unpack(">H" if iloc_version < 2 else ">I", data[j:j + (2 if iloc_version < 2 else 4)])[0]
    j += 2 if iloc_version < 2 else 4

    def shift(at, size):
        value = int.from_bytes(data[at:at + size], "big") + delta
        data[at:at + size] = value.to_bytes(size, "big")

    for _ in range(items):
        j += 2 if iloc_version < 2 else 4
        method = 0
        if iloc_version in (1, 2):
            method = struct.unpack(">H", data[j:j + 2])[0] & 15
            j += 2
        j += 2  # data_reference_index
        if base_size and method == 0:
            shift(j, base_size)
        base_shifted = base_size and method == 0
        j += base_size
        extents = struct.unpack(">H", data[j:j + 2])[0]
        j += 2
        for _ in range(extents):
            j += index_size
            if method == 0 and not base_shifted and offset_size:
                shift(j, offset_size)
            j += offset_size + length_size
    out = data[:iprp_at] + new_iprp + data[iprp_at + iprp_size:]
    new_meta_size = meta_size + delta
    out[meta_at:meta_at + 4] = struct.pack(">I", new_meta_size)
    open(target, "wb").write(bytes(out))


if __name__ == "__main__":
    main()
