"""The shapes every resource type is declared with (docs/architecture.md §3).

A `ScanSpec` says how to enumerate something live: one (paginated) list call, plus
detail calls per listed item that AWS forces when no list or batch call carries the
data. Its `build` function turns one item (with its detail responses) into canonical
`Resource`s, possibly of several types (a bucket yields the bucket, its versioning,
its encryption, ...). A `ResourceType` says how to identify, normalize and compare
one canonical type, and how Terraform's configuration (and state) maps onto it.

Nothing here imports a type module or the registry: the type modules import these shapes.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from typing import Any

from driftctl.base.events import Events
from driftctl.base.raw import RawResource
from driftctl.core.model import Resource

Item = dict[str, Any]
Details = Mapping[str, Any]  # detail-call key -> response (None when AWS says "not configured")


@dataclasses.dataclass(frozen=True)
class ListCall:
    operation: str  # boto3 client method name, e.g. "describe_vpcs"
    # key of the item list in each page, e.g. "Vpcs"; dotted where the list is nested, as
    # botocore's paginators name it ("DistributionList.Items")
    result_key: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    paginated: bool = True
    page_size: int | None = None  # the largest page AWS allows: fewer round trips
    # the listed items are plain strings (SQS queue URLs, DynamoDB table names): each
    # becomes the item {item_key: value}
    item_key: str | None = None
    # ... or each page's strings are ONE item {item_key: [values]}, for a detail call that
    # takes a page's worth of them at once (DescribeClusters takes 100 cluster ARNs)
    whole_pages: bool = False
    # error codes meaning there is nothing to list (no items): for a call that answers one
    # object under `result_key` (an account's password policy: NoSuchEntity when unset), or
    # a paged list whose first page says there is nothing here (an account in no
    # organization: AWSOrganizationsNotInUseException)
    absent: frozenset[str] = frozenset()
    # where botocore has no paginator, the name of the marker AWS pages by in the request
    # and the response (WAFv2's NextMarker); each page's marker is sent back until a page
    # has none. Unset, a paginated call without a paginator follows its NextToken
    marker: str | None = None
    # where each page holds the marker to send back as `marker`, a dotted path, when the
    # response names it otherwise (CloudFront's FunctionList.NextMarker, sent as Marker)
    next_marker: str | None = None


def at_path(page: Any, path: str) -> Any:
    """The value at a dotted path of an answer (None where a step is missing)."""
    for part in path.split("."):
        page = page.get(part) if isinstance(page, Mapping) else None
    return page


def listed(call: ListCall, page: Mapping[str, Any]) -> list[Item]:
    """One page's items, as dicts (plain strings wrapped under `call.item_key`)."""
    found = at_path(page, call.result_key)
    if isinstance(found, Mapping):  # one object, not a list: that one item
        return [dict(found)]
    items = found or ()
    if call.item_key is None:
        return list(items)
    if call.whole_pages:
        return [{call.item_key: list(items)}] if items else []
    return [{call.item_key: value} for value in items]


@dataclasses.dataclass(frozen=True)
class DetailCall:
    key: str  # where the response is stored for `build`
    operation: str  # boto3 client method name
    # the call's parameters; a list of parameter sets makes one call each (a cluster's
    # node groups, its services 10 at a time), and the response is the list of answers
    params: Callable[[Item], dict[str, Any] | list[dict[str, Any]]]
    # error codes that mean "this item has no such configuration" (response None)
    absent: frozenset[str] = frozenset()
    # only call for items where this returns True
    when: Callable[[Item], bool] | None = None
    # the region to call for an item, where it is not the listing's (an S3 bucket's own
    # region: asked elsewhere, AWS answers with a redirect and botocore sends it again)
    region: Callable[[Item], str | None] | None = None
    # the key of another detail call this one is made after: its params then see the item
    # with that call's response under that key (a DynamoDB table's tags need the ARN its
    # DescribeTable answers); not made where that response is None
    needs: str | None = None
    # the operation is paged (a parameter group's parameters, a zone's record sets): every
    # page is read with botocore's paginator, and the response is the list of pages
    # (`detail_items` joins their items)
    paged: bool = False
    page_size: int | None = None  # with `paged`: the largest page AWS allows
    # the most items one call takes, where `params` gives a list of batches (DescribeServices
    # takes 10 services): for the floor in docs/resource-types.md
    batch: int | None = None


def detail_items(pages: Any, key: str) -> list[Item]:
    """The items under `key` of a paged detail call's pages (None: none)."""
    return [item for page in pages or () for item in page.get(key) or ()]


