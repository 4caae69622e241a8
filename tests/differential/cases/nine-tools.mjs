// Behaviour: more than 8 tools (9)

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
        "getItems0": {
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
        },
        "getItems1": {
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
        },
        "getItems2": {
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
        },
        "getItems3": {
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
        },
        "getItems4": {
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
        },
        "getItems5": {
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
        },
        "getItems6": {
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
        },
        "getItems7": {
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
        },
        "getItems8": {
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
    }
}
