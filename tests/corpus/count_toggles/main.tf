# Resources switched on and off with count, and lists indexed with count.index.
variable "enable_alarms" {
  default = true
}

variable "queues" {
  default = ["orders", "payments", "refunds"]
}

resource "aws_sqs_queue" "q" {
  count                     = length(var.queues)
  name                      = "svc-${element(var.queues, count.index)}"
  delay_seconds             = count.index * 5
  max_message_size          = 262144
  receive_wait_time_seconds = min(20, 10 + count.index * 5)
}

resource "aws_cloudwatch_metric_alarm" "depth" {
  count               = var.enable_alarms ? length(var.queues) : 0
  alarm_name          = format("%s-depth-%02d", var.queues[count.index], count.index)
  comparison_operator = "GreaterThanThreshold"
  evaluation_periods  = 2
  threshold           = 100 * (count.index + 1)
  dimensions = {
    QueueName = "svc-${var.queues[count.index]}"
  }
}

resource "aws_sns_topic" "disabled" {
  count = var.enable_alarms ? 0 : 1
  name  = "never"
}
