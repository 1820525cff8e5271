"""Sample attributes of the API Gateway REST API types of #26 (helper b-apigw):
type -> (id, live attrs, declared attrs), merged into tests/revert/samples.SAMPLES."""

from __future__ import annotations

from typing import Any

POLICY = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Allow", "Principal": "*", "Action": "execute-api:Invoke",
                   "Resource": "*"}],
}  # fmt: skip

SAMPLES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "aws_api_gateway_rest_api": (
        "a1b2c3d4e5",
        {
            "name": "shop",
            "description": "",
            "api_key_source": "HEADER",
            "binary_media_types": [],
            "disable_execute_api_endpoint": False,
            "endpoint_configuration": {"types": ["EDGE"], "vpc_endpoint_ids": []},
            "minimum_compression_size": "",
            "policy": None,
            "tags": {"team": "web"},
        },
        {
            "name": "shop-api",
            "description": "the shop",
            "api_key_source": "AUTHORIZER",
            "binary_media_types": ["image/png"],
            "disable_execute_api_endpoint": True,
            "endpoint_configuration": {"types": ["REGIONAL"], "vpc_endpoint_ids": []},
            "minimum_compression_size": "1024",
            "policy": POLICY,
            "tags": {"team": "shop"},
        },
    ),
    "aws_api_gateway_resource": (
        "r1s2t3",
        {"rest_api_id": "a1b2c3d4e5", "parent_id": "root01", "path_part": "items"},
        {"rest_api_id": "a1b2c3d4e5", "parent_id": "root01", "path_part": "products"},
    ),
    "aws_api_gateway_method": (
        "agm-a1b2c3d4e5-r1s2t3-GET",
        {
            "rest_api_id": "a1b2c3d4e5",
            "resource_id": "r1s2t3",
            "http_method": "GET",
            "authorization": "NONE",
            "authorizer_id": "",
            "authorization_scopes": [],
            "api_key_required": False,
            "operation_name": "",
            "request_models": {},
            "request_parameters": {"method.request.path.id": True},
            "request_validator_id": "",
        },
        {
            "rest_api_id": "a1b2c3d4e5",
            "resource_id": "r1s2t3",
            "http_method": "GET",
            "authorization": "COGNITO_USER_POOLS",
            "authorizer_id": "auth01",
            "authorization_scopes": ["shop/read"],
            "api_key_required": True,
            "operation_name": "getItem",
            "request_models": {"application/json": "Empty"},
            "request_parameters": {"method.request.header.x-id": False},
            "request_validator_id": "val01",
        },
    ),
}
