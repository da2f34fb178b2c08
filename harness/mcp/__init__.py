"""MCP tools for the agent: servers run inside the task's sandbox (stdio over docker exec)
or remotely (streamable HTTP); their tools appear to the model as `server/tool`."""
