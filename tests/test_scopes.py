"""Sharding partitions the scopes; combining per-scope reports is order-independent."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from driftctl.aws.fanout import all_pairs, shard

accounts = st.lists(st.from_regex(r"\d{12}", fullmatch=True), min_size=1, max_size=4, unique=True)
regions = st.lists(
    st.sampled_from(["us-east-1", "eu-west-1", "ap-south-1"]), max_size=3, unique=True
)


@given(accounts, regions, st.integers(1, 7))
def test_shards_are_a_partition_of_the_pairs(ids, regs, n) -> None:  # type: ignore[no-untyped-def]
    pairs = all_pairs(ids, regs)
    parts = [shard(pairs, i, n) for i in range(1, n + 1)]
    assert sorted(p for part in parts for p in part) == sorted(pairs)
    assert sum(len(part) for part in parts) == len(pairs)
    assert shard(list(reversed(pairs)), 1, n) == parts[0]  # independent of input order
