# Security groups with dynamic ingress rules built from a map of services.
variable "vpc_id" {
  default = "vpc-0a1b2c3d4e5f67890"
}

variable "services" {
  default = {
    web = { ports = [80, 443], cidrs = ["0.0.0.0/0"] }
    ssh = { ports = [22], cidrs = ["10.0.0.0/8", "192.168.0.0/16"] }
    db  = { ports = [5432], cidrs = ["10.0.1.0/24"] }
  }
}

locals {
  rules = {
    for name, svc in var.services : name => [
      for port in svc.ports : { port = port, cidrs = svc.cidrs, description = "${name} on ${port}" }
    ]
  }
}

resource "aws_security_group" "svc" {
  for_each    = local.rules
  name        = "sg-${each.key}"
  description = "Allow ${each.key}"
  vpc_id      = var.vpc_id

  dynamic "ingress" {
    for_each = each.value
    iterator = rule
    content {
      description = rule.value.description
      from_port   = rule.value.port
      to_port     = rule.value.port
      protocol    = "tcp"
      cidr_blocks = rule.value.cidrs
    }
  }

  tags = { Service = each.key }
}
