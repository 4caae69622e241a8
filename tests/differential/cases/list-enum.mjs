// Behaviour: enum({{chains:alias}}) from a declared shared list: the MCP tool's enum is the literal text (FL019)

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
                        "key": "chain",
                        "value": "{{USER_PARAM}}",
                        "location": "query"
                    },
                    "z": {
                        "primitive": "enum({{chains:alias}})",
                        "options": []
                    }
                }
            ],
            "tests": [
                {
                    "_description": "test 1",
                    "chain": "ETH"
                },
                {
                    "_description": "test 2",
                    "chain": "BSC"
                },
                {
                    "_description": "test 3",
                    "chain": "ARB"
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
    },
    "sharedLists": [
        {
            "ref": "chains",
            "version": "1.0.0"
        }
    ]
}
