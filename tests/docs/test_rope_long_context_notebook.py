"""The long-context notebook's RoPE against transformers: the frequencies and attention factor of each method
(unchanged, PI, NTK-aware, YaRN), the cos and sin its model multiplies by, and its attention layer. The notebook's
outputs themselves are checked like every notebook's (tests/docs/test_docs.py), on every CPU configuration too.
"""

import math
import re
from pathlib import Path

import nbformat
import pytest
import torch
from transformers import LlamaConfig
from transformers.modeling_rope_utils import ROPE_INIT_FUNCTIONS
from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding, apply_rotary_pos_emb

DOCS = Path(__file__).resolve().parents[2] / "docs"
NOTEBOOK = DOCS / "en" / "rope" / "long-context-notebook.ipynb"
TRANSLATIONS = sorted(DOCS.glob("*/rope/long-context-notebook.ipynb"))
TRAINED, EXTENDED = 64, 256


@pytest.fixture(scope="module")
def notebook():
    """The notebook's definitions, up to its table of methods: its code cells run in order until METHODS exists
    (not the training). They set float64 as the default dtype and one thread, which are put back afterwards."""
    dtype, threads = torch.get_default_dtype(), torch.get_num_threads()
    namespace = {}
    try:
        for cell in nbformat.read(NOTEBOOK, as_version=4).cells:
            if cell.cell_type == "code" and "METHODS" not in namespace:
                exec(compile(cell.source, str(NOTEBOOK), "exec"), namespace)
        assert "METHODS" in namespace, f"{NOTEBOOK} defines no METHODS"
        yield namespace
    finally:
        torch.set_default_dtype(dtype)
        torch.set_num_threads(threads)


def config(notebook, rope_scaling=None, max_position_embeddings=TRAINED):
    return LlamaConfig(
        hidden_size=notebook["WIDTH"],
        num_attention_heads=notebook["HEADS"],
        head_dim=notebook["HEAD_DIM"],
        max_position_embeddings=max_position_embeddings,
        rope_theta=notebook["BASE"],
        rope_scaling=rope_scaling,
    )


# Each method of the notebook as a transformers config, and the sequence length transformers is given. NTK-aware
# scaling has no rope_type of its own: it is "dynamic" with factor 1 at the extended length (Peng et al., 3.3).
TRANSFORMERS_CONFIGS = {
    "unchanged": (None, TRAINED, TRAINED),
    "PI": ({"rope_type": "linear", "factor": 4.0}, TRAINED, TRAINED),
    "NTK-aware": ({"rope_type": "dynamic", "factor": 1.0}, TRAINED, EXTENDED),
    "YaRN": ({"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": TRAINED}, EXTENDED, EXTENDED),
}


def transformers_rope(notebook, method):
    scaling, max_positions, length = TRANSFORMERS_CONFIGS[method]
    model_config = config(notebook, scaling, max_positions)
    if scaling is None:  # the default is the rotary module's own, not in ROPE_INIT_FUNCTIONS
        return model_config, length, LlamaRotaryEmbedding.compute_default_rope_parameters(model_config)
    return model_config, length, ROPE_INIT_FUNCTIONS[scaling["rope_type"]](model_config, seq_len=length)


def test_the_notebook_has_the_four_methods(notebook):
    assert list(notebook["METHODS"]) == list(TRANSFORMERS_CONFIGS)
    assert notebook["S"] == EXTENDED / TRAINED and notebook["TRAINED"] == TRAINED


@pytest.mark.parametrize("method", list(TRANSFORMERS_CONFIGS))
def test_frequencies_and_attention_factor_are_transformers(notebook, method):
    inv_freq, attention_factor = notebook["METHODS"][method]
    _, _, (reference, reference_factor) = transformers_rope(notebook, method)
    torch.testing.assert_close(inv_freq.float(), reference, rtol=1e-6, atol=0)
    assert attention_factor == pytest.approx(reference_factor, rel=1e-12)


@pytest.mark.parametrize("beta_fast, beta_slow", [(32.0, 1.0), (4.0, 1.0), (16.0, 2.0), (32.0, 1e-7)])
def test_yarn_with_other_thresholds_is_transformers(notebook, beta_fast, beta_slow):
    """The notebook invites trying other thresholds: its yarn() must follow transformers there too (1e-7 turns
    puts the ramp's end past the last pair, where transformers clamps it)."""
    scaling = {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": TRAINED,
               "beta_fast": beta_fast, "beta_slow": beta_slow}  # fmt: skip
    reference, reference_factor = ROPE_INIT_FUNCTIONS["yarn"](config(notebook, scaling, EXTENDED))
    inv_freq, attention_factor = notebook["yarn"](4.0, beta_fast=beta_fast, beta_slow=beta_slow)
    torch.testing.assert_close(inv_freq.float(), reference, rtol=1e-6, atol=0)
    assert attention_factor == pytest.approx(reference_factor, rel=1e-12)


