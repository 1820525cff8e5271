"""The explicit registry of resource types. Built here, nowhere else.

`MODULES` lists every type module; `FAMILIES` are their records, and everything else
below is derived from them by plain comprehensions (no import-time registration, no
metaclasses). Adding a type is one module under driftctl/resources/<service>/ and one
line here (a test checks that every module there is listed).

The list's order is the order a revert creates types in when nothing else orders them:
`ORDER` puts every type after its parent and the types it names in `after`, and keeps
this list's order among the rest. Deletes run in the reverse order.
"""

from __future__ import annotations

from types import ModuleType

from driftctl.base.family import (
    AckKind,
    CfnType,
    CrossplaneKind,
    Family,
    ReadAttrs,
    ReadOne,
    SnykIds,
)
from driftctl.base.revert import RevertSpec
from driftctl.base.spec import Fold, ResourceType, ScanSpec
from driftctl.resources.acm import certificate as acm_certificate
from driftctl.resources.apigateway import authorizer as apigateway_authorizer
from driftctl.resources.apigateway import base_path_mapping as apigateway_base_path_mapping
from driftctl.resources.apigateway import deployment as apigateway_deployment
from driftctl.resources.apigateway import domain_name as apigateway_domain_name
from driftctl.resources.apigateway import integration as apigateway_integration
from driftctl.resources.apigateway import method as apigateway_method
from driftctl.resources.apigateway import resource as apigateway_resource
from driftctl.resources.apigateway import rest_api as apigateway_rest_api
from driftctl.resources.apigateway import stage as apigateway_stage
from driftctl.resources.apigateway import usage_plan as apigateway_usage_plan
from driftctl.resources.apigatewayv2 import api as apigatewayv2_api
from driftctl.resources.apigatewayv2 import api_mapping as apigatewayv2_api_mapping
from driftctl.resources.apigatewayv2 import authorizer as apigatewayv2_authorizer
from driftctl.resources.apigatewayv2 import domain_name as apigatewayv2_domain_name
from driftctl.resources.apigatewayv2 import integration as apigatewayv2_integration
from driftctl.resources.apigatewayv2 import route as apigatewayv2_route
from driftctl.resources.apigatewayv2 import stage as apigatewayv2_stage
from driftctl.resources.athena import workgroup as athena_workgroup
from driftctl.resources.autoscaling import group as autoscaling_group
from driftctl.resources.autoscaling import lifecycle_hook as autoscaling_lifecycle_hook
from driftctl.resources.autoscaling import policy as autoscaling_policy
from driftctl.resources.awslambda import alias as lambda_alias
from driftctl.resources.awslambda import event_source_mapping as lambda_event_source_mapping
from driftctl.resources.awslambda import function as lambda_function
from driftctl.resources.awslambda import layer_version as lambda_layer_version
from driftctl.resources.awslambda import permission as lambda_permission
from driftctl.resources.backup import plan as backup_plan
from driftctl.resources.backup import vault as backup_vault
from driftctl.resources.cloudfront import distribution as cloudfront_distribution
from driftctl.resources.cloudfront import function as cloudfront_function
from driftctl.resources.cloudfront import (
    origin_access_control as cloudfront_origin_access_control,
)
from driftctl.resources.cloudtrail import trail as cloudtrail_trail
from driftctl.resources.cloudwatch import composite_alarm as cloudwatch_composite_alarm
from driftctl.resources.cloudwatch import dashboard as cloudwatch_dashboard
from driftctl.resources.cloudwatch import metric_alarm as cloudwatch_metric_alarm
from driftctl.resources.cognito import identity_pool as cognito_identity_pool
from driftctl.resources.cognito import user_pool as cognito_user_pool
from driftctl.resources.cognito import user_pool_client as cognito_user_pool_client
from driftctl.resources.cognito import user_pool_domain as cognito_user_pool_domain
from driftctl.resources.config import config_rule as config_config_rule
from driftctl.resources.config import configuration_recorder as config_configuration_recorder
from driftctl.resources.dynamodb import table as dynamodb_table
from driftctl.resources.ec2 import customer_gateway as ec2_customer_gateway
from driftctl.resources.ec2 import dhcp_options as ec2_dhcp_options
from driftctl.resources.ec2 import dhcp_options_association as ec2_dhcp_options_association
from driftctl.resources.ec2 import ebs_volume as ec2_ebs_volume
from driftctl.resources.ec2 import egress_only_internet_gateway as ec2_egress_only_internet_gateway
from driftctl.resources.ec2 import eip as ec2_eip
from driftctl.resources.ec2 import flow_log as ec2_flow_log
from driftctl.resources.ec2 import instance as ec2_instance
from driftctl.resources.ec2 import internet_gateway as ec2_internet_gateway
from driftctl.resources.ec2 import key_pair as ec2_key_pair
from driftctl.resources.ec2 import launch_template as ec2_launch_template
from driftctl.resources.ec2 import managed_prefix_list as ec2_managed_prefix_list
from driftctl.resources.ec2 import nat_gateway as ec2_nat_gateway
from driftctl.resources.ec2 import network_acl as ec2_network_acl
from driftctl.resources.ec2 import route_table as ec2_route_table
from driftctl.resources.ec2 import route_table_association as ec2_route_table_association
from driftctl.resources.ec2 import security_group, security_group_rule, subnet, vpc
from driftctl.resources.ec2 import transit_gateway as ec2_transit_gateway
from driftctl.resources.ec2 import (
    transit_gateway_vpc_attachment as ec2_transit_gateway_vpc_attachment,
)
from driftctl.resources.ec2 import volume_attachment as ec2_volume_attachment
from driftctl.resources.ec2 import vpc_endpoint as ec2_vpc_endpoint
from driftctl.resources.ec2 import vpc_peering_connection as ec2_vpc_peering_connection
from driftctl.resources.ec2 import vpn_gateway as ec2_vpn_gateway
from driftctl.resources.ecr import lifecycle_policy as ecr_lifecycle_policy
from driftctl.resources.ecr import repository as ecr_repository
from driftctl.resources.ecs import cluster as ecs_cluster
from driftctl.resources.ecs import service as ecs_service
from driftctl.resources.ecs import task_definition as ecs_task_definition
from driftctl.resources.efs import file_system as efs_file_system
from driftctl.resources.eks import cluster as eks_cluster
from driftctl.resources.eks import node_group as eks_node_group
from driftctl.resources.elasticache import cluster as elasticache_cluster
from driftctl.resources.elasticache import subnet_group as elasticache_subnet_group
from driftctl.resources.elbv2 import lb as elbv2_lb
from driftctl.resources.elbv2 import listener as elbv2_listener
from driftctl.resources.elbv2 import listener_rule as elbv2_listener_rule
from driftctl.resources.elbv2 import target_group as elbv2_target_group
from driftctl.resources.events import bus as events_bus
from driftctl.resources.events import rule as events_rule
from driftctl.resources.events import target as events_target
from driftctl.resources.glue import catalog_database as glue_catalog_database
from driftctl.resources.glue import job as glue_job
from driftctl.resources.guardduty import detector as guardduty_detector
from driftctl.resources.iam import access_key as iam_access_key
from driftctl.resources.iam import account_password_policy as iam_account_password_policy
from driftctl.resources.iam import group as iam_group
from driftctl.resources.iam import group_policy as iam_group_policy
from driftctl.resources.iam import group_policy_attachment as iam_group_policy_attachment
from driftctl.resources.iam import instance_profile as iam_instance_profile
from driftctl.resources.iam import openid_connect_provider as iam_openid_connect_provider
from driftctl.resources.iam import policy, role, role_policy, role_policy_attachment, user
from driftctl.resources.iam import saml_provider as iam_saml_provider
from driftctl.resources.iam import service_linked_role as iam_service_linked_role
from driftctl.resources.iam import user_group_membership as iam_user_group_membership
from driftctl.resources.iam import user_policy as iam_user_policy
from driftctl.resources.iam import user_policy_attachment as iam_user_policy_attachment
from driftctl.resources.kinesis import stream as kinesis_stream
from driftctl.resources.kms import alias as kms_alias
from driftctl.resources.kms import key as kms_key
from driftctl.resources.logs import log_group as logs_log_group
from driftctl.resources.logs import metric_filter as logs_metric_filter
from driftctl.resources.logs import subscription_filter as logs_subscription_filter
from driftctl.resources.organizations import organizational_unit as organizations_unit
from driftctl.resources.organizations import policy as organizations_policy
from driftctl.resources.organizations import policy_attachment as organizations_policy_attachment
from driftctl.resources.rds import cluster as rds_cluster
from driftctl.resources.rds import cluster_parameter_group as rds_cluster_parameter_group
from driftctl.resources.rds import db_instance as rds_db_instance
from driftctl.resources.rds import db_parameter_group as rds_db_parameter_group
from driftctl.resources.rds import db_subnet_group as rds_db_subnet_group
from driftctl.resources.route53 import health_check as route53_health_check
from driftctl.resources.route53 import record as route53_record
from driftctl.resources.route53 import zone as route53_zone
from driftctl.resources.s3 import (
    bucket,
    bucket_accelerate_configuration,
    bucket_acl,
    bucket_cors_configuration,
    bucket_encryption,
    bucket_object_lock_configuration,
    bucket_ownership_controls,
    bucket_policy,
    bucket_public_access_block,
    bucket_replication_configuration,
    bucket_versioning,
    bucket_website_configuration,
)
from driftctl.resources.s3 import bucket_lifecycle as s3_bucket_lifecycle
from driftctl.resources.s3 import bucket_logging as s3_bucket_logging
from driftctl.resources.s3 import bucket_notification as s3_bucket_notification
from driftctl.resources.scheduler import schedule as scheduler_schedule
from driftctl.resources.scheduler import schedule_group as scheduler_schedule_group
from driftctl.resources.secretsmanager import secret as secretsmanager_secret
from driftctl.resources.secretsmanager import secret_rotation as secretsmanager_secret_rotation
from driftctl.resources.ses import domain_identity as ses_domain_identity
from driftctl.resources.sfn import state_machine as sfn_state_machine
from driftctl.resources.sns import topic as sns_topic
from driftctl.resources.sns import topic_policy as sns_topic_policy
from driftctl.resources.sns import topic_subscription as sns_topic_subscription
from driftctl.resources.sqs import queue as sqs_queue
from driftctl.resources.sqs import queue_policy as sqs_queue_policy
from driftctl.resources.ssm import document as ssm_document
from driftctl.resources.ssm import parameter as ssm_parameter
from driftctl.resources.wafv2 import ip_set as wafv2_ip_set
from driftctl.resources.wafv2 import rule_group as wafv2_rule_group
from driftctl.resources.wafv2 import web_acl as wafv2_web_acl
from driftctl.resources.wafv2 import web_acl_association as wafv2_web_acl_association

