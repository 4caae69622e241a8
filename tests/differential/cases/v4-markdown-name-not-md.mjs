// Behaviour: [issue 25] a 4.x markdown resource named guide.txt (refused: the name must end in .md)

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
        "guide": {
            "source": "markdown",
            "origin": "inline",
            "name": "guide.txt",
            "description": "A guide."
        }
    }
}
