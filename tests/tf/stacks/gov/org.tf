# The organization (not compared yet) and two of its units, one nested in the other
resource "aws_organizations_organization" "main" {
  feature_set          = "ALL"
  enabled_policy_types = ["SERVICE_CONTROL_POLICY"]
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

# A service control policy (the organization enables the type)
resource "aws_organizations_policy" "stay" {
  name        = "gov-stay-in-org"
  description = "no account leaves the organization"
  content = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Deny", Action = "organizations:LeaveOrganization", Resource = "*" }]
  })
  tags = { Team = "security" }
  # the organization enables the policy type first: without it the two creates race, and
  # moto answers a CreatePolicy that wins with a 500 the provider retries
  depends_on = [aws_organizations_organization.main]
}

# The policy attached to the workloads unit
resource "aws_organizations_policy_attachment" "workloads" {
  policy_id = aws_organizations_policy.stay.id
  target_id = aws_organizations_organizational_unit.workloads.id
}
