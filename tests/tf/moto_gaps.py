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
- Route53's CreateHostedZone makes a zone private only when HostedZoneConfig.PrivateZone
  is sent; AWS makes every zone created with a `VPC` private, and the provider sends the
  VPC only: such a zone is made private, as AWS does.
- RDS gives every DB instance the same resource id (DbiResourceId), and the provider
  reads an instance back by a `dbi-resource-id` filter: with two instances in one moto,
  it finds two and fails. Each instance gets a resource id of its own, as AWS gives.
- CloudWatch Logs' PutMetricFilter adds a second filter of the same name and group where
  AWS replaces the one there (Terraform's update and a change by hand both put it again):
  the filter of that name and group is replaced (`metric_filter_put_replaces`, which the
  in-process type tests use as well).
- CloudWatch's PutCompositeAlarm is not in moto, whose PutMetricAlarm stores an alarm
  sent with an `AlarmRule` as a composite one (DescribeAlarms lists it among
  `CompositeAlarms`): the call is answered by it (`composite_alarm_put`, which the
  in-process type tests use as well). moto keeps no actions suppressor.
- API Gateway's GetDeployment of a deleted deployment raises a KeyError (a 500 the
  provider retries for minutes) where AWS answers NotFoundException: it is answered so.
- CloudFront's UpdateFunction and PublishFunction are not in moto (the provider publishes
  every function it creates or changes with `publish`, its default; a person's edit of a
  function's code is an UpdateFunction): UpdateFunction puts the configuration and code
  sent and gives a new ETag, PublishFunction marks the function published, as AWS does
  (`cloudfront_function_calls`, which the in-process type tests use as well). moto keeps
  one stage of a function: its LIVE stage is its DEVELOPMENT one.
- WAFv2's ListResourcesForWebACL is not in moto (its AssociateWebACL records the ARN on
  the web ACL): answered from that record, the ARNs of the kind asked for (AWS's default,
  APPLICATION_LOAD_BALANCER, where none is named), as AWS answers
  (`wafv2_resources_listed`, which the `aws` fixture of tests/kit/aws.py applies too). The provider
  does not call it (it reads an association by GetWebACLForResource); driftctl's scan does.
- API Gateway v2's GetAuthorizers is not in moto (it has each authorizer's Get): answered
  with the API's authorizers, as AWS answers (`apigatewayv2_authorizers_listed`, which the
  `aws` fixture applies too). The provider does not call it; driftctl's scan does.
- API Gateway v2's UpdateDomainName is not in moto: the domain's configurations and
  mutual TLS are replaced by those sent, as AWS does (`apigatewayv2_domain_updated`, the
  `aws` fixture's too): the provider calls it when a configuration changes, driftctl's
  revert when it puts one back. moto keeps a domain's configurations as sent, where AWS
  fills each one's status, target domain name and hosted zone (the provider waits for
  the status AVAILABLE): they are filled, as AWS fills them.
- EC2's CreateTransitGatewayVpcAttachment reads the tags of a `transit-gateway-route-table`
  tag specification where AWS (and the provider) send `transit-gateway-attachment`: the
  attachment is tagged with those, as AWS does (`attachment_created_tagged`, which the
  in-process type tests use as well).
- AWS Backup's ListTags: moto reads the ARN from a path ending in `/` (boto3's), the
  provider's SDK sends none, and moto answered no tags for every vault and plan: the
  ARN is read from either path (`backup_list_tags`).
- AWS Backup's UpdateBackupPlan is not in moto: the plan's document is replaced and its
  version id renewed, as AWS does (`backup_plan_update`, which the in-process type tests
  use as well).
- Athena's UpdateWorkGroup is not in moto: the description, state and configuration
  updates are applied to the workgroup, as AWS does (`athena_work_group_update`, which
  the in-process type tests use as well).
- Athena's ListTagsForResource: moto says a workgroup without tags does not exist (AWS
  answers no tags), and finds none by the ARN the provider builds without an account id
  (the harness asks AWS for none): a workgroup's tags are read by its name.
- Glue's UpdateJob is not in moto: the job's definition is replaced by the update (what
  it leaves out reset, as AWS does) (`glue_job_update`, which the in-process type tests
  use as well).
