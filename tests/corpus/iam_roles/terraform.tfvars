roles = {
  api = {
    service  = "ecs-tasks"
    policies = ["AmazonS3ReadOnlyAccess", "CloudWatchLogsFullAccess"]
    tags     = { Team = "api" }
  }
  worker = {
    service              = "lambda"
    path                 = "/workers/"
    max_session_duration = 7200
  }
}
