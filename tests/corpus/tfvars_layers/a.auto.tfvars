instance_type = "t3.medium"
