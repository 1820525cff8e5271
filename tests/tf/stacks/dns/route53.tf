# Route53: a public zone and its record sets (plain, TXT, alias, weighted); the zone's
# apex NS and SOA are AWS's own
resource "aws_route53_zone" "main" {
  name = "dns-tf.example"
  tags = {
    Team = "dns"
  }
}

resource "aws_route53_record" "www" {
  zone_id = aws_route53_zone.main.zone_id
  name    = "www.dns-tf.example"
  type    = "A"
  ttl     = 300
  records = ["10.70.0.1", "10.70.0.2"]
}

resource "aws_route53_record" "spf" {
  zone_id = aws_route53_zone.main.zone_id
  name    = "dns-tf.example"
  type    = "TXT"
  ttl     = 60
  records = ["v=spf1 -all"]
}

resource "aws_route53_record" "api" {
  zone_id = aws_route53_zone.main.zone_id
  name    = "api.dns-tf.example"
  type    = "A"
  alias {
    name                   = aws_route53_record.www.fqdn
    zone_id                = aws_route53_zone.main.zone_id
    evaluate_target_health = false
  }
}

resource "aws_route53_record" "blue" {
  zone_id        = aws_route53_zone.main.zone_id
  name           = "app.dns-tf.example"
  type           = "CNAME"
  ttl            = 60
  set_identifier = "blue"
  records        = ["blue.dns-tf.example"]
  weighted_routing_policy {
    weight = 10
  }
}

resource "aws_route53_record" "old" {
  zone_id = aws_route53_zone.main.zone_id
  name    = "old.dns-tf.example"
  type    = "A"
  ttl     = 300
  records = ["10.70.0.9"]
}

# a private zone of two VPCs (moto needs tests/tf/moto_gaps.py to make it private)
resource "aws_vpc" "a" {
  cidr_block = "10.71.0.0/16"
  tags = {
    Name = "dns-a"
  }
}

resource "aws_vpc" "b" {
  cidr_block = "10.72.0.0/16"
  tags = {
    Name = "dns-b"
  }
}

resource "aws_vpc" "c" {
  cidr_block = "10.73.0.0/16"
  tags = {
    Name = "dns-c"
  }
}

resource "aws_route53_zone" "internal" {
  name    = "dns-internal.example"
  comment = "internal names"
  vpc {
    vpc_id = aws_vpc.a.id
  }
  vpc {
    vpc_id = aws_vpc.b.id
  }
}

# a health check of the site's HTTPS endpoint
resource "aws_route53_health_check" "www" {
  type              = "HTTPS"
  fqdn              = "www.dns-tf.example"
  port              = 443
  resource_path     = "/health"
  failure_threshold = 3
  request_interval  = 30
  tags = {
    Name = "dns-www"
  }
}
