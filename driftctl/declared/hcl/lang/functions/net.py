"""Terraform's IP network functions: cidrhost, cidrnetmask, cidrsubnet, cidrsubnets.

https://developer.hashicorp.com/terraform/language/functions/cidrsubnets and siblings.
Addresses are held as Go's net package holds them (4 or 16 bytes, a mask of the same
length) and the arithmetic is go-cidr's, so the answers are Terraform's: IPv4 parts with
leading zeros are read as decimal (Terraform's ipaddr fork of Go 1.16's net), an
IPv4-mapped IPv6 network prints as IPv4, cidrsubnets extends by at most 32 bits.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.functions.base import Function, Param, fn, whole
from driftctl.declared.hcl.lang.types import NUMBER, STRING, CList
from driftctl.declared.hcl.lang.values import EvalFailure

_V4_IN_V6 = bytes(10) + b"\xff\xff"


def _parse_ipv4(text: str) -> bytes | None:
    parts = text.split(".")
    if len(parts) != 4:
        return None
    out = []
    for part in parts:
        if not part or not part.isdigit() or not part.isascii():
            return None
        value = int(part)
        if value > 255:
            return None
        out.append(value)
    return bytes(out)


def _parse_ipv6(text: str) -> bytes | None:
    if "%" in text:
        return None
    head, _, tail = text.rpartition(":")
    if "." in tail:  # an embedded IPv4 part, read like an IPv4 address
        v4 = _parse_ipv4(tail)
        if v4 is None:
            return None
        text = f"{head}:{v4[0] << 8 | v4[1]:x}:{v4[2] << 8 | v4[3]:x}"
    try:
        return ipaddress.IPv6Address(text).packed
    except ValueError:
        return None


def _mask(ones: int, bits: int) -> bytes:
    value = ((1 << bits) - 1) ^ ((1 << (bits - ones)) - 1)
    return value.to_bytes(bits // 8, "big")


def _apply_mask(ip: bytes, mask: bytes) -> bytes:
    if len(mask) == 16 and len(ip) == 4 and mask[:12] == b"\xff" * 12:
        mask = mask[12:]
    if len(mask) == 4 and len(ip) == 16 and ip[:12] == _V4_IN_V6:
        ip = ip[12:]
    return bytes(a & b for a, b in zip(ip, mask, strict=True))


class _Net:
    __slots__ = ("ip", "mask")

    def __init__(self, ip: bytes, mask: bytes) -> None:
        self.ip, self.mask = ip, mask

    def size(self) -> tuple[int, int]:
        value = int.from_bytes(self.mask, "big")
        bits = len(self.mask) * 8
        ones = bin(value).count("1")
        return ones, bits

    def __str__(self) -> str:
        ip, mask = self.ip, self.mask
        v4 = _to4(ip)
        if v4 is not None:
            ip = v4
            if len(mask) == 16:
                mask = mask[12:]
        return f"{ip_text(ip)}/{bin(int.from_bytes(mask, 'big')).count('1')}"

    def contains(self, ip: bytes) -> bool:
        """Go's IPNet.Contains."""
        network, mask = _to4(self.ip) or self.ip, self.mask
        if len(mask) == 16 and len(network) == 4:
            mask = mask[12:]
        elif len(mask) != len(network):
            return False
        ip = _to4(ip) or ip
        if len(ip) != len(network):
            return False
        return all((a & m) == (b & m) for a, b, m in zip(ip, network, mask, strict=True))


def _to4(ip: bytes) -> bytes | None:
    if len(ip) == 4:
        return ip
    if len(ip) == 16 and ip[:12] == _V4_IN_V6:
        return ip[12:]
    return None


def ip_text(ip: bytes) -> str:
    """Go's net.IP String: an IPv4 (or IPv4-mapped) address in dotted form."""
    v4 = _to4(ip)
    if v4 is not None:
        return ".".join(str(b) for b in v4)
    return ipaddress.IPv6Address(ip).compressed


def parse_cidr(text: str) -> _Net:
    address, slash, length = text.partition("/")
    if not slash:
        raise EvalFailure(f"invalid CIDR expression: invalid CIDR address: {text}")
    ip = _parse_ipv4(address)
    bits = 32
    if ip is None:
        ip = _parse_ipv6(address)
        bits = 128
    if ip is None or not length.isdigit() or not length.isascii() or int(length) > bits:
        raise EvalFailure(f"invalid CIDR expression: invalid CIDR address: {text}")
    mask = _mask(int(length), bits)
    return _Net(_apply_mask(ip, mask), mask)


def _to_int(ip: bytes) -> tuple[int, int]:
    return int.from_bytes(ip, "big"), len(ip) * 8


