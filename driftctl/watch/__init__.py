"""`driftctl watch`: drift detection driven by CloudTrail events (docs/watch.md).

`events` reads EventBridge envelopes and maps a CloudTrail record to the resources it
writes (the types' event mappings, driftctl/base/events.py); `state` keeps the live state
of one scan current by re-reading only those resources and says which drifts appeared,
changed or went; `sqs` is the queue; `loop` ties them together; `act` (revert) and
`batch` (batched pull requests, report files) are the rules' actions and the outputs.
"""

from typing import Any


def handler(event: Any, context: Any = None) -> Any:
    """The Lambda function's handler, `driftctl.watch.handler` (aws_lambda.py): imported
    only when Lambda calls it, so that `driftctl watch` does not load it."""
    from driftctl.watch.aws_lambda import handler as run

    return run(event, context)
