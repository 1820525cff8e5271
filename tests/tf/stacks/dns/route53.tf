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
