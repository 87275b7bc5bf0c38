"""The precision page's code (snippets/rope/precision_angles.py, precision_modules.py) against a float64 ground
truth computed without torch, and against transformers' LlamaRotaryEmbedding, also under CPU autocast and after
a model is cast to bfloat16. The functions tested are the ones the page shows.
"""

import math

import numpy as np
import pytest
import torch
from transformers import LlamaConfig, LlamaForCausalLM
from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding

from hooks.core.snippets import import_snippet

angles = import_snippet("rope/precision_angles.py")
modules = import_snippet("rope/precision_modules.py")

POSITIONS = angles.POSITIONS
SAMPLED = [0, 1, 255, 256, 257, 2047, 2049, 4097, 65519, 65520, 100003, 131071]


def llama_config(**extra):
    return LlamaConfig(
        hidden_size=2 * angles.HEAD_DIM,
        num_attention_heads=2,
        head_dim=angles.HEAD_DIM,
        num_hidden_layers=1,
        intermediate_size=32,
        vocab_size=16,
        max_position_embeddings=len(POSITIONS),
        rope_parameters={"rope_type": "default", "rope_theta": angles.BASE},
        **extra,
    )


def halves(table):
    """LlamaRotaryEmbedding repeats each angle for the two halves of the head; both halves, checked equal."""
    first, second = table[0].chunk(2, dim=-1)
    assert torch.equal(first, second)
    return first


def test_reference_is_the_float64_truth():
    """The ground truth against Python's math on doubles: m * base^(-2i/d), then cos and sin."""
    cos, sin = angles.reference()
    assert cos.dtype == torch.float64 and cos.shape == (len(POSITIONS), angles.HEAD_DIM // 2)
    for m in SAMPLED:
        for i in range(0, angles.HEAD_DIM // 2, 7):
            angle = m * angles.BASE ** (-2 * i / angles.HEAD_DIM)
            assert cos[m, i].item() == pytest.approx(math.cos(angle), abs=1e-9)
            assert sin[m, i].item() == pytest.approx(math.sin(angle), abs=1e-9)


def test_float32_inverse_frequencies_are_transformers():
    assert torch.equal(angles.inverse_frequencies(), LlamaRotaryEmbedding(llama_config()).inv_freq)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float16])
def test_recipe_equals_llama_rotary_embedding(dtype):
    """rope_cos_sin == transformers' cos and sin for activations of that dtype, at every position up to 131071."""
    reference = LlamaRotaryEmbedding(llama_config())
    cos, sin = reference(torch.zeros(1, dtype=dtype), POSITIONS[None])
    ours = angles.rope_cos_sin(POSITIONS, dtype)
    assert cos.dtype == ours[0].dtype == dtype
    torch.testing.assert_close(ours[0], halves(cos), rtol=0, atol=1e-6)
    torch.testing.assert_close(ours[1], halves(sin), rtol=0, atol=1e-6)


def test_recipe_and_llama_rotary_embedding_under_autocast():
    """Under CPU autocast to bfloat16 both still compute float32 angles: the tables do not change."""
    reference = LlamaRotaryEmbedding(llama_config())
    outside = reference(torch.zeros(1), POSITIONS[None])
    ours_outside = angles.rope_cos_sin(POSITIONS, torch.float32)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        inside = reference(torch.zeros(1), POSITIONS[None])
        ours_inside = angles.rope_cos_sin(POSITIONS, torch.float32)
        bf16_inside = angles.rope_cos_sin(POSITIONS, torch.bfloat16)
    for table_inside, table_outside in zip(inside, outside, strict=True):
        assert table_inside.dtype == torch.float32 and torch.equal(table_inside, table_outside)
    for table_inside, table_outside in zip(ours_inside, ours_outside, strict=True):
        assert torch.equal(table_inside, table_outside)
    torch.testing.assert_close(ours_inside[0], halves(inside[0]), rtol=0, atol=1e-6)
    assert torch.equal(bf16_inside[0], angles.rope_cos_sin(POSITIONS, torch.bfloat16)[0])


def test_recipe_error_against_float64():
    """What the page states: float32 angles stay within 1e-2 of the truth up to 131071, within bfloat16's own
    rounding (2^-9) for the first 2048 positions once cast to bfloat16."""
    float32 = angles.max_errors(*angles.rope_cos_sin(POSITIONS, torch.float32))
    bfloat16 = angles.max_errors(*angles.rope_cos_sin(POSITIONS, torch.bfloat16))
    assert float32[0] < 1e-4 and float32[-1] < 1e-2
    assert 2**-9 * 0.99 < bfloat16[0] and bfloat16[1] < 2**-9 * 1.05 and bfloat16[-1] < 1e-2
    assert float32 == sorted(float32)  # the error grows with the position


