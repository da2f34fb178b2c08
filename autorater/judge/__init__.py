"""The agentic LLM judge: the agent loop, pointed at deliverables, finishing with submit_verdicts."""
