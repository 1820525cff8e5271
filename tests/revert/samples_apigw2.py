"""Sample attributes of the API Gateway v2 types of #26 (helper b-apigw2):
type -> (id, live attrs, declared attrs), merged into tests/revert/samples.SAMPLES."""

from __future__ import annotations

from typing import Any

CORS = {
    "allow_credentials": False,
    "allow_headers": ["content-type"],
    "allow_methods": ["GET"],
    "allow_origins": ["https://example.com"],
    "expose_headers": [],
    "max_age": 0,
}

SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_apigatewayv2_api": (
        "a1b2c3d4e5",
        {
            "name": "web",
            "protocol_type": "HTTP",
            "description": "",
            "api_key_selection_expression": "$request.header.x-api-key",
            "route_selection_expression": "$request.method $request.path",
            "disable_execute_api_endpoint": True,
            "version": "",
            "cors_configuration": CORS,
            "tags": {"Env": "prod", "Extra": "x"},
        },
        {
            "name": "web-api",
            "protocol_type": "HTTP",
            "description": "the web API",
            "api_key_selection_expression": "$request.header.x-api-key",
            "route_selection_expression": "$request.method $request.path",
            "disable_execute_api_endpoint": False,
            "version": "1",
            "cors_configuration": {**CORS, "allow_origins": ["*"], "max_age": 300},
            "tags": {"Env": "dev"},
        },
    ),
    "aws_apigatewayv2_route": (
        "r1s2t3u",
        {
            "api_id": "a1b2c3d4e5",
            "route_key": "GET /items",
            "target": "integrations/i1",
            "authorization_type": "NONE",
            "authorizer_id": "",
            "authorization_scopes": [],
            "api_key_required": False,
            "operation_name": "",
            "model_selection_expression": "",
            "route_response_selection_expression": "",
            "request_models": {},
        },
        {
            "api_id": "a1b2c3d4e5",
            "route_key": "GET /items/{id}",
            "target": "integrations/i2",
            "authorization_type": "JWT",
            "authorizer_id": "au1",
            "authorization_scopes": ["read"],
            "api_key_required": True,
            "operation_name": "GetItem",
            "model_selection_expression": "$request.body.action",
            "route_response_selection_expression": "$default",
            "request_models": {"$default": "Item"},
        },
    ),
}
