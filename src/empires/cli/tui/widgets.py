"""The full-screen app's own widgets: the decision's line, which keeps keys typed ahead in
their order, and the story's log, which wraps again to its width."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Input, RichLog


class FilterInput(Input):
    """The line the player types into (a number, a filter, a command), its keys handled in the
    order they were typed.

    Textual runs a focused widget's key bindings (Enter, Backspace, Ctrl-U...) only once the key
    has bubbled up to the app, while the letters typed after it are already inserted: "3",
    Enter, "1", Enter typed fast would submit "31" twice. Here the line's own bindings, Enter,
    Esc and the arrows (which move the choices' cursor) are handled as they come, and Enter
    empties the line as it submits it, so that what is typed next is the next line."""

    class Cursor(Message):
        """An arrow typed on the line: the choices' cursor moves by ``step``."""

        def __init__(self, step: int) -> None:
            super().__init__()
            self.step = step

    async def _on_key(self, event: events.Key) -> None:
        key = event.key
        if key in {"up", "down", "enter", "escape"}:
            event.stop()
            event.prevent_default()
            if key in {"up", "down"}:
                self.post_message(self.Cursor(-1 if key == "up" else 1))
            elif key == "enter":
                self.post_message(self.Submitted(self, self.value))
                self.value = ""
            else:
                self.value = ""
            return
        if not event.is_printable:
            for binding in self._bindings.key_to_bindings.get(key, ()):
                if not binding.priority:
                    event.stop()
                    event.prevent_default()
                    await self.run_action(binding.action)
                    return
        await super()._on_key(event)


class StoryLog(RichLog):
    """A :class:`RichLog` that keeps what was written to it and wraps it again when its width
    changes (a narrower terminal re-wraps the story rather than cutting it), and that keeps
    its end in view when it gets shorter (the choices' list appearing under it) if its end was
    in view before."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, **kwargs)
        self.story: list[RenderableType] = []
        self.shown_size = (0, 0)  # the width it was wrapped to, and its height

    def write(self, content: Any, *args: Any, **kwargs: Any):
        self.story.append(content.copy() if isinstance(content, Text) else content)
        return super().write(content, *args, **kwargs)

    def clear(self):
        self.story = []
        return super().clear()

    def on_resize(self, event: events.Resize) -> None:
        width, height = event.size.width, event.size.height
        at_end = self.scroll_y >= len(self.lines) - self.shown_size[1]  # before the resize
        if self._size_known and width != self.shown_size[0] and self.story:
            story = self.story
            super().clear()
            for content in story:
                super().write(content, scroll_end=False)
        if at_end and self._size_known:
            self.scroll_end(animate=False, x_axis=False)
        self.shown_size = (width, height)

    def text(self) -> str:
        """What the log holds, as plain text (its lines as wrapped now)."""
        return "\n".join(strip.text for strip in self.lines)
