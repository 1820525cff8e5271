def handler(event, context):
    return "resized"
