// Behaviour: [issue 25] ['default(abc)', 'optional()'] on number(): 3.x lets an omitted value through, 4.x refuses it

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
                        "key": "n",
                        "value": "{{USER_PARAM}}",
                        "location": "query"
                    },
                    "z": {
                        "primitive": "number()",
                        "options": [
                            "default(abc)",
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
                    "n": 1
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
