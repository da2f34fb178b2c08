"""MKA harness: evaluate multimodal, tool-using agents on professional work."""

__version__ = "0.1.0"
