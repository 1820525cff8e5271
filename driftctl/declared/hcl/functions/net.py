"""Terraform's IP network functions: cidrhost, cidrnetmask, cidrsubnet, cidrsubnets.

https://developer.hashicorp.com/terraform/language/functions/cidrsubnets and siblings;
the arithmetic follows the go-cidr package Terraform uses.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from driftctl.declared.hcl.functions.base import Function, as_int, as_str, fn
from driftctl.declared.hcl.values import EvalFailure

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _network(text: Any) -> Network:
    prefix = as_str(text)
    if "/" not in prefix:
        raise EvalFailure(f"invalid CIDR expression: invalid CIDR address: {prefix}")
    try:
        return ipaddress.ip_network(prefix, strict=False)
    except ValueError:
        raise EvalFailure(f"invalid CIDR expression: invalid CIDR address: {prefix}") from None


def _subnet(network: Network, newbits: int, netnum: int) -> Network:
    prefix = network.prefixlen + newbits
    if newbits < 0:
        raise EvalFailure("newbits must not be negative")
    if prefix > network.max_prefixlen:
        raise EvalFailure(
            f"insufficient address space to extend prefix of {network.prefixlen} by {newbits}"
        )
    if not 0 <= netnum < 2**newbits:
        raise EvalFailure(
            f"prefix extension of {newbits} does not accommodate a subnet numbered {netnum}"
        )
    base = int(network.network_address) + (netnum << (network.max_prefixlen - prefix))
    return ipaddress.ip_network((base, prefix))


def _cidrsubnet(args: list[Any]) -> str:
    return str(_subnet(_network(args[0]), as_int(args[1]), as_int(args[2])))


def _cidrhost(args: list[Any]) -> str:
    network, hostnum = _network(args[0]), as_int(args[1])
    size = network.num_addresses
    if hostnum < 0:
        hostnum += size
    if not 0 <= hostnum < size:
        raise EvalFailure(
            f"prefix of {network.prefixlen} does not accommodate a host numbered {as_int(args[1])}"
        )
    return str(network.network_address + hostnum)


def _cidrnetmask(args: list[Any]) -> str:
    network = _network(args[0])
    if network.version != 4:
        raise EvalFailure("only IPv4 networks are supported")
    return str(network.netmask)


def _cidrsubnets(args: list[Any]) -> list[str]:
    """Consecutive subnets of the given sizes, each aligned to its own size (go-cidr's
    PreviousSubnet/NextSubnet walk)."""
    network = _network(args[0])
    bits = network.max_prefixlen
    space = 1 << bits
    out: list[str] = []
    cursor = int(network.network_address)  # the first address not yet allocated
    for arg in args[1:]:
        newbits = as_int(arg)
        if newbits < 1:
            raise EvalFailure("must extend prefix by at least one bit")
        length = network.prefixlen + newbits
        if length > bits:
            raise EvalFailure(
                f"would extend prefix to {length} bits, which is too long for an "
                f"IPv{network.version} address"
            )
        step = 1 << (bits - length)
        start = -(-cursor // step) * step  # round up to the subnet size
        if start + step > space or start + step - 1 > int(network.broadcast_address):
            raise EvalFailure(
                "not enough remaining address space for a subnet with a prefix "
                f"of {length} bits after {out[-1] if out else network}"
            )
        out.append(str(ipaddress.ip_network((start, length))))
        cursor = start + step
    return out


FUNCTIONS: dict[str, Function] = {
    "cidrhost": fn(_cidrhost, 2),
    "cidrnetmask": fn(_cidrnetmask, 1),
    "cidrsubnet": fn(_cidrsubnet, 3),
    "cidrsubnets": fn(_cidrsubnets, 1, None),
}