@pytest.mark.parametrize("method", list(TRANSFORMERS_CONFIGS))
def test_cos_and_sin_are_transformers_rotary_embedding(notebook, method):
    """What the model multiplies by, attention factor included, at positions 0-255: LlamaRotaryEmbedding's
    float32 angles are off by up to 255 times float32's precision."""
    model_config, length, _ = transformers_rope(notebook, method)
    rotary = LlamaRotaryEmbedding(model_config)
    probe = torch.zeros(1, length, notebook["HEAD_DIM"], dtype=torch.float32)
    cos, sin = rotary(probe, torch.arange(length)[None])
    ours_cos, ours_sin = notebook["rope_cos_sin"](length, *notebook["METHODS"][method])
    torch.testing.assert_close(ours_cos.float(), cos[0], rtol=0, atol=5e-5)
    torch.testing.assert_close(ours_sin.float(), sin[0], rtol=0, atol=5e-5)


@pytest.mark.parametrize("last_only", [False, True])
def test_attention_layer_is_llama_rope_attention(notebook, last_only):
    """The notebook's attention layer against transformers' apply_rotary_pos_emb and a causal softmax written out."""
    torch.manual_seed(0)
    layer = notebook["Attention"]().double()
    heads, head_dim, width = notebook["HEADS"], notebook["HEAD_DIM"], notebook["WIDTH"]
    x = torch.randn(3, 40, width, dtype=torch.float64)
    cos, sin = notebook["rope_cos_sin"](40, *notebook["METHODS"]["YaRN"])
    with torch.no_grad():
        ours = layer(x, cos, sin, last_only=last_only)
        q, k, v = layer.qkv(layer.norm(x)).view(3, 40, 3, heads, head_dim).permute(2, 0, 3, 1, 4)
        q, k = apply_rotary_pos_emb(q, k, cos[None], sin[None])
        scores = q @ k.transpose(-1, -2) / math.sqrt(head_dim)
        scores = scores.masked_fill(torch.ones(40, 40, dtype=torch.bool).triu(1), float("-inf"))
        mixed = scores.softmax(-1) @ v
        reference = x + layer.out(mixed.transpose(1, 2).reshape(3, 40, width))
    torch.testing.assert_close(ours, reference[:, -1:] if last_only else reference, rtol=1e-10, atol=1e-12)


PERCENTAGES = re.compile(r"(\d+)(?:\s*[–-]\s*(\d+))?\s*%")  # 84%, 46–47%
TWO_DECIMALS = re.compile(r"(?<![\d.,])(\d+)[.,](\d\d)(?![\d])")  # 4.05, and 4,05 in Polish


def printed_text(notebook_path):
    cells = nbformat.read(notebook_path, as_version=4).cells
    return "".join(output.get("text", "") for cell in cells if cell.cell_type == "code" for output in cell.outputs)


@pytest.mark.parametrize("translation", TRANSLATIONS, ids=lambda path: path.parts[-3])
def test_every_percentage_and_ratio_of_the_prose_is_printed(translation):
    """The suite's prose check covers decimals of three or more digits; this notebook's prose also quotes
    accuracies and two-decimal ratios. Each must be printed by the English notebook, whose stored outputs
    test_notebook_outputs compares with a fresh run (and every language's outputs with the English)."""
    printed = printed_text(NOTEBOOK)
    assert re.search(r"\d+%", printed), f"{NOTEBOOK} prints no percentage: is it executed?"
    missing = []
    for number, cell in enumerate(nbformat.read(translation, as_version=4).cells, start=1):
        if cell.cell_type != "markdown":
            continue
        for match in PERCENTAGES.finditer(cell.source):
            missing += [f"cell {number}: {n}%" for n in match.groups() if n and f" {n}%" not in printed]
        for whole, fraction in TWO_DECIMALS.findall(cell.source):
            if f"{whole}.{fraction}" not in printed:
                missing.append(f"cell {number}: {whole}.{fraction}")
    assert not missing, f"{translation}: numbers of the prose that the notebook does not print: {missing}"