@dataclasses.dataclass(frozen=True)
class Join:
    """Another list call whose items are joined onto each listed item by a key.

    Used where one batch call lacks a field another batch call has (IAM's authorization
    details carry roles' policies and tags; ListRoles carries their description), so
    neither forces a per-resource call.
    """

    key: str  # where the joined item is stored for `build`
    listing: ListCall
    joined_key: str  # field of the joined items
    item_key: str  # field of the listed item with the same value
    # where the value is nested in the listed item (an internet gateway's attached VPC):
    # it is read by this function instead of `item_key`
    item_value: Callable[[Item], Any] | None = None

    def value(self, item: Item) -> Any:
        return self.item_value(item) if self.item_value else item.get(self.item_key)


@dataclasses.dataclass(frozen=True)
class ScanSpec:
    name: str
    service: str
    listing: ListCall
    build: Callable[[Item, Details, str], list[Resource]]  # (item, details, region)
    details: tuple[DetailCall, ...] = ()
    joins: tuple[Join, ...] = ()
    global_service: bool = False  # scanned once, not per region (IAM, S3 listing)
    # keep only the items this returns True for (e.g. buckets of the scanned region)
    keep: Callable[[Item, str], bool] | None = None
    # the id of the item's resource of the scan's first type, where every other type the
    # scan builds is its child: the detail calls of an item whose id nothing declared names
    # are skipped (engine/needs.py `shallow`), as nothing they read is reported
    item_id: Callable[[Item], str] | None = None
    # the detail call reading an item's tags: made for every item, skipped or not (a
    # drift's tags decide rules and are printed, an unmanaged one's too)
    tags_detail: str | None = None


def detail_depths(spec: ScanSpec) -> dict[str, int]:
    """How many detail calls each of the scan's waits on (0: made with the listed item;
    a listener's rules wait on its load balancer's listeners, their tags on the rules)."""
    needs = {d.key: d.needs for d in spec.details}
    out: dict[str, int] = {}
    for key, found in needs.items():
        n = 0
        while found is not None:
            n, found = n + 1, needs.get(found)
        out[key] = n
    return out


def _no_defaults(_: Resource) -> bool:
    return False


def _identity(attrs: dict[str, Any]) -> dict[str, Any]:
    return attrs


@dataclasses.dataclass(frozen=True)
class Fold:
    """A Terraform type that declares part of another resource (a security group rule).

    `convert` yields fragments of the owning type whose set attrs are merged into the
    declared parent that `parent_attr` points at (a Ref or a literal id).
    """

    parent_attr: str
    convert: Callable[[RawResource], list[Resource]]


@dataclasses.dataclass(frozen=True)
class ResourceType:
    name: str
    scan: str  # ScanSpec.name that yields it live
    # top-level attrs that the diff compares; anything else declared is not compared
    compared: frozenset[str]
    # attrs compared whole (maps, policies): keys absent on the declared side still count
    exact: frozenset[str] = frozenset()
    # attrs holding sets: compared element by element, order never matters
    sets: frozenset[str] = frozenset()
    # alternative natural keys: tuples of attr names; the first fully known one is used
    natural_keys: tuple[tuple[str, ...], ...] = ()
    # attr -> type whose id it holds (a KMS alias's target_key_id): once this resource is
    # matched, a declared resource of that type its declared attr refers to and that no
    # natural key found (a key whose description changed live), or found more than one of
    # (keys sharing a description), is the live one it names
    identifies: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # (name attr, prefix attr) where Terraform generates the name from a prefix
    # (`bucket_prefix`, `name_prefix`): a declaration with the prefix and no name matches
    # the live resource named prefix + Terraform's unique suffix; the prefix is never compared
    name_prefix: tuple[str, str] | None = None
    # declared id derived from attrs (bucket name, role name, ...), when Terraform's is
    declared_id: Callable[[dict[str, Any]], Any] | None = None
    # Terraform's defaults for unset attrs (an unset attribute with a default is declared)
    declared_defaults: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    normalize: Callable[[dict[str, Any]], dict[str, Any]] = _identity
    # live resources that are AWS's own (default VPC, service-linked roles, ...)
    is_aws_default: Callable[[Resource], bool] = _no_defaults
    # child types (versioning of a bucket): (parent type, attr holding the parent id)
    parent: tuple[str, str] | None = None
    # Terraform types mapped onto this one: tf type -> converter to canonical resources
    from_terraform: Mapping[str, Callable[[RawResource], list[Resource]]] = dataclasses.field(
        default_factory=dict
    )
    folds: Mapping[str, Fold] = dataclasses.field(default_factory=dict)
    tags: bool = False  # supports tags (provider default_tags merge in)
    # attrs holding a JSON document (an IAM policy): written back as JSON, not as blocks;
    # Terraform holds them as strings, driftctl as the parsed document
    documents: frozenset[str] = frozenset()
    # where the canonical shape differs from Terraform's schema (the registry lint reads
    # it): dotted block path -> "single" (a block held as its one item, a dict) or
    # "flatten" (a nested single block whose attributes its parent's dict holds)
    shape: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # attributes Terraform computes (known after apply) that the scan reads, besides the
    # id: a reference to one the configuration does not set takes the live value once the
    # resource is matched (driftctl.engine.bind), and what is built from it is compared
    computed: frozenset[str] = frozenset()
    # what the id is, in words, for docs/resource-types.md ("bucket name", "`vpc-…`")
    id_doc: str = ""
    # types a revert creates before this one (besides its parent); deletes run reversed
    after: tuple[str, ...] = ()
    # it holds data (items, messages, objects, files, events, images, key material) that
    # a delete loses and no undo brings back: a revert rule never deletes one, only
    # `--delete-data TYPE.ID` naming it (docs/revert.md#data)
    holds_data: bool = False
    # Terraform state: its `id` is driftctl's id for this type (else: natural keys match)
    state_id: bool = False
    # the CloudTrail events that create, change and delete it (base/events.py): how
    # `scan --attribute` finds who caused a drift; None: not mapped yet
    events: Events | None = None
    # Terraform state: the key under which this separate resource repeats inside its
    # parent's computed attributes (a bucket's versioning, a role's inline policies) ...
    state_key: Callable[[Mapping[str, Any]], tuple[str, ...]] | None = None
    # ... and how the parent drops what a separate resource of the state already declares:
    # (parent attrs, has(type, key)) -> None, editing attrs in place
    state_drop: Callable[[dict[str, Any], Callable[[str, tuple[str, ...]], bool]], None] | None = (
        None
    )
    # two declarations may hold one live resource when they declare it alike (a record set
    # Terraform writes with allow_overwrite: the ACM validation record a domain and its
    # wildcard share); otherwise a live resource declared twice is an error
    shared: bool = False
    # (type, attr): a live resource whose id a live resource of that type holds in attr is
    # that one's own (an instance's root volume): never unmanaged, reported through it
    owned_by: tuple[str, str] | None = None