- moto's serializer shares a dict of response transformers between requests, which
  another request's serialization may change while one iterates it: under load a
  concurrent scan got a 500 ("dictionary changed size during iteration"). It is read
  from a copy.

Loaded by the harness's moto server process (tests/tf/harness.py; the in-process type
tests of metric filters patch their moto with `metric_filter_put_replaces`); nothing here
changes what driftctl calls, nor how moto answers a call it implements.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any


def metric_filter_put_replaces(add: Callable[..., None]) -> Callable[..., None]:
    """moto's MetricFilters.add_filter, replacing a filter of the same name and group."""

    def add_replacing(self: Any, name: str, pattern: str, group: str, *rest: Any) -> None:
        self.metric_filters = [
            f for f in self.metric_filters if (f["filterName"], f["logGroupName"]) != (name, group)
        ]
        add(self, name, pattern, group, *rest)

    return add_replacing


def composite_alarm_put(response: Any) -> None:
    """moto's CloudWatchResponse, answering PutCompositeAlarm with its PutMetricAlarm."""
    if not hasattr(response, "put_composite_alarm"):
        response.put_composite_alarm = response.put_metric_alarm


# PublishFunction's path, which moto's CloudFront routes not
FUNCTION_PUBLISH_PATH = "{0}/2020-05-31/function/(?P<function_name>[^/]+)/publish$"


def cloudfront_function_calls() -> dict[str, Callable[..., Any]]:
    """UpdateFunction and PublishFunction, as methods of moto's CloudFrontResponse."""
    from moto.cloudfront.models import random_id
    from moto.core.responses import ActionResult
    from moto.core.utils import utcnow

    def update_function(self: Any) -> object:
        function = self.backend.describe_function(self._get_param("Name"))
        function.config = self._get_param("FunctionConfig", {})
        function.code = self._get_param("FunctionCode")
        function.etag, function.status = random_id(), "UNPUBLISHED"
        function.last_modified_time = utcnow()
        return ActionResult({"FunctionSummary": function.function_summary, "ETag": function.etag})

    def publish_function(self: Any) -> object:
        function = self.backend.describe_function(self._get_param("Name"))
        function.status = "UNASSOCIATED"
        return ActionResult({"FunctionSummary": function.function_summary})

    return {"update_function": update_function, "publish_function": publish_function}


def base_path_mappings_of_any_domain(get: Callable[..., Any]) -> Callable[..., Any]:
    """moto's APIGatewayBackend.get_base_path_mappings, answering none for a domain that
    has no mapping (moto fails with a KeyError)."""

    def get_or_none(self: Any, domain_name: str) -> Any:
        if domain_name in self.domain_names and domain_name not in self.base_path_mappings:
            return []
        return get(self, domain_name)

    return get_or_none


def answer_base_path_mappings(setattr_: Callable[[Any, str, Any], object]) -> None:
    """Patch moto's get_base_path_mappings with `setattr_` (the builtin in the server,
    a test's monkeypatch.setattr in process)."""
    from moto.apigateway.models import APIGatewayBackend

    get = base_path_mappings_of_any_domain(APIGatewayBackend.get_base_path_mappings)
    setattr_(APIGatewayBackend, "get_base_path_mappings", get)


# ListResourcesForWebACL's ResourceType -> what the resource's ARN holds
WAF_RESOURCE_KINDS = {
    "APPLICATION_LOAD_BALANCER": ":elasticloadbalancing:",
    "API_GATEWAY": ":apigateway:",
    "APPSYNC": ":appsync:",
    "COGNITO_USER_POOL": ":cognito-idp:",
    "APP_RUNNER_SERVICE": ":apprunner:",
    "VERIFIED_ACCESS_INSTANCE": ":ec2:",
    "AMPLIFY": ":amplify:",
}


