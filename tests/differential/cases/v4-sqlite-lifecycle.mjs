// Behaviour: [issue 25] a 4.x sqlite resource with lifecycle 'daily' (refused)

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
                    "q": "c"
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
    "resources": {
        "items": {
            "source": "sqlite",
            "origin": "inline",
            "database": "items.db",
            "description": "Items database.",
            "queries": {
                "findItems": {
                    "sql": "SELECT name FROM items WHERE name = ?",
                    "description": "Find items by name.",
                    "parameters": [
                        {
                            "position": {
                                "key": "name",
                                "value": "{{USER_PARAM}}"
                            },
                            "z": {
                                "primitive": "string()",
                                "options": []
                            }
                        }
                    ],
                    "output": {
                        "mimeType": "application/json",
                        "schema": {
                            "type": "array",
                            "items": {
                                "type": "object"
                            }
                        }
                    },
                    "tests": [
                        {
                            "_description": "by name",
                            "name": "a"
                        }
                    ]
                }
            },
            "lifecycle": "daily"
        }
    }
}
