# A custom event bus with a dead-letter queue (its KMS key left to AWS)
resource "aws_sqs_queue" "bus_dlq" {
  name = "srvless-bus-dlq"
}

resource "aws_cloudwatch_event_bus" "orders" {
  name        = "srvless-orders"
  description = "orders placed"
  dead_letter_config {
    arn = aws_sqs_queue.bus_dlq.arn
  }
  tags = {
    team = "shop"
  }
}
