# The ACM DNS-validation pattern of the aws_acm_certificate_validation docs: the
# validation records' for_each is built from domain_validation_options, known only after
# apply (moto issues the certificate once it is 60 s old: the validation waits that long)
resource "aws_route53_zone" "main" {
  name = "pat.example"
  tags = {
    Team = "web"
  }
}

resource "aws_acm_certificate" "site" {
  domain_name               = "pat.example"
  subject_alternative_names = ["www.pat.example"]
  validation_method         = "DNS"
  tags = {
    Team = "web"
  }
  lifecycle {
    create_before_destroy = true
  }
}

resource "aws_route53_record" "validation" {
  for_each = {
    for dvo in aws_acm_certificate.site.domain_validation_options : dvo.domain_name => {
      name   = dvo.resource_record_name
      record = dvo.resource_record_value
      type   = dvo.resource_record_type
    }
  }

  allow_overwrite = true
  name            = each.value.name
  records         = [each.value.record]
  ttl             = 60
  type            = each.value.type
  zone_id         = aws_route53_zone.main.zone_id
}

resource "aws_acm_certificate_validation" "site" {
  certificate_arn         = aws_acm_certificate.site.arn
  validation_record_fqdns = [for record in aws_route53_record.validation : record.fqdn]
}
