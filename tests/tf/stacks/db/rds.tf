# A Postgres instance in its own subnet group, with its own parameter group. The group
# sets no parameter: moto's DescribeDBParameters ignores Source=user, and the provider
# then reads the group's parameters back differently on every refresh (see
# tests/resources/rds/test_db_parameter_group.py for parameters).
resource "aws_db_subnet_group" "main" {
  name        = "db-main"
  description = "Private subnets for the databases"
  subnet_ids  = [aws_subnet.a.id, aws_subnet.b.id]
  tags = {
    Team = "data"
  }
}

resource "aws_db_parameter_group" "pg" {
  name        = "db-pg16"
  family      = "postgres16"
  description = "Postgres 16 settings"
  tags = {
    Team = "data"
  }
}

# An Aurora cluster parameter group, with no parameter set as the instance group
resource "aws_rds_cluster_parameter_group" "aurora" {
  name        = "db-aurora15"
  family      = "aurora-postgresql15"
  description = "Aurora 15 settings"
  tags = {
    Team = "data"
  }
}

resource "aws_db_instance" "main" {
  identifier              = "db-main"
  engine                  = "postgres"
  engine_version          = "16.3"
  instance_class          = "db.t3.micro"
  allocated_storage       = 20
  username                = "app"
  password                = "not-a-real-password"
  db_subnet_group_name    = aws_db_subnet_group.main.name
  parameter_group_name    = aws_db_parameter_group.pg.name
  vpc_security_group_ids  = [aws_security_group.db.id]
  backup_retention_period = 7
  skip_final_snapshot     = true
  tags = {
    Team = "data"
  }
}

resource "aws_rds_cluster" "aurora" {
  cluster_identifier      = "db-aurora"
  engine                  = "aurora-postgresql"
  engine_version          = "15.4"
  master_username         = "app"
  master_password         = "not-a-real-password"
  db_subnet_group_name    = aws_db_subnet_group.main.name
  vpc_security_group_ids  = [aws_security_group.db.id]
  backup_retention_period = 3
  skip_final_snapshot     = true
  tags = {
    Team = "data"
  }
}
