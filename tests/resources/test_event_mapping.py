"""Every type's CloudTrail event mapping (base/events.py), against botocore's models.

Each event name a type module declares must be an operation of the service it names
(CloudTrail's API-version suffixes dropped, its few renamed events mapped), every
attribute an event is said to touch must be one the type compares, and every id path
must point into the record's request or response. The types without a mapping yet are
listed in docs/attribution.md; this test holds that list to the registry's.
"""

from __future__ import annotations

import functools
import re

import botocore.session
import pytest

from driftctl.base.events import Events, operation_name
from driftctl.resources.registry import TYPES
from tests.paths import ROOT

_session = botocore.session.get_session()
_MAPPED = sorted(name for name, t in TYPES.items() if t.events is not None)
_PATH = re.compile(r"^(requestParameters|responseElements)(\.[A-Za-z0-9]+(\[\])?)+$")


@functools.cache
def _operations(service: str) -> frozenset[str]:
    return frozenset(_session.get_service_model(service).operation_names)


def _events(name: str) -> Events:
    events = TYPES[name].events
    assert events is not None
    return events


@pytest.mark.parametrize("name", _MAPPED)
def test_every_event_name_is_an_operation_of_its_service(name: str) -> None:
    events = _events(name)
    assert events.source == f"{events.source.split('.')[0]}.amazonaws.com"
    unknown = [
        e for e in events.names if operation_name(events, e) not in _operations(events.service)
    ]
    assert not unknown, f"{name}: not operations of {events.service}: {unknown}"
    assert events.create or events.change, f"{name}: no event writes it"


@pytest.mark.parametrize("name", _MAPPED)
def test_touched_attributes_are_compared_and_ids_point_into_the_record(name: str) -> None:
    events, rtype = _events(name), TYPES[name]
    for event, attrs in events.touches.items():
        assert event in events.names, f"{name}: touches names {event}, not one of its events"
        assert attrs <= rtype.compared, f"{name}: {event} touches {sorted(attrs - rtype.compared)}"
    assert events.ids or events.only_id, f"{name}: no path gives the id"
    for template in events.ids:
        paths = re.findall(r"\{([^{}]+)\}", template) or [template]
        for path in paths:
            assert _PATH.match(path), f"{name}: {path} is not a path into the record"


def test_a_typo_in_an_event_name_is_found() -> None:
    events = Events(source="s3.amazonaws.com", service="s3", create=("CreateBuckett",))
    assert operation_name(events, "CreateBuckett") not in _operations("s3")
    lambda_events = Events(source="lambda.amazonaws.com", service="lambda")
    assert operation_name(lambda_events, "UpdateFunctionConfiguration20150331v2") in _operations(
        "lambda"
    )


def test_the_types_without_a_mapping_are_the_ones_the_docs_list() -> None:
    unmapped = sorted(name for name, t in TYPES.items() if t.events is None)
    doc = (ROOT / "docs" / "attribution.md").read_text("utf-8")
    section = doc.split("## Types without an event mapping", 1)[1].split("\n## ", 1)[0]
    listed = sorted(re.findall(r"^- `(aws_[a-z0-9_]+)`", section, re.M))
    assert listed == unmapped, "docs/attribution.md lists other unmapped types than the registry"
