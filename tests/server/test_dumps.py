"""manager.dumps: compact JSON as orjson writes it, keys that are not strings as json writes them
(asked of orjson only when a key needs it), and a value nothing can write still refused."""

from __future__ import annotations

import json

import pytest

from empires.server.manager import dumps


def test_dumps_writes_what_json_reads_back():
    value = {"a": [1, 2.5, None, True], "b": {"c": "é"}, "d": []}
    assert dumps(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def test_keys_that_are_not_strings_are_written_as_json_writes_them():
    value = {"views": {None: "public", 1: "seat 1"}, "n": {2: [3]}}
    assert json.loads(dumps(value)) == {"views": {"null": "public", "1": "seat 1"}, "n": {"2": [3]}}


def test_a_value_that_cannot_be_written_is_refused():
    with pytest.raises(TypeError):
        dumps({"x": object()})
    with pytest.raises(TypeError):
        dumps({1: object()})
