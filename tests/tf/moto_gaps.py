"""Calls the AWS provider makes that moto's server does not implement, answered as AWS
answers a valid request, so that `terraform apply` can create the type at all.

- Step Functions' ValidateStateMachineDefinition (the provider validates every
  definition before CreateStateMachine): moto raises NotImplementedError, the provider
  retries it 25 times with backoff, and the apply seemed to hang for minutes. Answered
  `{"result": "OK", "diagnostics": []}`: what AWS says of a definition it accepts (moto's
  CreateStateMachine then stores it; a definition AWS would reject is not tested here).
- Step Functions' ListStateMachineVersions (the provider reads a machine's published
  versions on every refresh): answered with none, as AWS answers for a machine that was
  never published (the stack publishes none).
- Kinesis' CreateStream ignores its `Tags`, which AWS applies (and the provider sends
  them there only): the stream is tagged with them after it is created, as AWS does.

Loaded by the harness's moto server process only (tests/tf/harness.py); nothing here
changes what driftctl calls or how moto answers driftctl's calls.
"""

from __future__ import annotations

import json


def fill() -> None:
    from moto.kinesis.responses import KinesisResponse
    from moto.stepfunctions.responses import StepFunctionResponse

    create_stream = KinesisResponse.create_stream

    def create_stream_tagged(self: KinesisResponse) -> object:
        result = create_stream(self)
        tags = self._get_param("Tags")
        if tags:
            self.kinesis_backend.add_tags_to_stream(None, self._get_param("StreamName"), tags)
        return result

    KinesisResponse.create_stream = create_stream_tagged  # type: ignore[method-assign]

    def validate_state_machine_definition(self: StepFunctionResponse) -> str:
        return json.dumps({"result": "OK", "diagnostics": []})

    def list_state_machine_versions(self: StepFunctionResponse) -> str:
        return json.dumps({"stateMachineVersions": []})

    for name, answer in (
        ("validate_state_machine_definition", validate_state_machine_definition),
        ("list_state_machine_versions", list_state_machine_versions),
    ):
        if not hasattr(StepFunctionResponse, name):
            setattr(StepFunctionResponse, name, answer)
