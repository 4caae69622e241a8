// Behaviour: [issue 18] ['default(2)', 'optional()'] on enum(1,2,3) (ZodBuilder accepts; tests omit the value) (4.x)

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
                        "key": "q",
                        "value": "{{USER_PARAM}}",
                        "location": "query"
                    },
                    "z": {
                        "primitive": "string()",
                        "options": []
                    }
                },
                {
                    "position": {
                        "key": "order",
                        "value": "{{USER_PARAM}}",
                        "location": "query"
                    },
                    "z": {
                        "primitive": "enum(1,2,3)",
                        "options": [
                            "default(2)",
                            "optional()"
                        ]
                    }
                }
            ],
            "tests": [
                {
                    "_description": "test 1",
                    "q": "a"
                },
                {
                    "_description": "test 2",
                    "q": "b"
                },
                {
                    "_description": "test 3",
                    "q": "c",
                    "order": "3"
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
