def handler(event, context):
    return "notified"
