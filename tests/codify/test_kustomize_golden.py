"""Golden tests for kustomize:// sources (Crossplane and ACK manifests in a base and an
overlay): a drift found by the real differ is codified into exactly the expected patch,
in the file kustomize says set the value (the base manifest, or the overlay's patch),
every other byte kept; the edited tree, built again by kustomize, declares the live
value and nothing else changed. What driftctl must not edit goes to a human."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from driftctl.codify.base import unified_diff
from tests.codify.kusttest import check_codified, codify, copy, load, write
from tests.codify.yamltest import Live, crlf_patch

pytestmark = pytest.mark.skipif(
    shutil.which("kustomize") is None and shutil.which("kubectl") is None,
    reason="needs kustomize or kubectl",
)

XP = {
    "crossplane-kind": "bucket.s3.aws.upbound.io",
    "crossplane-name": "raw",
    "crossplane-providerconfig": "default",
}
RAW_TAGS = {"Team": "core", "Zone": "raw", "Owner": "demo-team", "Env": "demo", **XP}


def raw(**tags: str) -> Live:
    return Live("aws_s3_bucket", "Bucket/raw", "acme-raw", {"bucket": "acme-raw", "tags": tags})


VPC = {"cidr_block": "10.42.0.0/16", "enable_dns_support": True, "instance_tenancy": "default"}
VPC_TAGS = {"Name": "main", "Team": "net", "services.k8s.aws/controller-version": "v1.2.3"}


def vpc(dns_hostnames: bool = True, **tags: str) -> Live:
    return Live(
        "aws_vpc",
        "VPC/main",
        "vpc-0abc",
        {**VPC, "enable_dns_hostnames": dns_hostnames, "tags": tags or VPC_TAGS},
    )


# name -> (fixture, the live resources, the expected patch)
CASES: dict[str, tuple[str, list[Live], str]] = {
    "crossplane-tag-set-by-the-base": (
        "crossplane",
        [raw(**{**RAW_TAGS, "Team": "platform", "CostCenter": "cc-42"})],
        "--- a/base/buckets.yaml\n"
        "+++ b/base/buckets.yaml\n"
        "@@ -9,8 +9,9 @@\n"
        "   forProvider:\n"
        "     region: us-east-1\n"
        "     tags:\n"
        "-      Team: core      # changed in the console\n"
        "+      Team: platform      # changed in the console\n"
        '       Zone: "raw"\n'
        "+      CostCenter: cc-42\n"
        " ---\n"
        " apiVersion: s3.aws.upbound.io/v1beta1\n"
        " kind: BucketVersioning\n",
    ),
    "crossplane-tag-set-by-the-overlay-patch": (
        "crossplane",
        [raw(**{**RAW_TAGS, "Owner": "data-team"})],
        "--- a/overlays/demo/raw-owner.yaml\n"
        "+++ b/overlays/demo/raw-owner.yaml\n"
        "@@ -5,4 +5,4 @@\n"
        " spec:\n"
        "   forProvider:\n"
        "     tags:\n"
        "-      Owner: demo-team   # who to page\n"
        "+      Owner: data-team   # who to page\n",
    ),
    "crossplane-tag-removed-live": (
        "crossplane",
        [raw(**{k: v for k, v in RAW_TAGS.items() if k != "Zone"})],
        "--- a/base/buckets.yaml\n"
        "+++ b/base/buckets.yaml\n"
        "@@ -10,7 +10,6 @@\n"
        "     region: us-east-1\n"
        "     tags:\n"
        "       Team: core      # changed in the console\n"
        '-      Zone: "raw"\n'
        " ---\n"
        " apiVersion: s3.aws.upbound.io/v1beta1\n"
        " kind: BucketVersioning\n",
    ),
    "crossplane-versioning-one-item-list": (
        "crossplane",
        [
            Live(
                "aws_s3_bucket_versioning",
                "BucketVersioning/raw-versioning",
                "acme-raw",
                {"bucket": "acme-raw", "versioning_configuration": {"status": "Suspended"}},
            )
        ],
        "--- a/base/buckets.yaml\n"
        "+++ b/base/buckets.yaml\n"
        "@@ -22,4 +22,4 @@\n"
        "     bucketRef:\n"
        "       name: raw\n"
        "     versioningConfiguration:\n"
        "-      - status: Enabled   # keep history\n"
        "+      - status: Suspended   # keep history\n",
    ),
    "crossplane-import-a-bucket": (
        "crossplane",
        [
            Live(
                "aws_s3_bucket",
                None,
                "acme-scratch",
                {"bucket": "acme-scratch", "tags": {"Team": "data", "Env": "demo"}},
            )
        ],
        "--- /dev/null\n"
        "+++ b/overlays/demo/driftctl_imported.yaml\n"
        "@@ -0,0 +1,15 @@\n"
        "+# Imported by driftctl from live AWS (acme-scratch): Crossplane adopts it by its\n"
        "+# external name. deletionPolicy Orphan keeps it in AWS if this manifest is deleted.\n"
        "+apiVersion: s3.aws.upbound.io/v1beta1\n"
        "+kind: Bucket\n"
        "+metadata:\n"
        "+  name: acme-scratch\n"
        "+  annotations:\n"
        "+    crossplane.io/external-name: acme-scratch\n"
        "+spec:\n"
        "+  deletionPolicy: Orphan\n"
        "+  forProvider:\n"
        "+    region: us-east-1\n"
        "+    tags:\n"
        "+      Env: demo\n"
        "+      Team: data\n"
        "--- a/overlays/demo/kustomization.yaml\n"
        "+++ b/overlays/demo/kustomization.yaml\n"
        "@@ -2,6 +2,7 @@\n"
        " kind: Kustomization\n"
        " resources:\n"
        "   - ../../base\n"
        "+  - driftctl_imported.yaml\n"
        " patches:\n"
        "   # the demo bucket belongs to the demo team\n"
        "   - path: raw-owner.yaml\n",
    ),
    "ack-tag-list-in-the-base": (
        "ack",
        [vpc(**{**VPC_TAGS, "Team": "platform", "Owner": "alice"})],
        "--- a/base/network.yaml\n"
        "+++ b/base/network.yaml\n"
        "@@ -12,4 +12,6 @@\n"
        "     - key: Name\n"
        "       value: main\n"
        "     - key: Team   # the network team\n"
        "-      value: net\n"
        "+      value: platform\n"
        "+    - key: Owner\n"
        "+      value: alice\n",
    ),
    "ack-flag-set-by-the-overlay-patch": (
        "ack",
        [vpc(dns_hostnames=False)],
        "--- a/overlays/demo/vpc-dns.yaml\n"
        "+++ b/overlays/demo/vpc-dns.yaml\n"
        "@@ -3,4 +3,4 @@\n"
        " metadata:\n"
        "   name: main\n"
        " spec:\n"
        "-  enableDNSHostnames: true   # public hostnames for the demo\n"
        "+  enableDNSHostnames: false   # public hostnames for the demo\n",
    ),
    "ack-import-a-bucket": (
        "ack",
        [Live("aws_s3_bucket", None, "acme-scratch", {"bucket": "acme-scratch", "tags": {}})],
        "--- /dev/null\n"
        "+++ b/overlays/demo/driftctl_imported.yaml\n"
        "@@ -0,0 +1,11 @@\n"
        "+# Imported by driftctl from live AWS (acme-scratch): the ACK controller adopts it\n"
        "+# (adoption-policy: adopt) instead of creating it.\n"
        "+apiVersion: s3.services.k8s.aws/v1alpha1\n"
        "+kind: Bucket\n"
        "+metadata:\n"
        "+  name: acme-scratch\n"
        "+  annotations:\n"
        "+    services.k8s.aws/adoption-policy: adopt\n"
        '+    services.k8s.aws/adoption-fields: \'{"name": "acme-scratch"}\'\n'
        "+spec:\n"
        "+  name: acme-scratch\n"
        "--- a/overlays/demo/kustomization.yaml\n"
        "+++ b/overlays/demo/kustomization.yaml\n"
        "@@ -1,4 +1,5 @@\n"
        " resources:\n"
        "   - ../../base\n"
        "+  - driftctl_imported.yaml\n"
        " patches:\n"
        "   - path: vpc-dns.yaml\n",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_codify_writes_exactly_the_expected_patch(tmp_path: Path, name: str) -> None:
    fixture, lives, expected = CASES[name]
    tree = copy(fixture, tmp_path)
    source = tree / "overlays" / "demo"
    before = load(source)
    plan = codify(source, lives)
    assert plan.humans == []
    assert unified_diff(plan.files, "overlays/demo") == expected
    write(source, plan)
    check_codified(source, lives, before, plan)


# name -> (fixture, live, where, reason)
HUMAN_CASES: dict[str, tuple[str, Live, str, str]] = {
    "json-patch-inline": (
        "crossplane",
        raw(**{**RAW_TAGS, "Env": "staging"}),
        "kustomization.yaml:9",
        "set by a JSON 6902 patch (inline in kustomization.yaml): driftctl does not edit it",
    ),
    "controller-tag": (
        "crossplane",
        raw(**{**RAW_TAGS, "crossplane-name": "other"}),
        "../../base/buckets.yaml:2",
        "the tag crossplane-name is written by the controller, not the manifest",
    ),
    "unmapped-attribute": (
        "ack",
        Live(
            "aws_vpc",
            "VPC/main",
            "vpc-0abc",
            {**VPC, "cidr_block": "10.9.0.0/16", "enable_dns_hostnames": True, "tags": VPC_TAGS},
        ),
        "../../base/network.yaml:2",
        "driftctl does not map cidr_block to a manifest field",
    ),
    "import-changed-by-a-patch": (
        "crossplane",
        Live("aws_s3_bucket", None, "acme-scratch", {"bucket": "acme-scratch", "tags": {}}),
        "kustomization.yaml:9",
        "a patch of the kustomization would change the new manifest",
    ),
}


@pytest.mark.parametrize("name", sorted(HUMAN_CASES))
def test_what_driftctl_does_not_edit_needs_a_human(tmp_path: Path, name: str) -> None:
    fixture, live, where, reason = HUMAN_CASES[name]
    source = copy(fixture, tmp_path) / "overlays" / "demo"
    plan = codify(source, [live])
    assert plan.files == {} and plan.codified == []
    [human] = plan.humans
    assert (human.where, human.reason[: len(reason)]) == (where, reason)


def test_a_base_shared_with_another_overlay_is_left_to_a_person(tmp_path: Path) -> None:
    tree = copy("crossplane", tmp_path)
    (tree / ".git").mkdir()  # the repository's top: other kustomizations are looked for here
    prod = tree / "overlays" / "prod"
    prod.mkdir()
    (prod / "kustomization.yaml").write_text("resources:\n  - ../../base\n")
    source = tree / "overlays" / "demo"
    plan = codify(source, [raw(**{**RAW_TAGS, "Team": "platform"})])
    assert plan.files == {}
    [human] = plan.humans
    assert human.where == "../../base/buckets.yaml:12"
    assert human.reason.startswith(
        "../../base/buckets.yaml is also built by ../prod/kustomization.yaml"
    )
    # the overlay's own patch file is not shared: that edit still goes through
    plan = codify(source, [raw(**{**RAW_TAGS, "Owner": "data-team"})])
    assert plan.humans == [] and plan.changed_files == ["raw-owner.yaml"]


FIXTURE = Path(__file__).parent / "kustomize" / "crossplane"


def test_a_rendered_manifest_file_is_edited_in_place(tmp_path: Path) -> None:
    manifest = tmp_path / "buckets.yaml"
    shutil.copy(
        Path(__file__).parent / "kustomize" / "crossplane" / "base" / "buckets.yaml", manifest
    )
    lives = [
        Live(
            "aws_s3_bucket",
            "Bucket/raw",
            "acme-raw",
            {"bucket": "acme-raw", "tags": {"Team": "platform", "Zone": "raw", **XP}},
        )
    ]
    before = load(manifest)
    plan = codify(manifest, lives)
    assert plan.humans == [] and plan.changed_files == ["buckets.yaml"]
    assert "-      Team: core      # changed" in plan.diff
    assert "+      Team: platform      # changed" in plan.diff
    write(tmp_path, plan)
    check_codified(manifest, lives, before, plan)


def test_a_new_manifest_is_appended_to_a_rendered_file_as_a_document(tmp_path: Path) -> None:
    manifest = tmp_path / "all.yaml"
    manifest.write_text("# rendered by CI\n" + (FIXTURE / "base" / "buckets.yaml").read_text())
    scratch = Live(
        "aws_s3_bucket", None, "acme-scratch", {"bucket": "acme-scratch", "tags": {"Team": "data"}}
    )
    before = load(manifest)
    plan = codify(manifest, [scratch])
    assert plan.humans == [] and plan.changed_files == ["all.yaml"]
    after = plan.files["all.yaml"][1]
    assert after.startswith(manifest.read_text() + "---\n# Imported by driftctl")
    write(tmp_path, plan)
    check_codified(manifest, [scratch], before, plan)


def test_a_tag_removed_live_is_removed_from_the_base_and_the_patch(tmp_path: Path) -> None:
    source = copy("crossplane", tmp_path) / "overlays" / "demo"
    patch = source / "raw-owner.yaml"
    patch.write_text(patch.read_text() + "      Zone: raw   # also here\n")
    before = load(source)
    lives = [raw(**{k: v for k, v in RAW_TAGS.items() if k != "Zone"})]
    plan = codify(source, lives)
    assert plan.humans == []
    assert plan.changed_files == ["../../base/buckets.yaml", "raw-owner.yaml"]
    assert '-      Zone: "raw"\n' in unified_diff(plan.files, "overlays/demo")
    assert "-      Zone: raw   # also here\n" in unified_diff(plan.files, "overlays/demo")
    write(source, plan)
    check_codified(source, lives, before, plan)


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        (
            "  - target: {kind: Bucket, name: raw}\n"
            "    patch: |-\n"
            "      apiVersion: s3.aws.upbound.io/v1beta1\n"
            "      kind: Bucket\n"
            "      metadata: {name: raw}\n"
            "      spec: {forProvider: {tags: {Team: web}}}\n",
            "set by a patch written inline in kustomization.yaml",
        ),
        (
            "  - target: {kind: Bucket}\n    path: team.json\n",
            "set by a JSON 6902 patch (team.json)",
        ),
    ],
)
def test_an_inline_or_json_patch_that_sets_the_value_needs_a_human(
    tmp_path: Path, entry: str, reason: str
) -> None:
    source = copy("crossplane", tmp_path) / "overlays" / "demo"
    (source / "team.json").write_text(
        '[{"op": "replace", "path": "/spec/forProvider/tags/Team", "value": "web"}]\n'
    )
    kustomization = source / "kustomization.yaml"
    kustomization.write_text(kustomization.read_text() + entry)
    tags = {**RAW_TAGS, "Team": "platform"}
    plan = codify(source, [raw(**tags)])
    assert plan.files == {}
    [human] = plan.humans
    assert human.where == "kustomization.yaml:15"
    assert human.reason.startswith(reason), human.reason


@pytest.mark.parametrize("name", sorted(n for n in CASES if "/dev/null" not in CASES[n][2]))
def test_crlf_files_get_the_same_minimal_patch(tmp_path: Path, name: str) -> None:
    """A tree whose files end their lines with CRLF: the same bytes change, and new
    lines end in CRLF like the others."""
    fixture, lives, expected = CASES[name]
    tree = copy(fixture, tmp_path)
    for path in tree.rglob("*.yaml"):
        path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    source = tree / "overlays" / "demo"
    before = load(source)
    plan = codify(source, lives)
    assert plan.humans == []
    assert unified_diff(plan.files, "overlays/demo") == crlf_patch(expected)
    write(source, plan)
    check_codified(source, lives, before, plan)


def test_a_patches_entry_wins_over_patches_strategic_merge(tmp_path: Path) -> None:
    """kustomize applies patchesStrategicMerge before patches (whatever order they are
    written in): the value comes from the `patches` file, and that file is edited."""
    source = copy("crossplane", tmp_path) / "overlays" / "demo"
    (source / "old-owner.yaml").write_text(
        "apiVersion: s3.aws.upbound.io/v1beta1\nkind: Bucket\nmetadata:\n  name: raw\n"
        "spec:\n  forProvider:\n    tags:\n      Owner: old-team\n"
    )
    kustomization = source / "kustomization.yaml"
    listed = "patchesStrategicMerge:\n  - old-owner.yaml\n"  # after `patches`, applied before
    kustomization.write_text(kustomization.read_text() + listed)
    before = load(source)
    lives = [raw(**{**RAW_TAGS, "Owner": "data-team"})]
    plan = codify(source, lives)
    assert plan.humans == []
    assert plan.changed_files == ["raw-owner.yaml"]
    assert "+      Owner: data-team   # who to page\n" in plan.diff
    write(source, plan)
    check_codified(source, lives, before, plan)


def test_new_manifests_whose_ids_make_one_name_get_two(tmp_path: Path) -> None:
    source = copy("crossplane", tmp_path) / "overlays" / "demo"
    ids = ["acme-scratch", "acme_scratch"]
    lives = [Live("aws_s3_bucket", None, i, {"bucket": i, "tags": {"Env": "demo"}}) for i in ids]
    before = load(source)
    plan = codify(source, lives)
    assert plan.humans == []
    text = plan.files["driftctl_imported.yaml"][1]
    assert "  name: acme-scratch\n" in text and "  name: acme-scratch-2\n" in text
    write(source, plan)
    check_codified(source, lives, before, plan)


def test_a_queue_is_adopted_by_its_name_not_its_url(tmp_path: Path) -> None:
    """A queue's id is its URL, but Crossplane's external name for it is its name (#28):
    the new manifest declares the live queue."""
    import dataclasses

    from driftctl.engine.match import match
    from driftctl.resources.registry import TYPES
    from tests.codify.yamltest import normalized

    source = copy("crossplane", tmp_path) / "overlays" / "demo"
    url = "https://sqs.us-east-1.amazonaws.com/123456789012/acme-jobs"
    attrs = {"name": "acme-jobs", "visibility_timeout_seconds": 60, "tags": {"Env": "demo"}}
    lives = [Live("aws_sqs_queue", None, url, attrs)]
    plan = codify(source, lives)
    assert plan.humans == []
    text = plan.files["driftctl_imported.yaml"][1]
    assert "crossplane.io/external-name: acme-jobs\n" in text
    write(source, plan)
    queue = next(r for r in load(source).resources if r.type == "aws_sqs_queue")
    live = dataclasses.replace(normalized(lives[0]), region="us-east-1")
    pairs = match(TYPES, [queue], [live]).pairs
    assert [lv.id for _, lv in pairs] == [url]  # adopted: the queue, not one named by a URL
