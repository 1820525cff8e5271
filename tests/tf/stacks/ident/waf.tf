# A regional WAFv2 IP set
resource "aws_wafv2_ip_set" "office" {
  name               = "ident-office"
  description        = "the office"
  scope              = "REGIONAL"
  ip_address_version = "IPV4"
  addresses          = ["192.0.2.0/24", "198.51.100.7/32"]

  tags = {
    Team = "edge"
  }
}
