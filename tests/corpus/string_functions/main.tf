# String manipulation: format, formatlist, replace (regex), regex, split/join, trims, case.
variable "service" {
  default = "  Billing_API v2  "
}

locals {
  clean = lower(replace(trimspace(var.service), "/[^A-Za-z0-9]+/", "-"))
  parts = split("-", local.clean)
  ver   = regex("v(\\d+)$", trimspace(var.service))[0]
}

resource "aws_cloudwatch_log_group" "svc" {
  name              = "/services/${local.clean}"
  retention_in_days = tonumber(local.ver) * 7
  tags = {
    Title    = title(join(" ", local.parts))
    Short    = substr(local.clean, 0, 7)
    Upper    = upper(trimsuffix(local.clean, "-v2"))
    Padded   = format("%-10s|%5.1f|%03d", "svc", 3.14159, 7)
    Hosts    = join(",", formatlist("%s.internal:%d", ["a", "b"], 443))
    Reversed = strrev("abc")
    Chomped  = chomp("line\n\n")
    Indented = indent(2, "a\nb")
    HasApi   = tostring(strcontains(local.clean, "api"))
  }
}
