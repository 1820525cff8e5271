# EventBridge Scheduler: a schedule group of its own
resource "aws_scheduler_schedule_group" "nightly" {
  name = "srvless-nightly"
  tags = {
    team = "ops"
  }
}
