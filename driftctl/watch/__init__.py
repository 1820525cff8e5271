"""`driftctl watch`: drift detection driven by CloudTrail events (docs/watch.md).

`events` reads EventBridge envelopes and maps a CloudTrail record to the resources it
writes (the types' event mappings, driftctl/base/events.py); `state` keeps the live state
of one scan current by re-reading only those resources and says which drifts appeared,
changed or went; `sqs` is the queue; `loop` ties them together; `act` (revert) and
`batch` (batched pull requests, report files) are the rules' actions and the outputs.
"""