MODULES: tuple[ModuleType, ...] = (
    vpc,
    subnet,
    security_group,
    security_group_rule,
    bucket,
    bucket_versioning,
    bucket_encryption,
    bucket_public_access_block,
    bucket_policy,
    s3_bucket_lifecycle,
    s3_bucket_logging,
    s3_bucket_notification,
    bucket_ownership_controls,
    bucket_acl,
    bucket_cors_configuration,
    bucket_website_configuration,
    bucket_accelerate_configuration,
    bucket_object_lock_configuration,
    bucket_replication_configuration,
    policy,
    user,
    role,
    role_policy,
    role_policy_attachment,
    iam_account_password_policy,
    ec2_internet_gateway,
    ec2_route_table,
    ec2_route_table_association,
    ec2_eip,
    ec2_nat_gateway,
    ec2_network_acl,
    ec2_vpc_endpoint,
    ec2_egress_only_internet_gateway,
    ec2_customer_gateway,
    ec2_vpn_gateway,
    ec2_dhcp_options,
    ec2_dhcp_options_association,
    ec2_managed_prefix_list,
    ec2_flow_log,
    ec2_vpc_peering_connection,
    ec2_transit_gateway,
    ec2_transit_gateway_vpc_attachment,
    ec2_key_pair,
    ec2_ebs_volume,
    ec2_instance,
    kms_key,
    kms_alias,
    secretsmanager_secret,
    secretsmanager_secret_rotation,
    ssm_parameter,
    ssm_document,
    ses_domain_identity,
    logs_log_group,
    logs_metric_filter,
    logs_subscription_filter,
    cloudwatch_metric_alarm,
    cloudwatch_dashboard,
    cloudwatch_composite_alarm,
    events_bus,
    apigatewayv2_api,
    apigatewayv2_route,
    apigatewayv2_integration,
    apigatewayv2_stage,
    apigatewayv2_authorizer,
    apigatewayv2_domain_name,
    apigatewayv2_api_mapping,
    cloudtrail_trail,
    guardduty_detector,
    config_configuration_recorder,
    config_config_rule,
    iam_saml_provider,
    iam_service_linked_role,
    organizations_unit,
    organizations_policy,
    organizations_policy_attachment,
    events_rule,
    events_target,
    scheduler_schedule_group,
    scheduler_schedule,
    ecr_repository,
    ecr_lifecycle_policy,
    acm_certificate,
    sqs_queue,
    sqs_queue_policy,
    sns_topic,
    sns_topic_policy,
    sns_topic_subscription,
    dynamodb_table,
    lambda_function,
    lambda_permission,
    lambda_alias,
    lambda_layer_version,
    kinesis_stream,
    sfn_state_machine,
    apigateway_rest_api,
    apigateway_resource,
    apigateway_method,
    apigateway_integration,
    apigateway_deployment,
    apigateway_stage,
    apigateway_authorizer,
    apigateway_usage_plan,
    apigateway_domain_name,
    apigateway_base_path_mapping,
    lambda_event_source_mapping,
    rds_db_subnet_group,
    rds_db_parameter_group,
    rds_cluster_parameter_group,
    rds_db_instance,
    rds_cluster,
    elasticache_subnet_group,
    elasticache_cluster,
    elbv2_target_group,
    elbv2_lb,
    elbv2_listener,
    elbv2_listener_rule,
    ec2_launch_template,
    autoscaling_group,
    autoscaling_policy,
    autoscaling_lifecycle_hook,
    ec2_volume_attachment,
    iam_group,
    iam_group_policy_attachment,
    iam_group_policy,
    iam_user_policy,
    iam_user_policy_attachment,
    iam_user_group_membership,
    iam_instance_profile,
    iam_openid_connect_provider,
    iam_access_key,
    route53_zone,
    route53_record,
    route53_health_check,
    efs_file_system,
    ecs_cluster,
    ecs_task_definition,
    ecs_service,
    eks_cluster,
    eks_node_group,
    backup_vault,
    backup_plan,
    athena_workgroup,
    glue_catalog_database,
    glue_job,
    cloudfront_distribution,
    cloudfront_origin_access_control,
    cloudfront_function,
    wafv2_ip_set,
    wafv2_web_acl,
    wafv2_rule_group,
    wafv2_web_acl_association,
    cognito_user_pool,
    cognito_user_pool_domain,
    cognito_user_pool_client,
    cognito_identity_pool,
)