def _insert(ip: bytes, value: int, prefix: int) -> bytes:
    current, total = _to_int(ip)
    current |= value << (total - prefix) if total >= prefix else value >> (prefix - total)
    current &= (1 << total) - 1
    return current.to_bytes(total // 8, "big")


def _cidrhost(args: list[Any]) -> str:
    host = _big(args[1], "hostnum")
    network = parse_cidr(args[0])
    parent, bits = network.size()
    max_host = (1 << (bits - parent)) - 1
    low = abs(host) & ((1 << 64) - 1)
    if host < 0:
        low = -host - 1
        host = max_host - low
    if low > max_host:
        raise EvalFailure(f"prefix of {parent} does not accommodate a host numbered {host}")
    length = 32 if _to4(network.ip) is not None else 128
    return ip_text(_insert(network.ip, host, length))


def _big(value: Any, what: str) -> int:
    result = number.to_int(value)
    if result is None:
        raise EvalFailure(f"invalid {what}: {number.text(value)} is not a whole number")
    return result


def _cidrnetmask(args: list[Any]) -> str:
    network = parse_cidr(args[0])
    if _to4(network.ip) is None:
        raise EvalFailure(f"IPv6 addresses cannot have a netmask: {args[0]}")
    return ip_text(network.mask)


def _subnet(network: _Net, newbits: int, netnum: int) -> _Net:
    parent, bits = network.size()
    prefix = parent + newbits
    if prefix > bits:
        raise EvalFailure(f"insufficient address space to extend prefix of {parent} by {newbits}")
    if prefix < 0:
        raise EvalFailure(f"invalid newbits {newbits}: the prefix would be negative")
    # Go computes uint64(1<<newbits) - 1: a shift of 64 or more (or a negative newbits,
    # converted to a huge shift) is 0, and 0 - 1 wraps to the largest uint64
    max_num = ((1 << newbits) - 1) if 0 <= newbits < 64 else (1 << 64) - 1
    if (netnum & ((1 << 64) - 1) if netnum >= 0 else -netnum) > max_num:
        raise EvalFailure(
            f"prefix extension of {newbits} does not accommodate a subnet numbered {netnum}"
        )
    return _Net(_insert(network.ip, netnum, prefix), _mask(prefix, bits))


def _cidrsubnet(args: list[Any]) -> str:
    newbits = whole(args[1], "newbits")
    netnum = _big(args[2], "netnum")
    return str(_subnet(parse_cidr(args[0]), newbits, netnum))


def _last(network: _Net) -> bytes:
    prefix, bits = network.size()
    value, total = _to_int(network.ip)
    if prefix == bits:
        return network.ip
    host = (1 << (total - prefix)) - 1 if total >= prefix else 0
    return (value | host).to_bytes(total // 8, "big")


def _step(ip: bytes, delta: int) -> bytes:
    v4 = _to4(ip)
    if v4 is not None:
        ip = v4
    value = (int.from_bytes(ip, "big") + delta) % (1 << (len(ip) * 8))
    return value.to_bytes(len(ip), "big")


def _previous(network: _Net, prefix: int) -> _Net:
    start = _to4(network.ip) or network.ip
    mask = _mask(prefix, 8 * len(start))
    return _Net(_apply_mask(_step(start, -1), mask), mask)


def _next(network: _Net, prefix: int) -> tuple[_Net, bool]:
    last = _last(network)
    mask = _mask(prefix, 8 * len(last))
    current = _Net(_apply_mask(last, mask), mask)
    following = _step(_last(current), 1)
    nxt = _Net(_apply_mask(following, mask), mask)
    return nxt, not any(following)


def _cidrsubnets(args: list[Any]) -> Any:
    network = parse_cidr(args[0])
    start, _ = network.size()
    lengths = args[1:]
    if not lengths:
        return CList((), STRING)
    first = whole(lengths[0], "newbits") + start
    current = _previous(network, min(max(first, 0), 8 * len(_to4(network.ip) or network.ip)))
    out = []
    for position, arg in enumerate(lengths, start=1):
        length = whole(arg, "newbits")
        if length < 1:
            raise EvalFailure(f"argument {position + 1}: must extend prefix by at least one bit")
        if length > 32:
            raise EvalFailure(
                f"argument {position + 1}: may not extend prefix by more than 32 bits"
            )
        length += start
        if length > len(network.ip) * 8:
            protocol = {32: "IPv4", 128: "IPv6"}.get(len(network.ip) * 8, "IP")
            raise EvalFailure(
                f"argument {position + 1}: would extend prefix to {length} bits, which is too "
                f"long for an {protocol} address"
            )
        nxt, rollover = _next(current, length)
        if rollover or not network.contains(nxt.ip):
            raise EvalFailure(
                f"argument {position + 1}: not enough remaining address space for a subnet with "
                f"a prefix of {length} bits after {current}"
            )
        current = nxt
        out.append(str(current))
    return CList(out, STRING)


FUNCTIONS: dict[str, Function] = {
    "cidrhost": fn(_cidrhost, Param("prefix", STRING), Param("hostnum", NUMBER)),
    "cidrnetmask": fn(_cidrnetmask, Param("prefix", STRING)),
    "cidrsubnet": fn(
        _cidrsubnet, Param("prefix", STRING), Param("newbits", NUMBER), Param("netnum", NUMBER)
    ),
    "cidrsubnets": fn(_cidrsubnets, Param("prefix", STRING), var=Param("newbits", NUMBER)),
}
