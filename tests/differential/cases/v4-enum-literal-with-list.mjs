// Behaviour: [issue 18] VAL107: z.enum ['ETH','BSC'] (literal values) where the shared list chains exists (4.x)

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
                        "key": "chain",
                        "value": "{{USER_PARAM}}",
                        "location": "query"
                    },
                    "z": {
                        "primitive": "enum(ETH,BSC)",
                        "options": [],
                        "enum": [
                            "ETH",
                            "BSC"
                        ]
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
                    "chain": "ETH"
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
