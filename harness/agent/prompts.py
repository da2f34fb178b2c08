"""Every text the harness itself says to the model, in one place."""

from __future__ import annotations

SYSTEM_PROMPT = """You are a skilled professional completing a work task on a computer.

You work in a Linux sandbox through tools. The task's input files are in /workspace/input;
inspect them yourself (code_exec for files and data{view_hint}). Write your deliverables under
/workspace. There is no internet access except through web_search when it is offered.

When the work is complete, call finish with your final reply to the user and the list of
deliverable files. Replies without a tool call do not end the task.{turn_hint}"""

VIEW_HINT = ", view_image to look at images and rendered pages"

CONTINUE = "Please continue working on the task. When it is complete, call finish with your final reply and deliverables."

TURN_WARNING = (
    "Warning: {left} turn{s} left before the turn limit. Save your work and call finish "
    "with the deliverables you have before the limit is reached."
)

CUT_OFF = (
    "Your previous reply was cut off at the output token limit; its partial text is kept above and "
    "any tool call in it was not run. Continue from where you stopped, in shorter steps."
)

OVERFLOW_DROPPED = (
    "The result of your last step was too large for the context window and was dropped. "
    "Continue with a step that produces less output (for example, view a smaller crop or print fewer rows)."
)

COMPACTION_REQUEST = """Your context is nearly full, so the conversation will restart from a summary you write now.
Do not call any tool. Write a structured summary with these sections:

## Task
What the user asked for, including every requirement and the exact deliverable names.
## Files made
Each file you created or changed under /workspace, with what it holds and whether it is final.
## Findings and state
Facts you established (numbers, values read from images, decisions), and where the work stands.
## Next steps
What remains to do, in order.

Be complete: everything not in this summary is forgotten, including images you have seen."""

RESUME_FROM_SUMMARY = (
    "{task}\n\n---\nThe conversation so far was compacted to save context. Your own summary of "
    "your progress follows; continue the task from there.\n\n{summary}"
)


def system_prompt(*, has_view_image: bool, max_turns: int) -> str:
    return SYSTEM_PROMPT.format(
        view_hint=VIEW_HINT if has_view_image else "",
        turn_hint=f"\nYou have at most {max_turns} turns.",
    )


def task_message(prompt: str, input_files: list[tuple[str, int]]) -> str:
    listing = "\n".join(f"- /workspace/input/{name} ({size:,} bytes)" for name, size in input_files)
    return f"{prompt.rstrip()}\n\n---\nInput files:\n{listing or '- (none)'}"


def turn_warning(left: int, template: str = TURN_WARNING) -> str:
    return template.format(left=left, s="" if left == 1 else "s")
