// Behaviour: [issue 25] regex(^(?!0x)[a-z]+$): a lookahead (no RE2 form), matched by the bounded backtracking matcher; the runtime refuses '0xab'

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
                            "regex(^(?!0x)[a-z]+$)"
                        ]
                    }
                }
            ],
            "tests": [
                {
                    "_description": "test 1",
                    "v": "abc"
                },
                {
                    "_description": "test 2",
                    "v": "0xab"
                },
                {
                    "_description": "test 3",
                    "v": "de"
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
