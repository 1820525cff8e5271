"""The application under test: exports an order batch through a work queue it creates at
run time (a queue, a bucket or a role made while running is what tests leak)."""

from __future__ import annotations

from typing import Any


def export_batch(sqs: Any, s3: Any, batch_id: str, lines: list[str]) -> str:
    """Queue the batch's lines on a scratch queue, drain it into the orders bucket, clean up."""
    url = sqs.create_queue(QueueName=f"orders-scratch-{batch_id}", tags={"Purpose": "scratch"})[
        "QueueUrl"
    ]
    for line in lines:
        sqs.send_message(QueueUrl=url, MessageBody=line)
    received: list[str] = []
    while len(received) < len(lines):
        answer = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10, WaitTimeSeconds=1)
        for message in answer.get("Messages", []):
            received.append(message["Body"])
            sqs.delete_message(QueueUrl=url, ReceiptHandle=message["ReceiptHandle"])
    key = f"exports/{batch_id}.csv"
    s3.put_object(Bucket="orders-test", Key=key, Body="\n".join(sorted(received)).encode())
    sqs.delete_queue(QueueUrl=url)  # without this line the scratch queue leaks
    return key
