#!/bin/sh
# Never run: the task is invalid. Present so the only folder problems are the ones intended.
echo "broken" > /workspace/report.pdf
