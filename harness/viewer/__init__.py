"""`mka view`: a local web page over run directories (trials, trajectories, verdicts)."""
