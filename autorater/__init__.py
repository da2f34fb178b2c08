"""Autorater: grades deliverables against rubrics in a separate, network-less container."""
