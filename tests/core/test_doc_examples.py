"""The examples the README and the API page show are run, so they stay true."""

from __future__ import annotations

import doctest
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FENCE = re.compile(r"```pycon\n(.*?)```", re.S)


@pytest.mark.parametrize("path", ["README.md", "docs/api.md"])
def test_the_pycon_examples_run_as_shown(path: str) -> None:
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        blocks = FENCE.findall(f.read())
    assert blocks, f"{path} shows no pycon example"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"{path}[{i}]", path, 0)
        result = runner.run(test)
        assert result.failed == 0, f"an example in {path} no longer prints what it shows"
