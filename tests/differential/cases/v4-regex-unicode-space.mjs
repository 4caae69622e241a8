// Behaviour: [issue 25] regex(^\s+$): JavaScript's \s is Unicode white space ('\u00a0' passes, 'x' is refused) (4.x)

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
                            "regex(^\\s+$)"
                        ]
                    }
                }
            ],
            "tests": [
                {
                    "_description": "test 1",
                    "v": " "
                },
                {
                    "_description": "test 2",
                    "v": "  "
                },
                {
                    "_description": "test 3",
                    "v": "x"
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
