volume_size = "50"
