"""Flat tensors made of named blocks: the layout both games' observation tensors share."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

Layout = dict[str, tuple[int, tuple[int, ...]]]


def block_layout(blocks: Iterable[tuple[str, tuple[int, ...]]]) -> Layout:
    """``{block name: (offset, shape)}`` for blocks laid end to end in the order given."""
    out: Layout = {}
    offset = 0
    for name, shape in blocks:
        out[name] = (offset, shape)
        offset += math.prod(shape)
    return out


def layout_size(layout: Layout) -> int:
    """How many values a tensor of ``layout`` holds."""
    return sum(math.prod(shape) for _, shape in layout.values())


def block_views(tensor: Any, layout: Layout) -> dict[str, Any]:
    """Named, reshaped views (no copies) of the blocks of a flat array laid out by ``layout``."""
    return {
        name: tensor[offset : offset + math.prod(shape)].reshape(shape)
        for name, (offset, shape) in layout.items()
    }
