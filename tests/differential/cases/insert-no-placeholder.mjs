// Behaviour: [issue 18] VAL050: an insert parameter without a {{key}} placeholder in the path

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
                        "key": "id",
                        "value": "{{USER_PARAM}}",
                        "location": "insert"
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
                    "id": "1"
                },
                {
                    "_description": "test 2",
                    "id": "2"
                },
                {
                    "_description": "test 3",
                    "id": "3"
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
