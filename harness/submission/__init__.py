"""Verifiable leaderboard submissions: pack a run with hashes, verify a bundle."""