def tag_dict(tags: list[dict[str, str]] | None) -> dict[str, str]:
    """AWS's [{"Key": k, "Value": v}] as a dict, without the aws:* tags AWS sets itself."""
    return {t["Key"]: t.get("Value", "") for t in tags or () if not t["Key"].startswith("aws:")}


# The natural key CloudFormation gives every stack resource: its aws:cloudformation:stack-name
# and aws:cloudformation:logical-id tags (left out of `tags`: aws:* tags are never drift).
# First among a type's natural keys, so a template resource declared with --stack-name is
# found by it even if its name is generated; a resource declared elsewhere has neither.
CFN_KEY = ("cfn_stack", "cfn_logical_id")

# The natural key of a type an account holds one of per region (GuardDuty's detector,
# whose id AWS draws at random): the scan's `build` and the type's converters set it True
# on both sides, so the declared one is the region's one.
ONE_PER_REGION = ("one_per_region",)


def tag_attrs(tags: list[dict[str, str]] | None) -> dict[str, Any]:
    """A resource's tags and its CloudFormation identity (None: absent) from AWS's tag
    list: what a narrow read of its tags (family.ReadAttrs) answers."""
    return {"tags": tag_dict(tags), CFN_KEY[0]: None, CFN_KEY[1]: None, **cfn_identity(tags)}


def cfn_identity(tags: list[dict[str, str]] | None) -> dict[str, str]:
    """{"cfn_stack", "cfn_logical_id"} of a resource CloudFormation created, else {}."""
    found = {t["Key"]: t.get("Value", "") for t in tags or ()}
    stack = found.get("aws:cloudformation:stack-name")
    logical = found.get("aws:cloudformation:logical-id")
    return {CFN_KEY[0]: stack, CFN_KEY[1]: logical} if stack and logical else {}


# What Terraform appends to a name_prefix (terraform-plugin-sdk helper/id.PrefixedUniqueId):
# a UTC timestamp to 1/10000 s and an 8-hex-digit counter, "20240501120000123400000001";
# before 2016, 26 characters of a lowercase, unpadded base32 UUID.
_UNIQUE_SUFFIX = re.compile(r"[0-9]{18}[0-9a-f]{8}|[a-z2-7]{26}")


def is_unique_suffix(text: str) -> bool:
    """Whether text is what Terraform generated after a name prefix."""
    return _UNIQUE_SUFFIX.fullmatch(text) is not None


def first_block(value: Any) -> dict[str, Any]:
    """Terraform's single nested block (a list of at most one dict) as a dict."""
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return value[0]
    return value if isinstance(value, dict) else {}


def drop_none(attrs: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in attrs.items() if v is not None}
