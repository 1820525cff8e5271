# A CloudFront distribution in front of a custom origin
resource "aws_cloudfront_distribution" "site" {
  enabled             = true
  comment             = "cdn-site"
  price_class         = "PriceClass_100"
  default_root_object = "index.html"

  origin {
    origin_id   = "cdn-origin"
    domain_name = "origin.example.com"
    origin_path = "/static"
    custom_origin_config {
      http_port              = 80
      https_port             = 443
      origin_protocol_policy = "https-only"
      origin_ssl_protocols   = ["TLSv1.2"]
    }
  }

  default_cache_behavior {
    target_origin_id       = "cdn-origin"
    viewer_protocol_policy = "redirect-to-https"
    allowed_methods        = ["GET", "HEAD"]
    cached_methods         = ["GET", "HEAD"]
    compress               = true
    forwarded_values {
      query_string = false
      cookies {
        forward = "none"
      }
    }
  }

  restrictions {
    geo_restriction {
      restriction_type = "none"
    }
  }

  viewer_certificate {
    cloudfront_default_certificate = true
  }

  tags = {
    Team = "web"
  }
}

# An origin access control for an S3 origin
resource "aws_cloudfront_origin_access_control" "site" {
  name                              = "cdn-site"
  origin_access_control_origin_type = "s3"
  signing_behavior                  = "always"
  signing_protocol                  = "sigv4"
}

# A CloudFront function (published, the provider's default)
resource "aws_cloudfront_function" "rewrite" {
  name    = "cdn-rewrite"
  runtime = "cloudfront-js-2.0"
  comment = "rewrite index"
  code    = <<-EOT
    function handler(event) {
      return event.request;
    }
  EOT
}
