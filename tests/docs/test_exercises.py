"""Exercises: a wrong answer fails.

Each exercise's answer is a snippet, ``snippets/<topic>/exercise_*.py``, included on a page with
its output quoted; the suite checks that quote like every other. Here each answer is given a
mistake a reader could make (``WRONG_ANSWERS``): the snippet with that mistake runs, and what it
prints must not match the quote. An exercise whose answer has no wrong version here fails, so a
new exercise cannot skip this.
"""

from __future__ import annotations

import shutil
from concurrent.futures import Future, ThreadPoolExecutor

import pytest
import torch

from doccheck.compare import matches
from doccheck.runner import SnippetRun, WarmRunner
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
    "embeddings/exercise_one_hot_waste.py": (
        "useful = tokens * dim",
        "useful = tokens",
        "one useful multiplication per token, not one per entry of its row",
    ),
    "embeddings/exercise_lookup_backward.py": (
        "index_add_",
        "index_copy_",
        "each row's gradient written, not added: a repeated ID keeps one",
    ),
    "embeddings/exercise_linear_to_embedding.py": (
        "linear.weight.T)",
        "linear.weight)",
        "the linear weight used without its transpose",
    ),
    "embeddings/exercise_padding_gradient.py": (
        "padding_idx=4)",
        "padding_idx=None)",
        "no padding_idx: the pad row looked up and trained like any other",
    ),
    "embeddings/exercise_check_ids.py": (
        "token_ids >= num_embeddings",
        "token_ids > num_embeddings",
        "off by one: ID V let through",
    ),
    "embeddings/exercise_mean_pooling.py": (
        "mask.sum(dim=1, keepdim=True)",
        "mask.shape[1]",
        "the masked sum divided by the padded length",
    ),
    "embeddings/exercise_table_share.py": (
        "1 if tied else 2",
        "2",
        "a tied table counted twice, as state_dict() lists it",
    ),
    "embeddings/exercise_no_decay_group.py": (
        '[table], "weight_decay": 0.0',
        '[table], "weight_decay": weight_decay',
        "the table left with weight decay",
    ),
    "embeddings/exercise_grow_tied.py": (
        "model.lm_head.weight = grown.weight",
        "pass",
        "a new output layer of the right size, not tied to the grown table",
    ),
    "embeddings/exercise_king_positions.py": (
        "token_types = torch.tensor([encoding.type_ids])",
        "token_types = torch.zeros(1, len(encoding.ids), dtype=torch.long)",
        "the token type IDs left at 0, as BertModel assumes when given none",
    ),
    "embeddings/exercise_layer_norm.py": ("correction=0", "correction=1", "the unbiased variance, torch.var's default"),
    "embeddings/exercise_word_ids.py": (
        "add_special_tokens=False",
        "add_special_tokens=True",
        "[CLS] and [SEP] taken as pieces of the word",
    ),
    "rope/exercise_precision_stored_positions.py": (
        "(torch.bfloat16, torch.float16)",
        "(torch.bfloat16, torch.float32)",
        "float16 taken to hold every position, as float32 does",
    ),
    "rope/exercise_precision_safe_module.py": (
        "positions.float()[:, None] * inv_freq",
        "positions.float()[:, None] @ inv_freq[None, :]",
        "the angles as a matrix product, which autocast computes in bfloat16",
    ),
    "rope/exercise_real_models_read_config.py": (
        '"half-split"',
        '"interleaved"',
        "GPT-NeoX's pairs taken as neighbours",
    ),
    "rope/exercise_real_models_head_dim.py": (
        'config.get("head_dim") or ',
        "",
        "hidden_size / num_attention_heads even when head_dim is given",
    ),
    "rope/exercise_real_models_original_length.py": (
        '"max_position_embeddings": 131072',
        '"max_position_embeddings": 32768',
        "no bug found: both rows right",
    ),
    "rope/exercise_long_context_interpolation.py": (
        "s = extended / trained",
        "s = trained / extended",
        "the factor inverted: positions multiplied by s",
    ),
    "rope/exercise_long_context_slow_pairs.py": (
        "(wavelength > trained)",
        "(wavelength / (2 * math.pi) > trained)",
        "1 / theta_i compared with L: the 2 pi forgotten",
    ),
    "rope/exercise_long_context_attention_factor.py": (
        "port = factor * scores(1.0)",
        "port = factor**2 * scores(1.0)",
        "no bug found: the port given the factor's square",
    ),
    "rope/exercise_per_layer_llama4_query.py": (
        "first = chunk * (p // chunk)",
        "first = p - chunk + 1",
        "the chunk taken as a sliding window",
    ),
    "rope/exercise_per_layer_chunked_mask.py": (
        "(n // chunk == p // chunk)",
        "(n > p - chunk)",
        "the chunk taken as a sliding window",
    ),
    "rope/exercise_per_layer_no_rope_flags.py": ("if not flag]", "if flag]", "no bug found: 1 read as rotating"),
    "positions/exercise_score_scale.py": (
        "/ d_h**0.5",
        "/ d_h",
        "the scores divided by d_h instead of its square root",
    ),
    "positions/exercise_equivariance.py": ("layer(x)[perm]", "layer(x)", "the outputs compared without shuffling them"),
    "positions/exercise_position_ids.py": (
        "token_ids if buggy else torch.arange(len(token_ids))",
        "torch.arange(len(token_ids))",
        "no bug found: both rows right",
    ),
    "positions/exercise_parameter_counts.py": (
        "torch.nn.Linear(2 * d, d)",
        "torch.nn.Linear(d, d)",
        "the input width not doubled by concatenation",
    ),
    "positions/exercise_learned_positions.py": (
        "seq > self.context_length",
        "seq >= self.context_length",
        "an off-by-one: a full-length sequence refused",
    ),
    "positions/exercise_seq_first.py": (
        "tokens + position_vectors[:, None, :]",
        "tokens + position_vectors",
        "no bug found: both rows buggy",
    ),
    "positions/exercise_sinusoidal_norms.py": ("pe[p] @ pe[p]", "pe[p].norm()", "the norm instead of its square"),
    "positions/exercise_shift.py": ("sin_p * c + cos_p * s", "sin_p * c - cos_p * s", "the sine turned the other way"),
    "positions/exercise_frequency_index.py": ("(-2 * i / d)", "(-i / d)", "no bug found: both rows right"),
    "positions/exercise_deberta_rows.py": (
        "clamp(-c, c - 1)",
        "clamp(-c, c)",
        "Shaw's clipping to [-c, c], 2c + 1 rows",
    ),
    "positions/exercise_alibi_positions.py": (
        "torch.tensor([4, 5])",
        "torch.arange(2)",
        "the new queries given positions 0 and 1",
    ),
    "positions/exercise_t5_sign.py": (
        '("buggy", query - key)',
        '("buggy", key - query)',
        "no bug found: both rows right",
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


RUNS_AT_ONCE = 2  # the machine's cores; the session runs the snippets themselves beside them


@pytest.fixture(scope="module")
def wrong_answer_runner(project, tmp_path_factory):
    """One warm snippet server over a copy of the snippets, where each wrong answer is written
    beside its right one (its siblings importable, as a reader's folder has them)."""
    copy = tmp_path_factory.mktemp("wrong-answers") / "snippets"
    shutil.copytree(project.snippets_dir, copy, ignore=shutil.ignore_patterns("__pycache__"))
    runner = WarmRunner(copy)
    yield copy, runner
    runner.close()


@pytest.fixture(scope="module")
def wrong_answer_runs(request, wrong_answer_runner):
    """The wrong answers of the selected tests, all written and started at once (two at a time),
    so that they run while the tests before them check; each test waits for its own. A wrong
    answer that cannot be written is the text of its test's failure."""
    copy, runner = wrong_answer_runner
    ours = [item for item in request.session.items if getattr(item, "module", None) is request.module]
    selected = [i.callspec.params["snippet"] for i in ours if i.originalname == "test_a_wrong_answer_fails_its_quote"]
    snippets = list(dict.fromkeys(selected))
    pool = ThreadPoolExecutor(max_workers=RUNS_AT_ONCE, thread_name_prefix="wrong-answer")
    runs: dict[str, Future[SnippetRun] | str] = {}
    for snippet in snippets:
        right, wrong, mistake = WRONG_ANSWERS[snippet]
        source = (copy / snippet).read_text(encoding="utf-8")
        if source.count(right) != 1:
            runs[snippet] = f"{snippet}: {right!r} should occur once, to be replaced by {mistake}"
            continue
        folder, name = snippet.rsplit("/", 1)
        wrong_snippet = f"{folder}/wrong_{name}"
        (copy / wrong_snippet).write_text(source.replace(right, wrong), encoding="utf-8")
        runs[snippet] = pool.submit(runner.run, wrong_snippet)
    yield runs
    pool.shutdown(wait=False, cancel_futures=True)


@pytest.mark.parametrize("snippet", sorted(WRONG_ANSWERS))
def test_a_wrong_answer_fails_its_quote(project, wrong_answer_runs, snippet):
    run = wrong_answer_runs[snippet]
    if isinstance(run, str):
        pytest.fail(run, pytrace=False)
    run = run.result()
    mistake = WRONG_ANSWERS[snippet][2]
    assert not run.failed, f"{snippet} with {mistake} raised instead of printing a wrong answer:\n{run.stderr}"
    quoted = _exercise_quotes(project)[snippet]
    assert not matches(quoted, run.stdout), f"{snippet} with {mistake} prints what the page quotes:\n{run.stdout}"


def test_the_right_answer_run_the_same_way_matches_its_quote(project, wrong_answer_runner):
    """The comparison above is not failing for another reason: an answer left right, run by the
    same server from the same copy, prints what its page quotes."""
    copy, runner = wrong_answer_runner
    snippet = sorted(WRONG_ANSWERS)[0]
    folder, name = snippet.rsplit("/", 1)
    right_snippet = f"{folder}/right_{name}"
    (copy / right_snippet).write_text((copy / snippet).read_text(encoding="utf-8"), encoding="utf-8")
    run = runner.run(right_snippet)
    assert not run.failed, run.stderr
    assert matches(_exercise_quotes(project)[snippet], run.stdout), run.stdout


def test_the_left_padding_answer_computes_positions_as_transformers_does():
    """Its position ids are those that `transformers`' `generate` computes for a padded prompt."""
    from transformers.generation.utils import GenerationMixin

    answer = import_snippet("rope/exercise_left_padding.py")
    expected = GenerationMixin._prepare_position_ids_for_generation(None, answer.mask, {"attention_mask": answer.mask})
    assert torch.equal(answer.positions, expected)
