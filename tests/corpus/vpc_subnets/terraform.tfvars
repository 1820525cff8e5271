name = "core"
