# Kinesis: a provisioned stream; Step Functions: a state machine with its role
resource "aws_kinesis_stream" "clicks" {
  name             = "tfm-clicks"
  shard_count      = 1
  retention_period = 48
  tags = {
    Team = "web"
  }
}

resource "aws_iam_role" "flow" {
  name = "tfm-flow"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "states.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_sfn_state_machine" "flow" {
  name     = "tfm-flow"
  role_arn = aws_iam_role.flow.arn
  definition = jsonencode({
    StartAt = "Done"
    States = {
      Done = { Type = "Pass", End = true }
    }
  })
  tags = {
    Team = "jobs"
  }
}
