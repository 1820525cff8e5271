"""The application under test: exports an order batch through a scratch bucket it creates
at run time (a queue, a bucket or a role made while running is what tests leak)."""

from __future__ import annotations

from typing import Any


def export_batch(s3: Any, batch_id: str, lines: list[str]) -> str:
    """Stage the batch in a scratch bucket, copy it into the orders bucket, clean up."""
    scratch = f"orders-scratch-{batch_id}"
    s3.create_bucket(Bucket=scratch)
    s3.put_bucket_tagging(
        Bucket=scratch, Tagging={"TagSet": [{"Key": "Purpose", "Value": "scratch"}]}
    )
    s3.put_object(Bucket=scratch, Key="batch.csv", Body="\n".join(lines).encode())
    key = f"exports/{batch_id}.csv"
    s3.copy_object(
        Bucket="orders-test", Key=key, CopySource={"Bucket": scratch, "Key": "batch.csv"}
    )
    s3.delete_object(Bucket=scratch, Key="batch.csv")
    s3.delete_bucket(Bucket=scratch)  # without this line the scratch bucket leaks
    return key
