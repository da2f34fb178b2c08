"""Decoys: plausible wrong submissions per task, and the test that the rubric fails them."""
