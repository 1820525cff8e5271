# The organization (not compared yet) and two of its units, one nested in the other
resource "aws_organizations_organization" "main" {
  feature_set = "ALL"
}

resource "aws_organizations_organizational_unit" "workloads" {
  name      = "gov-workloads"
  parent_id = aws_organizations_organization.main.roots[0].id
  tags      = { Team = "platform" }
}

resource "aws_organizations_organizational_unit" "prod" {
  name      = "gov-prod"
  parent_id = aws_organizations_organizational_unit.workloads.id
}
