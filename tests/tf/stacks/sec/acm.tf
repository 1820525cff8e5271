# ACM: a DNS-validated certificate (requested; moto never issues it, as unvalidated AWS)
resource "aws_acm_certificate" "app" {
  domain_name               = "tfh.example.com"
  subject_alternative_names = ["www.tfh.example.com"]
  validation_method         = "DNS"
  tags = {
    Team = "app"
  }
}
