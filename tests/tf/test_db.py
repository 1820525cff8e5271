"""driftctl reports what `terraform plan -refresh-only` reports, for the database types
(#13): RDS subnet and parameter groups, a DB instance, an Aurora cluster and its cluster
parameter group, an ElastiCache
subnet group and cluster. terraform applies tests/tf/stacks/db to moto (moto answers
"available" at once, so no apply waits), driftctl finds no drift, then one change per
type is made with boto3 and each tool says what drifted (tests/tf/checks.py).

Where moto cannot show a change, the change here is a tag and the attribute is tested on
boto3-seeded moto in tests/resources/rds and tests/resources/elasticache:
ModifyDBSubnetGroup drops the group it modifies, ElastiCache has no ModifyCacheCluster or
ModifyCacheSubnetGroup, and DescribeDBParameters ignores Source=user (so the stack's
parameter group sets no parameter).
"""

from __future__ import annotations

from tests.tf.checks import StackChecks
from tests.tf.group import Group
from tests.tf.harness import Change

CHANGES = [
    Change(
        "aws_db_instance.main", "instance_class", "rds", "modify_db_instance",
        {"DBInstanceIdentifier": "db-main", "DBInstanceClass": "db.t3.small",
         "ApplyImmediately": True},
    ),
    Change(
        "aws_db_subnet_group.main", "tags.Owner", "rds", "add_tags_to_resource",
        {"ResourceName": "${self.arn}", "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_db_parameter_group.pg", "tags.Owner", "rds", "add_tags_to_resource",
        {"ResourceName": "${self.arn}", "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_rds_cluster_parameter_group.aurora", "tags.Owner", "rds", "add_tags_to_resource",
        {"ResourceName": "${self.arn}", "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_rds_cluster.aurora", "backup_retention_period", "rds", "modify_db_cluster",
        {"DBClusterIdentifier": "${self.id}", "BackupRetentionPeriod": 10,
         "ApplyImmediately": True},
    ),
    Change(
        "aws_elasticache_subnet_group.cache", "tags.Owner", "elasticache",
        "add_tags_to_resource",
        {"ResourceName": "${self.arn}", "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_elasticache_cluster.cache", "tags.Owner", "elasticache", "add_tags_to_resource",
        {"ResourceName": "${self.arn}", "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
]  # fmt: skip

GROUP = Group("db", CHANGES)


class TestDb(StackChecks):
    group = GROUP
