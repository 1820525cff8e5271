name          = "from-tfvars"
instance_type = "t3.small"
volume_size   = 20
