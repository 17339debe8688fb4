"""The FloDial turns the learned check of opening facts may train on
(``evaluation.fact_verifier.dialog_rows``, ``--dialogs``): dev dialogs only, statements only,
each labelled with the answer its dialog's path gives. docs/opening-facts.md, stop 36."""

from __future__ import annotations

import pytest

from evaluation.fact_verifier import Row, dialog_rows
from knowledge.datasets import flodial


def _rows() -> list[Row]:
    try:
        return dialog_rows()
    except flodial.DatasetError as exc:  # the shared datasets are not beside the checkout
        pytest.skip(f"FloDial dialogs not available: {exc}")


def test_only_dev_dialogs_are_read() -> None:
    rows = _rows()
    assert len(rows) > 1000
    assert not {chart for chart, _text, _facts in rows} & flodial.TEST_CHARTS


def test_each_row_is_a_statement_labelled_with_its_paths_answer() -> None:
    for _chart, text, facts in _rows():
        assert "?" not in text
        assert not text.lower().startswith(("yes", "no ", "no,", "no."))
        assert len(facts) == 1
        assert set(facts.values()) <= {"yes", "no"}