def wafv2_resources_listed(response: Any) -> None:
    """moto's WAFV2Response, answering ListResourcesForWebACL from the web ACL's record of
    the resources associated with it."""

    def list_resources_for_web_acl(self: Any) -> object:
        from moto.wafv2.exceptions import WAFNonexistentItemException

        body = json.loads(self.body)
        acl = self.wafv2_backend.wacls.get(body["WebACLArn"])
        if acl is None:
            raise WAFNonexistentItemException()
        part = WAF_RESOURCE_KINDS.get(body.get("ResourceType") or "APPLICATION_LOAD_BALANCER")
        arns = [arn for arn in acl.associated_resources if part and part in arn]
        headers = {"Content-Type": "application/json"}
        return 200, headers, json.dumps({"ResourceArns": arns})

    if not hasattr(response, "list_resources_for_web_acl"):
        response.list_resources_for_web_acl = list_resources_for_web_acl


def apigatewayv2_authorizers_listed(response: Any) -> None:
    """moto's ApiGatewayV2Response, answering GetAuthorizers with the API's authorizers."""

    def get_authorizers(self: Any) -> object:
        api_id = self.path.split("/")[-2]
        found = self.apigatewayv2_backend.get_api(api_id).authorizers.values()
        return 200, {}, json.dumps({"items": [a.to_json() for a in found]})

    if not hasattr(response, "get_authorizers"):
        response.get_authorizers = get_authorizers


