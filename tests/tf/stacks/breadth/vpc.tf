# A security group whose rules are declared only as separate resources: the new style
# (aws_vpc_security_group_ingress_rule/_egress_rule) mixed with aws_security_group_rule
resource "aws_vpc" "main" {
  cidr_block = "10.60.0.0/16"
  tags = {
    Name = "breadth-main"
  }
}

resource "aws_security_group" "web" {
  name        = "breadth-web"
  description = "web tier"
  vpc_id      = aws_vpc.main.id
  tags = {
    Name = "breadth-web"
  }
}

resource "aws_vpc_security_group_ingress_rule" "https" {
  security_group_id = aws_security_group.web.id
  description       = "https"
  ip_protocol       = "tcp"
  from_port         = 443
  to_port           = 443
  cidr_ipv4         = "10.0.0.0/8"
}

resource "aws_vpc_security_group_egress_rule" "all" {
  security_group_id = aws_security_group.web.id
  ip_protocol       = "-1"
  cidr_ipv4         = "0.0.0.0/0"
}

resource "aws_security_group_rule" "ssh" {
  type              = "ingress"
  security_group_id = aws_security_group.web.id
  protocol          = "tcp"
  from_port         = 22
  to_port           = 22
  cidr_blocks       = ["10.1.0.0/16"]
}
