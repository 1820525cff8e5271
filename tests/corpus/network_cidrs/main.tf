# Address planning with cidrsubnets, cidrhost and cidrnetmask.
variable "base" {
  default = "172.16.0.0/16"
}

locals {
  blocks = cidrsubnets(var.base, 4, 4, 8, 8, 2)
  names  = ["app", "data", "mgmt", "vpn", "spare"]
  plan   = zipmap(local.names, local.blocks)
}

resource "aws_subnet" "planned" {
  for_each   = local.plan
  vpc_id     = "vpc-0123456789abcdef0"
  cidr_block = each.value
  tags = {
    Name    = each.key
    Gateway = cidrhost(each.value, 1)
    Last    = cidrhost(each.value, -2)
    Netmask = cidrnetmask(each.value)
  }
}

resource "aws_network_acl_rule" "allow" {
  count          = 3
  network_acl_id = "acl-0123456789abcdef0"
  rule_number    = 100 + count.index * 10
  egress         = false
  protocol       = "tcp"
  rule_action    = "allow"
  cidr_block     = cidrsubnet(var.base, 8, count.index + 10)
  from_port      = 443
  to_port        = 443
}
