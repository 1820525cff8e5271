"""How a Change names values of Terraform's state (tests/tf/harness.py): no terraform."""

from __future__ import annotations

import pytest

from tests.tf.harness import HarnessError, Json, resolve

STATE = {
    "aws_vpc.main": {"id": "vpc-1"},
    'aws_route53_record.v["www.a.example"]': {"name": "_x.www.a.example", "records": ["_y."]},
    "aws_instance.k": {"root_block_device": [{"device_name": "/dev/sda1"}]},
    "module.m.aws_sqs_queue.q": {"arn": "arn:q"},
}
RECORD = 'aws_route53_record.v["www.a.example"]'


def test_an_attribute_of_self_or_of_another_resource() -> None:
    params = {
        "Id": "${aws_vpc.main.id}",
        "Name": "${self.name}",
        "Arn": "q=${module.m.aws_sqs_queue.q.arn}",
    }
    assert resolve(params, STATE, RECORD) == {
        "Id": "vpc-1",
        "Name": "_x.www.a.example",
        "Arn": "q=arn:q",
    }


def test_a_path_into_a_value() -> None:
    params = {
        "Value": "${self.records[0]}",
        "Device": "${aws_instance.k.root_block_device[0].device_name}",
    }
    assert resolve(params, STATE, RECORD) == {"Value": "_y.", "Device": "/dev/sda1"}
    assert resolve(Json({"r": "${self.records}"}), STATE, RECORD) == '{"r": ["_y."]}'


@pytest.mark.parametrize(
    "ref", ["${self.records[1]}", "${self.nope}", "${aws_vpc.other.id}", "${self.records-x}"]
)
def test_a_value_the_state_does_not_hold_is_an_error_naming_it(ref: str) -> None:
    with pytest.raises(HarnessError, match="the state has no"):
        resolve(ref, STATE, RECORD)
