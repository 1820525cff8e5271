# Lambda functions from a map, with file hashes and environment maps.
variable "functions" {
  default = {
    resize = { memory = 512, timeout = 30, env = { BUCKET = "images" } }
    notify = { memory = 128, timeout = 5, env = {} }
  }
}

variable "log_level" {
  default = "info"
}

resource "aws_lambda_function" "fn" {
  for_each         = var.functions
  function_name    = "acme-${each.key}"
  role             = "arn:aws:iam::123456789012:role/lambda-${each.key}"
  handler          = "${each.key}.handler"
  runtime          = "python3.12"
  filename         = "${path.module}/src/${each.key}.zip"
  source_code_hash = filebase64sha256("${path.module}/src/${each.key}.py")
  memory_size      = each.value.memory
  timeout          = each.value.timeout
  environment {
    variables = merge({ LOG_LEVEL = upper(var.log_level) }, each.value.env)
  }
}