@pytest.mark.parametrize("dtype, exact_up_to", [(torch.bfloat16, 256), (torch.float16, 2048)])
def test_positions_in_16_bits(dtype, exact_up_to):
    """Positions stay exact up to 2^(significand bits), and fail from there on; float16 overflows past 65504."""
    stored = POSITIONS[: exact_up_to + 2].to(dtype).double()
    assert torch.equal(stored[: exact_up_to + 1], POSITIONS[: exact_up_to + 1].double())
    assert stored[exact_up_to + 1] != exact_up_to + 1
    errors = angles.max_errors(*angles.low_precision("positions", dtype))
    exact = angles.max_errors(*angles.rope_cos_sin(POSITIONS, torch.float32))
    assert errors[0] == exact[0]  # exact positions: the float32 error, nothing more
    assert errors[-1] > 1.0 or math.isnan(errors[-1])


def test_float16_overflows_to_nan_angles():
    assert torch.tensor(65519.0).half().item() == 65504.0 and torch.tensor(65520.0).half().isinf()
    cos, _ = angles.low_precision("positions", torch.float16)
    assert cos[:65504].isfinite().all() and cos[65520:].isnan().all()


@pytest.mark.parametrize("kept", ["positions", "inv_freq", "angles", "everything"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_every_16_bit_choice_is_wrong_far_out(kept, dtype):
    errors = angles.max_errors(*angles.low_precision(kept, dtype))
    assert errors[-1] > 1.0 or math.isnan(errors[-1])


def test_model_cast_to_bfloat16_rounds_inv_freq_as_the_page_shows():
    """transformers 5.23.0: model.to(torch.bfloat16) casts the inv_freq buffer; the model's cos and sin are then
    those of precision_modules.Rotary after the same cast, far from the truth."""
    model = LlamaForCausalLM(llama_config()).to(torch.bfloat16)
    rotary = model.model.rotary_emb
    assert rotary.inv_freq.dtype == torch.bfloat16
    cos, sin = rotary(torch.zeros(1, dtype=torch.bfloat16), POSITIONS[None])
    ours = modules.Rotary().to(torch.bfloat16)(POSITIONS, torch.bfloat16)
    assert torch.equal(ours[0], halves(cos)) and torch.equal(ours[1], halves(sin))
    assert angles.max_errors(halves(cos), halves(sin))[0] > 0.1  # wrong already at positions 0..255


def test_from_pretrained_in_bfloat16_keeps_inv_freq_in_float32(tmp_path):
    """Loading with dtype=torch.bfloat16 (rather than casting afterwards) keeps inv_freq in float32."""
    LlamaForCausalLM(llama_config()).save_pretrained(tmp_path)
    model = LlamaForCausalLM.from_pretrained(tmp_path, dtype=torch.bfloat16)
    assert model.model.layers[0].self_attn.q_proj.weight.dtype == torch.bfloat16
    assert model.model.rotary_emb.inv_freq.dtype == torch.float32
    assert torch.equal(model.model.rotary_emb.inv_freq, angles.inverse_frequencies())


# Past 131,072 positions (snippets/rope/precision_long_positions.py): the float32 angles' error, without torch.

long_positions = import_snippet("rope/precision_long_positions.py")


def test_long_positions_theta_is_correctly_rounded():
    """Each theta_i is the float32 number nearest to base^(-2i/d), as numpy rounds a Python float."""
    d, base = long_positions.HEAD_DIM, long_positions.BASE
    nearest = [float(np.float32(base ** (-2 * i / d))) for i in range(d // 2)]
    assert long_positions.INV_FREQ32.tolist() == nearest


@pytest.mark.parametrize("end", long_positions.ENDS)
def test_long_positions_error_matches_numpy(end):
    """The same measure with numpy: a float32 product of float32 numbers, then cos in float64."""
    d, base = long_positions.HEAD_DIM, long_positions.BASE
    theta64 = np.array([base ** (-2 * i / d) for i in range(d // 2)])
    positions = np.arange(end - long_positions.WINDOW, end)
    angles32 = positions.astype(np.float32)[:, None] * theta64.astype(np.float32)
    assert angles32.dtype == np.float32
    expected = np.abs(np.cos(angles32.astype(np.float64)) - np.cos(positions[:, None] * theta64)).max()
    assert long_positions.cos_error(end) == pytest.approx(expected, rel=1e-6)


def test_long_positions_error_grows_with_the_position():
    """The page: the error grows in proportion to the position (x8 from 2^17 to 2^20, x4 from 2^20 to 2^22), and the
    table's transformers-style theta_i (not all nearest) give a larger error near 131,071."""
    e17, e20, e22 = (long_positions.cos_error(end) for end in long_positions.ENDS)
    assert 7 < e20 / e17 < 9 and 3.5 < e22 / e20 < 4.5
    table_theta = angles.inverse_frequencies(torch.float32)
    assert not torch.equal(table_theta, long_positions.INV_FREQ32)
    assert long_positions.cos_error(2**17, table_theta) > 1.3 * e17
