# Behaviour: numeric test values for enum(0,1) (runtime enum values are strings)
# Twin of enum-numeric-tests.mjs, read by flowlint only.

main = {
    "namespace": "difftest",
    "name": "DiffTest",
    "description": "Differential harness fixture.",
    "version": "3.0.0",
    "docs": ["https://example.com/docs"],
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
                    "position": {"key": "v", "value": "{{USER_PARAM}}", "location": "query"},
                    "z": {"primitive": "enum(0,1)", "options": []},
                }
            ],
            "tests": [
                {"_description": "test 1", "v": 0},
                {"_description": "test 2", "v": 1},
                {"_description": "test 3", "v": 0},
            ],
            "output": {"mimeType": "application/json", "schema": {"type": "object", "properties": {}}},
        }
    },
}