def _family(module: ModuleType) -> Family:
    family = getattr(module, "FAMILY", None)
    if not isinstance(family, Family):
        raise TypeError(f"{module.__name__} has no FAMILY record")
    return family


FAMILIES: tuple[Family, ...] = tuple(_family(m) for m in MODULES)

TYPES: dict[str, ResourceType] = {t.name: t for f in FAMILIES for t in f.types}
SCANS: dict[str, ScanSpec] = {s.name: s for f in FAMILIES for s in f.scans}
REVERTS: dict[str, RevertSpec] = {r.type: r for f in FAMILIES for r in f.reverts}
READERS: dict[str, ReadOne] = {scan: read for f in FAMILIES for scan, read in f.readers.items()}
ATTR_READERS: dict[str, ReadAttrs] = {
    scan: read for f in FAMILIES for scan, read in f.attr_readers.items()
}

# Terraform type -> (canonical type, converter); folds -> (owning type, Fold)
CONVERTERS = {tf: (t, conv) for t in TYPES.values() for tf, conv in t.from_terraform.items()}
FOLDS: dict[str, tuple[ResourceType, Fold]] = {
    tf: (t, fold) for t in TYPES.values() for tf, fold in t.folds.items()
}

# the declared formats: CloudFormation type, (service, kind) of Crossplane and ACK
CFN_TYPES: dict[str, CfnType] = {c.name: c for f in FAMILIES for c in f.cfn}
CROSSPLANE_KINDS: dict[tuple[str, str], CrossplaneKind] = {
    (k.service, k.kind): k for f in FAMILIES for k in f.crossplane
}
ACK_KINDS: dict[tuple[str, str], AckKind] = {
    (k.service, k.kind): k for f in FAMILIES for k in f.ack
}


