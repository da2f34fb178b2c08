"""Reports over run directories: leaderboards with CIs, breakdowns, comparisons, ablations."""
