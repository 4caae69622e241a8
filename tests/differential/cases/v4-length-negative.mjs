// Behaviour: [issue 25] length(-1): no value has it, every test is refused (4.x)

export const main = {
    "namespace": "difftest",
    "name": "DiffTest",
    "description": "Differential harness fixture.",
    "version": "4.0.0",
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
                            "length(-1)"
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
                    "v": "b"
                },
                {
                    "_description": "test 3",
                    "v": "c"
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
