"""MCP: run definitions' tests through an MCP server, and serve definitions as an offline MCP mock."""
