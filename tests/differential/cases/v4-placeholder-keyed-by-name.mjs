// Behaviour: [issue 25] a test keyed CITY for { key: 'city', value: '{{CITY}}' }: the MCP tool requires city (4.x)

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
                        "key": "city",
                        "value": "{{CITY}}",
                        "location": "query"
                    },
                    "z": {
                        "primitive": "string()",
                        "options": []
                    }
                }
            ],
            "tests": [
                {
                    "_description": "test 1",
                    "q": "a",
                    "CITY": "x"
                },
                {
                    "_description": "test 2",
                    "q": "b",
                    "CITY": "y"
                },
                {
                    "_description": "test 3",
                    "q": "c",
                    "CITY": "z"
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
