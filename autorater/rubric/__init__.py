"""Rubrics: the criterion model, validation, prerequisite order and calibration overlay."""

from autorater.rubric.graph import topological_order
from autorater.rubric.loader import RubricError, find_rubric_files, load_rubric, rubric_task_id
from autorater.rubric.model import (
    REPLY_FILE,
    CalibrationEntry,
    CalibrationFile,
    Criterion,
    Objective,
    Rubric,
    Tier,
)
from autorater.rubric.overlay import calibration_path, write_calibration

__all__ = [
    "REPLY_FILE",
    "CalibrationEntry",
    "CalibrationFile",
    "Criterion",
    "Objective",
    "Rubric",
    "RubricError",
    "Tier",
    "calibration_path",
    "find_rubric_files",
    "load_rubric",
    "rubric_task_id",
    "topological_order",
    "write_calibration",
]
