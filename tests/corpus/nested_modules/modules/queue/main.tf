variable "name" {
  type = string
}

variable "fifo" {
  type    = bool
  default = false
}

variable "tags" {
  type    = map(string)
  default = {}
}

resource "aws_sqs_queue" "this" {
  name                       = var.fifo ? "${var.name}.fifo" : var.name
  fifo_queue                 = var.fifo
  visibility_timeout_seconds = var.fifo ? 120 : 30
  message_retention_seconds  = 345600
  tags                       = var.tags
}

output "name" {
  value = aws_sqs_queue.this.name
}
