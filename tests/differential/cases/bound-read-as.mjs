// Behaviour: [issue 25] max(10abc): parseFloat reads max(10) (the third test, 11, is refused)

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
                        "primitive": "number()",
                        "options": [
                            "max(10abc)"
                        ]
                    }
                }
            ],
            "tests": [
                {
                    "_description": "test 1",
                    "v": 1
                },
                {
                    "_description": "test 2",
                    "v": 5
                },
                {
                    "_description": "test 3",
                    "v": 11
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
