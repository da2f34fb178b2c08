"""Offline, deterministic MCP tool servers for the agent sandbox.

Each module is a stdio MCP server built on the official `mcp` SDK (2.x `MCPServer`):

    python3 -m mcp_servers.image     # image analysis on files under the workspace
    python3 -m mcp_servers.units     # unit conversion and safe arithmetic
    python3 -m mcp_servers.geo       # bundled gazetteer, distances, routes, local time
    python3 -m mcp_servers.weather   # bundled daily weather for 2024 (synthetic, seeded)
    python3 -m mcp_servers.docs      # search over bundled markdown documents (BM25)
    python3 -m mcp_servers.fx        # bundled dated currency rates (synthetic, seeded)

Environment: MCP_WORKSPACE (default /workspace) is the only tree the image tools read
or write; MCP_LOG_LEVEL (default WARNING) is the servers' stderr log level.
Nothing here touches the network, and every answer is a pure function of the bundled
data and the arguments.
"""

SERVERS = ("image", "units", "geo", "weather", "docs", "fx")
