// Behaviour: [issue 25] max(): NaN, ignored by zod

export const main = {
    "namespace": "difftest",
    "name": "DiffTest",
    "description": "Differential harness fixture.",
    "version": "3.0.0",
    "docs": [
        "https://example.com/docs"
    ],
    "tags": [],
    "root": "https://api.example.com",
    "requiredServerParams": [],
    "headers": {},
    "tools": {
        "getItems": {
            "method": "GET",
            "path": "/items",
            "description": "Fetch items.",
            "parameters": [
                {
                    "position": {
                        "key": "v",
                        "value": "{{USER_PARAM}}",
                        "location": "query"
                    },
                    "z": {
                        "primitive": "string()",
                        "options": [
                            "max()"
                        ]
                    }
                }
            ],
            "tests": [
                {
                    "_description": "test 1",
                    "v": "a"
                },
                {
                    "_description": "test 2",
                    "v": "bb"
                },
                {
                    "_description": "test 3",
                    "v": "ccc"
                }
            ],
            "output": {
                "mimeType": "application/json",
                "schema": {
                    "type": "object",
                    "properties": {}
                }
            }
        }
    }
}
