"""The agent loop: model turn, tools, repeat, until `finish` succeeds or a cap is hit.

What it guarantees (and peers get wrong): no reply without a tool call ends a run, no tool
error kills one, output-limit stops continue, context overflow is recovered by compaction,
and every call and its timing is in the trajectory."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from harness.agent import prompts
from harness.messages import Message, ToolSchema
from harness.agent.tool_runner import ToolRunner
from harness.providers.base import AgentStoppedError, ContextOverflowError, ModelRequest, ModelResponse, Provider, ProviderError, Usage
from harness.recording.trajectory import TrajectoryWriter


@dataclass(frozen=True)
class LoopTexts:
    """What the loop says when the model replies without a tool call and near the turn limit:
    each names the tool that ends this loop (the agent's finish; the judge has its own)."""

    continue_text: str = prompts.CONTINUE
    turn_warning_text: str = prompts.TURN_WARNING

    def turn_warning(self, left: int) -> str:
        return prompts.turn_warning(left, self.turn_warning_text)


@dataclass(frozen=True)
class LoopLimits:
    max_turns: int = 250
    wall_clock_s: float = 8 * 3600
    warn_last_turns: int = 20
    compact_at: float = 0.70  # of the context window
    max_total_tokens: int | None = None
    max_cost_usd: float | None = None
    max_output_tokens: int | None = None


@dataclass
class LoopResult:
    status: str  # a TrialStatus: finished, a cap, context_overflow, no_finish (the agent's) or infra_error
    turns: int = 0
    usage: Usage = field(default_factory=Usage)
    cost_usd: float = 0.0
    model_s: float = 0.0
    tool_s: float = 0.0
    final_reply: str = ""
    deliverables: list[str] = field(default_factory=list)
    declared: list[str] | None = None  # deliverables named in the latest finish call, even a refused one
    finish_data: dict = field(default_factory=dict)  # what the finishing tool returned (the judge's verdicts)
    compactions: int = 0
    model_calls: int = 0  # answered calls (turns and compactions)
    failed_attempts: int = 0  # attempts that failed and were retried (their usage is in `usage` when known)
    estimated_calls: int = 0  # calls, failed attempts included, whose usage the server did not report
    error: str | None = None


class AgentLoop:
    def __init__(
        self,
        provider: Provider,
        runner: ToolRunner,
        trajectory: TrajectoryWriter,
        *,
        limits: LoopLimits,
        context_window: int | None,
        price: Callable[[Usage], float] = lambda usage: 0.0,
        output_reserve: int = 0,  # the provider's max output tokens: not room the prompt can use
        texts: LoopTexts = LoopTexts(),  # what the harness says to nudge (the judge has its own)
    ) -> None:
        self.provider = provider
        self.runner = runner
        self.trajectory = trajectory
        self.limits = limits
        self.context_window = context_window
        self.price = price
        self.output_reserve = output_reserve
        self.texts = texts
        self.schemas = [ToolSchema(t.name, t.description, t.parameters) for t in runner.tools.values()]
        self.result = LoopResult(status="running")
        self._history: list[Message] = []
        self._task_text = ""
        self._said: set[str] = set()  # notes recorded once per trial
        self._fresh_history = True  # the next call's history is only the task (or the compaction summary)
        self._threshold_compaction = True  # off once the prompt alone passes the threshold

    async def run(self, system: str, task_text: str) -> LoopResult:
        self._task_text = task_text
        self._history = [Message("user", task_text)]
        self.trajectory.emit("user", kind="task", text=task_text)
        started = time.monotonic()
        try:
            async with asyncio.timeout(self.limits.wall_clock_s) as deadline:
                self.result.status = await self._turns(system)
        except TimeoutError:
            if not deadline.expired():
                raise
            self.result.status = "time_limit"
        except ContextOverflowError as exc:  # a second overflow after compaction: the model's own doing
            self.result.status, self.result.error = "context_overflow", str(exc)
            self.trajectory.emit("error", where="provider", kind="context_overflow", message=str(exc))
        except AgentStoppedError as exc:  # the agent ended without finishing
            self.result.status, self.result.error = "no_finish", str(exc)
            self.trajectory.emit("error", where="agent", kind="no_finish", message=str(exc))
        except ProviderError as exc:  # outage or auth failure after retries: not the model's fault
            self.result.status, self.result.error = "infra_error", str(exc)
            self.trajectory.emit("error", where="provider", kind="infra", message=str(exc))
        self.trajectory.emit(
            "finish", status=self.result.status, turns=self.result.turns, wall_s=round(time.monotonic() - started, 3),
            final_reply=self.result.final_reply, deliverables=self.result.deliverables,
        )
        return self.result

    async def _turns(self, system: str) -> str:
        limits, result = self.limits, self.result
        while True:
            if result.turns >= limits.max_turns:
                return "turn_limit"
            if self._over_budget():
                return "budget_limit"
            left = limits.max_turns - result.turns
            if left <= limits.warn_last_turns:
                self._say(self.texts.turn_warning(left), "warning")
            prompt_alone = self._fresh_history
            self._fresh_history = False
            response = await self._call_with_recovery(system)
            result.turns += 1
            self.trajectory.emit(
                "assistant", turn=result.turns, text=response.text, stop=response.stop,
                tool_calls=[{"id": c.id, "name": c.name, "arguments": c.raw_arguments} for c in response.tool_calls],
                **({"reasoning": response.reasoning} if response.reasoning else {}),
            )
            if response.stop == "length":
                # Keep the partial text; a half-written tool call is not run.
                self._history.append(Message("assistant", response.text))
                self._say(prompts.CUT_OFF, "cut_off")
            elif not response.tool_calls:
                self._history.append(Message("assistant", response.text, provider_state=response.provider_state))
                self._say(self.texts.continue_text, "continue")
            else:
                self._history.append(
                    Message("assistant", response.text, tool_calls=response.tool_calls, provider_state=response.provider_state)
                )
                outcome = await self.runner.run_turn(response.tool_calls)
                result.tool_s += outcome.tool_s
                if outcome.last_declared is not None:
                    result.declared = outcome.last_declared
                self._history.append(Message("tool", tool_results=outcome.results))
                if outcome.finished:
                    result.finish_data = outcome.finished
                    result.final_reply = outcome.finished.get("final_reply", "")
                    result.deliverables = outcome.finished.get("deliverables", [])
                    return "finished"
            if prompt_alone and self._past_threshold(response.usage.input):
                # The task (or the summary) alone is past the threshold: compacting would only
                # write it again, every turn. Say so once and compact no more on the threshold;
                # an overflow is still recovered.
                self._note_once("prompt_over_threshold", self._threshold_note(response))
                self._threshold_compaction = False
            if self._threshold_compaction and self._context_full(response):
                await self._compact(system, reason="threshold")

    # -- model calls ---------------------------------------------------------------------

    async def _call_with_recovery(self, system: str) -> ModelResponse:
        try:
            return await self._call(system, self._history, self.schemas)
        except ContextOverflowError as exc:
            self.trajectory.emit("error", where="provider", kind="context_overflow", message=str(exc))
            if not self._drop_latest_turn():
                raise
            await self._compact(system, reason="overflow")
            self._say(prompts.OVERFLOW_DROPPED, "overflow")
            return await self._call(system, self._history, self.schemas)  # once: a second overflow is an error

    async def _call(self, system: str, history: list[Message], tools: list[ToolSchema], purpose: str = "turn") -> ModelResponse:
        request = ModelRequest(system, history, tools, self.limits.max_output_tokens, on_retry=self._record_retry,
                               on_note=self._note_once)
        started = time.monotonic()
        response = await self.provider.complete(request)
        latency = time.monotonic() - started
        cost = self._count(response.usage)
        self.result.model_s += latency
        self.result.model_calls += 1
        self.trajectory.emit(
            "model_call", purpose=purpose, latency_s=round(latency, 3), stop=response.stop, raw_stop=response.raw_stop,
            usage=vars(response.usage), cost_usd=round(cost, 6),
        )
        return response

    def _count(self, usage: Usage) -> float:
        """Add one call's (or failed attempt's) usage and cost to the trial's totals."""
        cost = self.price(usage)
        self.result.usage = self.result.usage + usage
        self.result.cost_usd += cost
        if usage.estimated:
            self.result.estimated_calls += 1
            self._note_once("usage_estimated", "the server reported no token usage for some calls: their tokens "
                            "and cost are estimates on the high side (usage.estimated in model_call events), "
                            "and budgets count them")
        return cost

    def _record_retry(self, exc: BaseException, wait_s: float, attempt: int) -> None:
        """A failed attempt: its tokens count when the attempt spent some (a stream cut after
        output began); an error answer reports none, and the event says so rather than 0."""
        usage: Usage | None = getattr(exc, "usage", None)
        self.result.failed_attempts += 1
        spent = {"usage": vars(usage), "cost_usd": round(self._count(usage), 6)} if usage else {"usage": None}
        self.trajectory.emit("retry", attempt=attempt, status=getattr(exc, "status_code", None),
                             error=f"{type(exc).__name__}: {str(exc)[:300]}", wait_s=round(wait_s, 3), **spent)

    def _note_once(self, kind: str, text: str) -> None:
        """Something the run should know once, not every turn: a trajectory event (the suite
        gathers them for the run's end) and nothing said to the model."""
        if kind not in self._said:
            self._said.add(kind)
            self.trajectory.emit("note", kind=kind, text=text)

    def _threshold_note(self, response: ModelResponse) -> str:
        reserve = self.limits.max_output_tokens or self.output_reserve
        room = max((self.context_window or 0) - reserve, 1)
        return (f"the prompt alone ({response.usage.input:,} tokens) passes the compaction threshold "
                f"({self.limits.compact_at:.0%} of {room:,} tokens: the {self.context_window:,}-token window less "
                f"{reserve:,} reserved for output); compaction at the threshold is off for this trial, since "
                f"the task itself would not shrink (an overflow is still recovered)")

    def _context_full(self, response: ModelResponse) -> bool:
        """Compact at `compact_at` of the room a prompt really has: the window less the output
        reserve the next reply may use (a 200k window with 32k reserved leaves 168k)."""
        return self._past_threshold(response.usage.input + response.usage.output)

    def _past_threshold(self, tokens: int) -> bool:
        if not self.context_window:
            return False
        reserve = self.limits.max_output_tokens or self.output_reserve
        return tokens >= self.limits.compact_at * max(self.context_window - reserve, 1)

    def _over_budget(self) -> bool:
        usage, limits = self.result.usage, self.limits
        if limits.max_total_tokens is not None and usage.input + usage.output >= limits.max_total_tokens:
            return True
        return limits.max_cost_usd is not None and self.result.cost_usd >= limits.max_cost_usd

    # -- history --------------------------------------------------------------------------

    def _say(self, text: str, kind: str) -> None:
        """A harness message to the model; joins a user message already waiting."""
        self.trajectory.emit("user", kind=kind, text=text)
        if self._history and self._history[-1].role == "user":
            self._history[-1].text += "\n\n" + text
        else:
            self._history.append(Message("user", text))

    def _drop_latest_turn(self) -> bool:
        """Remove the latest assistant turn and everything after it; False if there is none."""
        for index in range(len(self._history) - 1, 0, -1):
            if self._history[index].role == "assistant":
                del self._history[index:]
                return True
        return False

    async def _compact(self, system: str, reason: str) -> None:
        """Ask the model for a structured summary and restart the history from it."""
        history = list(self._history)
        for _attempt in range(4):
            request = history + [Message("user", prompts.COMPACTION_REQUEST)]
            if history[-1].role == "user":
                request = history[:-1] + [Message("user", history[-1].text + "\n\n" + prompts.COMPACTION_REQUEST, history[-1].images)]
            try:
                response = await self._call(system, request, self.schemas, purpose="compaction")
                break
            except ContextOverflowError:
                history = _drop_older_half(history)
        else:
            raise ProviderError("compaction failed: even a shortened history overflows the context")
        summary = response.text.strip() or "(the model wrote no summary)"
        self.result.compactions += 1
        self.trajectory.emit("compaction", reason=reason, summary=summary, dropped_messages=len(self._history))
        self._history = [Message("user", prompts.RESUME_FROM_SUMMARY.format(task=self._task_text, summary=summary))]
        self._fresh_history = True


def _drop_older_half(history: list[Message]) -> list[Message]:
    """Keep the task message and the newer half of the turns, cut at an assistant turn."""
    starts = [i for i, m in enumerate(history) if m.role == "assistant"]
    if len(starts) < 2:
        return history[:1]
    cut = starts[len(starts) // 2]
    return history[:1] + history[cut:]

