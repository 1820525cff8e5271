# IAM roles from a map of objects with optional() attributes.
variable "roles" {
  type = map(object({
    service              = string
    path                 = optional(string, "/service/")
    max_session_duration = optional(number, 3600)
    policies             = optional(list(string), [])
    tags                 = optional(map(string), {})
  }))
}

locals {
  attachments = flatten([
    for role, spec in var.roles : [
      for policy in spec.policies : { key = "${role}:${policy}", role = role, policy = policy }
    ]
  ])
}

resource "aws_iam_role" "this" {
  for_each             = var.roles
  name                 = "app-${each.key}"
  path                 = each.value.path
  max_session_duration = each.value.max_session_duration
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "${each.value.service}.amazonaws.com" }
    }]
  })
  tags = merge({ Role = each.key }, each.value.tags)
}

resource "aws_iam_role_policy_attachment" "this" {
  for_each   = { for a in local.attachments : a.key => a }
  role       = "app-${each.value.role}"
  policy_arn = "arn:aws:iam::aws:policy/${each.value.policy}"
}
