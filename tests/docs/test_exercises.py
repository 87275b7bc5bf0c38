"""Exercises: a wrong answer fails.

Each exercise's answer is a snippet, ``snippets/<topic>/exercise_*.py``, included on a page with
its output quoted; the suite checks that quote like every other. Here each answer is given a
mistake a reader could make (``WRONG_ANSWERS``): the snippet with that mistake runs, and what it
prints must not match the quote. An exercise whose answer has no wrong version here fails, so a
new exercise cannot skip this.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
import torch

from doccheck.compare import matches
from doccheck.runner import snippet_environment
from hooks.core.snippets import import_snippet

# answer snippet: (text in it, the mistake that replaces it, what the mistake is)
WRONG_ANSWERS = {
    "rope/exercise_frequencies.py": ("-2 * torch.arange", "-torch.arange", "the exponent -i/d"),
    "rope/exercise_rotate.py": ("even * sin + odd * cos", "odd * cos - even * sin", "the rotation the other way"),
    "rope/exercise_frequency_bug.py": ("(-pairs / d)", "(-2 * pairs / d)", "no bug found: both rows right"),
    "rope/exercise_rotate_half_pairs.py": (
        "rotate_half(x).abs().long().tolist()",
        "[i ^ 1 for i in range(8)]",
        "the interleaved partners for rotate_half",
    ),
    "rope/exercise_left_padding.py": (
        ".masked_fill(mask == 0, 0)",
        "",
        "the pads left at position -1 (the table's last row)",
    ),
    "rope/exercise_cos_sin_layout.py": (
        "torch.cat((angles, angles), dim=-1)",
        "torch.repeat_interleave(angles, 2, dim=-1)",
        "the tables laid out for interleaved pairs",
    ),
    "rope/exercise_dial_angles.py": (
        "(end - start) % (2 * math.pi)",
        "(start - end) % (2 * math.pi)",
        "the angle measured from k to q",
    ),
    "rope/exercise_unrotate.py": (
        "x * cos - rotate_half(x) * sin",
        "x * cos + rotate_half(x) * sin",
        "rotated once more instead of back",
    ),
    "rope/exercise_decoding_shapes.py": (
        "cache=cache, show=True",
        "show=True",
        "the cache not passed: the new token alone at position 0",
    ),
    "rope/exercise_chunked_prefill.py": (
        "cache=cache)",
        "cache=None)",
        "each chunk without the cache of the chunks before it",
    ),
    "rope/exercise_index_mask.py": (".tril()", ".tril(n_keys - n_queries)", "no bug found: the index mask made right"),
    "rope/exercise_layout_bug_twice.py": (
        "torch.cat((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1)",
        "torch.stack((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1).flatten(-2)",
        "position 0 taken as the identity",
    ),
    "rope/exercise_rotation_sign.py": (
        "x * cos - rotate_half(x) * sin",
        "x * cos + rotate_half(x) * sin",
        "no bug found: the port's sign made right",
    ),
    "rope/exercise_offset_off_by_one.py": (
        '("count", count)',
        '("count", count - 1)',
        "no bug found: both rows at the right position",
    ),
    "rope/exercise_mla_cache_size.py": (
        "shared = latent + rope",
        "shared = latent + heads * rope",
        "one rotated key cached per head",
    ),
    "rope/exercise_mla_shared_key.py": (
        "interleaved_to_half(key, 1)",
        "interleaved_to_half(key, 4)",
        "the shared key converted with num_key_value_heads",
    ),
    "rope/exercise_mla_softmax_scale.py": (
        "(nope_dim + rope_dim) ** -0.5",
        "(latent_dim + rope_dim) ** -0.5",
        "the scale taken from the width of the absorbed vectors",
    ),
    "rope/exercise_multimodal_position_ids.py": (
        "spatial_merge=2",
        "spatial_merge=1",
        "every patch counted as one token",
    ),
    "rope/exercise_multimodal_decoding.py": (
        "+ cache_length + rope_delta",
        "+ cache_length",
        "positions counted by tokens, the offset forgotten",
    ),
    "rope/exercise_multimodal_interleaved_axes.py": (
        "mrope_axis_of_pair(section, interleaved=True)",
        "mrope_axis_of_pair(section)",
        "Qwen3-VL's axes taken as blocks too",
    ),
    "rope/exercise_conversion_gqa_rows.py": (
        "new = interleaved_to_half(rows, heads)",
        "new = half_to_interleaved(rows, heads)",
        "the conversion the wrong way",
    ),
    "rope/exercise_conversion_fused_qkv.py": (
        "interleaved_to_half(k, N_KV_HEADS)",
        "interleaved_to_half(k, N_HEADS)",
        "the key rows converted with the query head count",
    ),
    "rope/exercise_conversion_qk_norm.py": (
        "(interleaved_to_half(q_norm, 1), interleaved_to_half(k_norm, 1))",
        "(q_norm, k_norm)",
        "the norm scales left as they are",
    ),
}


def _exercise_quotes(project) -> dict[str, str]:
    """Each exercise answer of the source language, with the output its page quotes."""
    return {
        quote.snippet: quote.text
        for page in project.pages
        if page.language == project.source_language
        for quote in page.outputs
        if quote.snippet.rsplit("/", 1)[-1].startswith("exercise_")
    }


def test_every_exercise_has_a_wrong_answer(project):
    quotes = _exercise_quotes(project)
    assert quotes, "no exercise answer is quoted on any page: this test checks nothing"
    assert sorted(quotes) == sorted(WRONG_ANSWERS), (
        f"exercise answers on the pages: {sorted(quotes)}; with a wrong answer here: {sorted(WRONG_ANSWERS)}"
    )


@pytest.mark.parametrize("snippet", sorted(WRONG_ANSWERS))
def test_a_wrong_answer_fails_its_quote(project, tmp_path, snippet):
    right, wrong, mistake = WRONG_ANSWERS[snippet]
    copy = tmp_path / "snippets"
    shutil.copytree(project.snippets_dir, copy, ignore=shutil.ignore_patterns("__pycache__"))
    program = copy / snippet
    source = program.read_text(encoding="utf-8")
    assert source.count(right) == 1, f"{snippet}: {right!r} should occur once, to be replaced by {mistake}"
    program.write_text(source.replace(right, wrong), encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    run = subprocess.run(
        [sys.executable, str(program)], capture_output=True, text=True, env=snippet_environment(home), cwd=home
    )
    assert run.returncode == 0, f"{snippet} with {mistake} raised instead of printing a wrong answer:\n{run.stderr}"
    quoted = _exercise_quotes(project)[snippet]
    assert not matches(quoted, run.stdout), f"{snippet} with {mistake} prints what the page quotes:\n{run.stdout}"


def test_the_left_padding_answer_computes_positions_as_transformers_does():
    """Its position ids are those that `transformers`' `generate` computes for a padded prompt."""
    from transformers.generation.utils import GenerationMixin

    answer = import_snippet("rope/exercise_left_padding.py")
    expected = GenerationMixin._prepare_position_ids_for_generation(None, answer.mask, {"attention_mask": answer.mask})
    assert torch.equal(answer.positions, expected)
