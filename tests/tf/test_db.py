"""driftctl reports what `terraform plan -refresh-only` reports, for the database types."""

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
        "aws_rds_cluster.aurora", "backup_retention_period", "rds", "modify_db_cluster",
        {"DBClusterIdentifier": "${self.id}", "BackupRetentionPeriod": 10,
         "ApplyImmediately": True},
    ),
]  # fmt: skip

UNCOMPARED = {
    t: "not compared yet (b-db)"
    for t in (
        "aws_elasticache_subnet_group", "aws_elasticache_cluster",
    )
}  # fmt: skip

GROUP = Group("db", CHANGES, uncompared=UNCOMPARED)


class TestDb(StackChecks):
    group = GROUP
