# Behaviour: regex with $ and a test value with a trailing newline ('abc\n': JS $ refuses, Python re.search $ accepts)
# Twin of regex-dollar-newline.mjs, read by flowlint only.

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
                    "z": {"primitive": "string()", "options": ["regex(^[a-z]+$)"]},
                }
            ],
            "tests": [
                {"_description": "test 1", "v": "abc"},
                {"_description": "test 2", "v": "def"},
                {"_description": "test 3", "v": "abc\n"},
            ],
            "output": {"mimeType": "application/json", "schema": {"type": "object", "properties": {}}},
        }
    },
}