def domain_filled(configs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A domain name's configurations with what AWS fills: status, target, hosted zone."""
    filled = {
        "domainNameStatus": "AVAILABLE",
        "apiGatewayDomainName": "d-moto.execute-api.us-east-1.amazonaws.com",
        "hostedZoneId": "Z1UJRXOUMOOFQ8",
    }
    return [{**filled, **config} for config in configs or [{}]]


def apigatewayv2_domain_updated(response: Any) -> None:
    """moto's ApiGatewayV2Response, answering UpdateDomainName."""

    def update_domain_name(self: Any) -> object:
        body = json.loads(self.body)
        domain = self.apigatewayv2_backend.get_domain_name(self.path.split("/")[-1])
        if "domainNameConfigurations" in body:
            domain.domain_name_configurations = domain_filled(body["domainNameConfigurations"])
        if "mutualTlsAuthentication" in body:
            domain.mutual_tls_authentication = body["mutualTlsAuthentication"]
        return 200, {}, json.dumps(domain.to_json())

    if not hasattr(response, "update_domain_name"):
        response.update_domain_name = update_domain_name


def attachment_created_tagged(create: Callable[..., Any]) -> Callable[..., Any]:
    """moto's CreateTransitGatewayVpcAttachment response, tagging the new attachment with
    its `transit-gateway-attachment` tag specification."""

    def create_tagged(self: Any) -> Any:
        result = create(self)
        tags = self._parse_tag_specification().get("transit-gateway-attachment", {})
        if tags:
            attachments = self.ec2_backend.transit_gateway_attachments
            list(attachments.values())[-1].add_tags(tags)
        return result

    return create_tagged


def backup_list_tags(self: Any) -> str:
    """moto's BackupResponse.list_tags, the ARN read with or without a trailing `/`."""
    from urllib.parse import unquote

    arn = unquote(self.path.rstrip("/").split("/tags/", 1)[-1])
    return json.dumps({"Tags": self.backup_backend.list_tags(resource_arn=arn)})


def backup_plan_update(self: Any) -> str:
    """UpdateBackupPlan for moto's BackupResponse: the plan's document replaced."""
    from moto.backup.exceptions import ResourceNotFoundException
    from moto.moto_api._internal import mock_random

    plan_id = self.path.rstrip("/").split("/plans/", 1)[-1]
    plan = self.backup_backend.plans.get(plan_id)
    if plan is None or plan.deletion_date is not None:
        raise ResourceNotFoundException(msg="Failed reading Backup plan with provided version")
    document = json.loads(self.body)["BackupPlan"]
    for rule in document["Rules"]:
        rule.setdefault("ScheduleExpression", "cron(0 5 ? * * *)")
        rule.setdefault("StartWindowMinutes", 480)
        rule.setdefault("CompletionWindowMinutes", 10080)
        rule.setdefault("ScheduleExpressionTimezone", "Etc/UTC")
        rule["RuleId"] = str(mock_random.uuid4())
    plan.backup_plan = document
    plan.advanced_backup_settings = document.get("AdvancedBackupSettings") or []
    plan.version_id = mock_random.get_random_string(length=48)
    return json.dumps(
        {"BackupPlanId": plan.backup_plan_id, "BackupPlanArn": plan.backup_plan_arn,
         "CreationDate": plan.creation_date, "VersionId": plan.version_id}
    )  # fmt: skip


def athena_work_group_update(self: Any) -> str:
    """UpdateWorkGroup for moto's AthenaResponse: description, state, configuration."""
    group = self.athena_backend.work_groups.get(self._get_param("WorkGroup"))
    if group is None:
        return json.dumps({"__type": "InvalidRequestException", "Message": "not found"}), {
            "status": 400
        }  # type: ignore[return-value]
    if self._get_param("Description") is not None:
        group.description = self._get_param("Description")
    if self._get_param("State"):
        group.state = self._get_param("State")
    updates = dict(self._get_param("ConfigurationUpdates") or {})
    config = group.configuration
    results = dict(updates.pop("ResultConfigurationUpdates", None) or {})
    for key, value in updates.items():
        if key.startswith("Remove"):
            config.pop(key[len("Remove") :], None)
        else:
            config[key] = value
    found = config.setdefault("ResultConfiguration", {})
    for key, value in results.items():
        if key.startswith("Remove"):
            found.pop(key[len("Remove") :], None)
        else:
            found[key] = value
    if not found:
        config.pop("ResultConfiguration")
    return "{}"


def athena_list_tags(self: Any) -> str:
    """ListTagsForResource for moto's AthenaResponse: a workgroup's tags by its name."""
    arn = str(self._get_param("ResourceARN"))
    group = self.athena_backend.work_groups.get(arn.rsplit("workgroup/", 1)[-1])
    if ":workgroup/" not in arn or group is None:
        return json.dumps({"__type": "InvalidRequestException", "Message": arn}), {"status": 400}  # type: ignore[return-value]
    found = self.athena_backend.tagger.list_tags_for_resource(group.arn)
    return json.dumps({"Tags": found.get("Tags", [])})


GLUE_JOB_FIELDS = {
    "Description": "description", "LogUri": "log_uri", "Role": "role",
    "ExecutionProperty": "execution_property", "Command": "command",
    "DefaultArguments": "default_arguments",
    "NonOverridableArguments": "non_overridable_arguments",
    "Connections": "connections", "MaxRetries": "max_retries", "Timeout": "timeout",
    "MaxCapacity": "max_capacity", "WorkerType": "worker_type",
    "NumberOfWorkers": "number_of_workers", "SecurityConfiguration": "security_configuration",
    "NotificationProperty": "notification_property", "GlueVersion": "glue_version",
    "ExecutionClass": "execution_class", "SourceControlDetails": "source_control_details",
}  # fmt: skip


def glue_job_update(self: Any) -> str:
    """UpdateJob for moto's GlueResponse: the job's definition replaced by the update."""
    name = self._get_param("JobName")
    job = self.glue_backend.get_job(name)
    update = self._get_param("JobUpdate") or {}
    for key, attr in GLUE_JOB_FIELDS.items():
        setattr(job, attr, update.get(key))
    job.execution_property = job.execution_property or {}
    job.default_arguments = job.default_arguments or {}
    job.execution_class = job.execution_class or "STANDARD"  # as moto's CreateJob
    return json.dumps({"JobName": name})


def fill() -> None:
    import hashlib

    from moto.apigateway.exceptions import DeploymentNotFoundException
    from moto.apigateway.models import RestAPI
    from moto.apigatewayv2.models import DomainName as ApiGatewayV2DomainName
    from moto.apigatewayv2.responses import ApiGatewayV2Response
    from moto.athena.responses import AthenaResponse
    from moto.backup.responses import BackupResponse
    from moto.cloudfront import urls as cloudfront_urls
    from moto.cloudfront.responses import CloudFrontResponse
    from moto.cloudwatch.responses import CloudWatchResponse
    from moto.core.serialize import AttributePicker
    from moto.ec2.responses.transit_gateway_attachments import TransitGatewayAttachment
    from moto.glue.responses import GlueResponse
    from moto.kinesis.responses import KinesisResponse
    from moto.logs.metric_filters import MetricFilters
    from moto.rds.models import DBInstance
    from moto.route53.responses import Route53
    from moto.stepfunctions.responses import StepFunctionResponse
    from moto.wafv2.responses import WAFV2Response

    composite_alarm_put(CloudWatchResponse)
    for name, call in cloudfront_function_calls().items():
        if not hasattr(CloudFrontResponse, name):
            setattr(CloudFrontResponse, name, call)
    cloudfront_urls.url_paths.setdefault(FUNCTION_PUBLISH_PATH, CloudFrontResponse.dispatch)
    answer_base_path_mappings(setattr)
    wafv2_resources_listed(WAFV2Response)
    apigatewayv2_authorizers_listed(ApiGatewayV2Response)
    apigatewayv2_domain_updated(ApiGatewayV2Response)
    init_domain = ApiGatewayV2DomainName.__init__

    def init_domain_filled(self: Any, **kwargs: Any) -> None:
        configs = kwargs.get("domain_name_configurations")
        init_domain(self, **{**kwargs, "domain_name_configurations": domain_filled(configs)})

    ApiGatewayV2DomainName.__init__ = init_domain_filled  # type: ignore[method-assign]
    tagged = attachment_created_tagged(
        TransitGatewayAttachment.create_transit_gateway_vpc_attachment
    )
    TransitGatewayAttachment.create_transit_gateway_vpc_attachment = tagged  # type: ignore[method-assign]
    AthenaResponse.update_work_group = athena_work_group_update  # type: ignore[attr-defined]
    AthenaResponse.list_tags_for_resource = athena_list_tags  # type: ignore[method-assign]
    GlueResponse.update_job = glue_job_update  # type: ignore[attr-defined]
    BackupResponse.list_tags = backup_list_tags  # type: ignore[method-assign]
    BackupResponse.update_backup_plan = backup_plan_update  # type: ignore[attr-defined]
    get_deployment = RestAPI.get_deployment

    def get_deployment_or_not_found(self: RestAPI, deployment_id: str) -> object:
        if deployment_id not in self.deployments:
            raise DeploymentNotFoundException()
        return get_deployment(self, deployment_id)

    RestAPI.get_deployment = get_deployment_or_not_found  # type: ignore[assignment,method-assign]

    create_stream = KinesisResponse.create_stream

    def create_stream_tagged(self: KinesisResponse) -> object:
        result = create_stream(self)
        tags = self._get_param("Tags")
        if tags:
            self.kinesis_backend.add_tags_to_stream(None, self._get_param("StreamName"), tags)
        return result

    KinesisResponse.create_stream = create_stream_tagged  # type: ignore[method-assign]

    replacing = metric_filter_put_replaces(MetricFilters.add_filter)
    MetricFilters.add_filter = replacing  # type: ignore[method-assign]

    pick = AttributePicker.__call__

    def pick_from_a_copy(self: AttributePicker, context: object) -> object:
        self.response_transformers = dict(self.response_transformers)
        return pick(self, context)  # type: ignore[arg-type]

    AttributePicker.__call__ = pick_from_a_copy  # type: ignore[method-assign]

    init_instance = DBInstance.__init__

    def init_instance_own_resource_id(self: DBInstance, *args: object, **kwargs: object) -> None:
        init_instance(self, *args, **kwargs)
        digest = hashlib.sha256(str(self.db_instance_identifier).encode()).hexdigest()
        self.dbi_resource_id = "db-" + digest[:26].upper()

    DBInstance.__init__ = init_instance_own_resource_id  # type: ignore[method-assign]

    create_hosted_zone = Route53.create_hosted_zone

    def create_hosted_zone_private_with_vpc(self: Route53) -> object:
        if self._get_param("VPC.VPCId"):
            read_bool = self._get_bool_param

            def private(name: str, if_none: object = None) -> object:
                return True if name == "HostedZoneConfig.PrivateZone" else read_bool(name, if_none)

            self._get_bool_param = private  # type: ignore[method-assign]
        return create_hosted_zone(self)

    Route53.create_hosted_zone = create_hosted_zone_private_with_vpc  # type: ignore[method-assign]

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
