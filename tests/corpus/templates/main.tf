# Templates: templatefile with %{for}, heredocs with <<- indentation, strip markers.
variable "backends" {
  default = ["10.0.0.10", "10.0.0.11"]
}

locals {
  banner = <<-EOT
    Welcome to ${upper("acme")}
      indented line
    %{~ for b in var.backends }
    backend ${b}
    %{~ endfor }
  EOT
}

resource "aws_instance" "proxy" {
  ami           = "ami-0123456789abcdef0"
  instance_type = "t3.micro"
  user_data     = templatefile("${path.module}/proxy.tftpl", { port = 8080, backends = var.backends })
  tags = {
    Name   = "proxy"
    Banner = local.banner
  }
}

resource "aws_ssm_parameter" "config" {
  name  = "/proxy/config"
  type  = "String"
  value = <<EOT
listen ${8000 + 80}
%{ if length(var.backends) > 1 }mode balanced%{ else }mode single%{ endif }
EOT
}
