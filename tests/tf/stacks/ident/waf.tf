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

# A regional web ACL: the office's addresses blocked from /admin, AWS's bad-inputs rules
resource "aws_wafv2_web_acl" "edge" {
  name        = "ident-edge"
  description = "the edge"
  scope       = "REGIONAL"

  default_action {
    allow {}
  }

  rule {
    name     = "office-admin"
    priority = 1
    action {
      block {}
    }
    statement {
      and_statement {
        statement {
          ip_set_reference_statement {
            arn = aws_wafv2_ip_set.office.arn
          }
        }
        statement {
          byte_match_statement {
            search_string         = "/admin"
            positional_constraint = "STARTS_WITH"
            field_to_match {
              uri_path {}
            }
            text_transformation {
              priority = 0
              type     = "LOWERCASE"
            }
          }
        }
      }
    }
    visibility_config {
      cloudwatch_metrics_enabled = false
      metric_name                = "office-admin"
      sampled_requests_enabled   = false
    }
  }

  rule {
    name     = "bad-inputs"
    priority = 2
    override_action {
      none {}
    }
    statement {
      managed_rule_group_statement {
        name        = "AWSManagedRulesKnownBadInputsRuleSet"
        vendor_name = "AWS"
      }
    }
    visibility_config {
      cloudwatch_metrics_enabled = false
      metric_name                = "bad-inputs"
      sampled_requests_enabled   = false
    }
  }

  visibility_config {
    cloudwatch_metrics_enabled = false
    metric_name                = "ident-edge"
    sampled_requests_enabled   = false
  }

  tags = {
    Team = "edge"
  }
}

# A regional rule group: requests to /admin blocked
resource "aws_wafv2_rule_group" "shared" {
  name        = "ident-shared"
  description = "shared rules"
  scope       = "REGIONAL"
  capacity    = 10

  rule {
    name     = "admin"
    priority = 1
    action {
      block {}
    }
    statement {
      byte_match_statement {
        search_string         = "/admin"
        positional_constraint = "STARTS_WITH"
        field_to_match {
          uri_path {}
        }
        text_transformation {
          priority = 0
          type     = "LOWERCASE"
        }
      }
    }
    visibility_config {
      cloudwatch_metrics_enabled = false
      metric_name                = "admin"
      sampled_requests_enabled   = false
    }
  }

  visibility_config {
    cloudwatch_metrics_enabled = false
    metric_name                = "ident-shared"
    sampled_requests_enabled   = false
  }

  tags = {
    Team = "edge"
  }
}

# The user pool's sign-in protected by the edge web ACL
resource "aws_wafv2_web_acl_association" "users" {
  web_acl_arn  = aws_wafv2_web_acl.edge.arn
  resource_arn = aws_cognito_user_pool.users.arn
}