# snyk driftctl's id spaces, by the type its lines name (sorted)
SNYK_IDS: tuple[SnykIds, ...] = tuple(
    sorted((s for f in FAMILIES for s in f.snyk), key=lambda s: s.type)
)


def terraform_types() -> list[str]:
    """Every Terraform type driftctl reads (canonical types plus folded and split ones)."""
    return sorted({*CONVERTERS, *FOLDS})


def _creation_order() -> tuple[str, ...]:
    """Every type after its parent and its `after` types; otherwise in FAMILIES order."""
    listed = list(TYPES)
    needs = {
        name: {d for d in (*t.after, *(t.parent[:1] if t.parent else ())) if d in TYPES}
        for name, t in TYPES.items()
    }
    out: list[str] = []
    while len(out) < len(listed):
        ready = next((n for n in listed if n not in out and needs[n] <= set(out)), None)
        if ready is None:
            cycle = sorted(n for n in listed if n not in out)
            raise RuntimeError(f"resource types wait on each other: {', '.join(cycle)}")
        out.append(ready)
    return tuple(out)


ORDER: tuple[str, ...] = _creation_order()


def rank(rtype: str) -> int:
    """Where a type is created in a revert plan (deletes run in the reverse order)."""
    return ORDER.index(rtype) if rtype in ORDER else len(ORDER)
