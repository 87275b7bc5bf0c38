"""The page on RoPE beyond one dimension (snippets/rope/rope_2d.py, mrope.py) against transformers' Qwen2-VL,
Qwen2.5-VL and Qwen3-VL code: the (t, h, w) position ids of `get_rope_index`, the angles of the M-RoPE rotary
embeddings (blocks and interleaved), and the 2-D RoPE of the vision encoder.
"""

from types import SimpleNamespace

import pytest
import torch
from transformers import Qwen2VLConfig, Qwen3VLConfig
from transformers.models.qwen2_5_vl.modeling_qwen2_5_vl import Qwen2_5_VLModel
from transformers.models.qwen2_vl import modeling_qwen2_vl
from transformers.models.qwen2_vl.modeling_qwen2_vl import Qwen2VLModel, Qwen2VLRotaryEmbedding
from transformers.models.qwen3_vl.modeling_qwen3_vl import Qwen3VLTextRotaryEmbedding
from transformers.vision_utils import get_vision_position_ids

from hooks.core.snippets import import_snippet

mrope = import_snippet("rope/mrope.py")
rope_2d = import_snippet("rope/rope_2d.py")

SEGMENTS = {
    "text, image, text": [("text", 3), ("image", 4, 6), ("text", 2)],
    "image first, tall": [("image", 8, 4), ("text", 4)],
    "two images": [("text", 1), ("image", 4, 4), ("text", 2), ("image", 6, 2), ("text", 1)],
    "a wide image last": [("text", 2), ("image", 2, 10)],
}


def token_types_and_grids(segments, merge=2):
    types, grids = [], []
    for kind, *size in segments:
        if kind == "text":
            types += [0] * size[0]
        else:
            h, w = size
            types += [1] * ((h // merge) * (w // merge))
            grids.append((1, h, w))
    return torch.tensor([types]), torch.tensor(grids)


@pytest.mark.parametrize("model_class", [Qwen2VLModel, Qwen2_5_VLModel])
@pytest.mark.parametrize("name", SEGMENTS)
def test_position_ids_are_those_of_get_rope_index(name, model_class):
    types, grids = token_types_and_grids(SEGMENTS[name])
    model = SimpleNamespace(
        config=SimpleNamespace(vision_config=SimpleNamespace(spatial_merge_size=2, tokens_per_second=2)),
        get_vision_position_ids=lambda *args, **kwargs: model_class.get_vision_position_ids(None, *args, **kwargs),
    )
    expected, deltas = model_class.get_rope_index(model, torch.zeros_like(types), types, image_grid_thw=grids)
    ids = mrope.mrope_position_ids(SEGMENTS[name])
    torch.testing.assert_close(ids, expected[:, 0])
    assert int(ids.max()) + 1 - ids.shape[1] == int(deltas[0, 0])  # the offset the page prints


@pytest.mark.parametrize(
    "config_class, rotary_class, section, interleaved",
    [
        (Qwen2VLConfig, Qwen2VLRotaryEmbedding, [16, 24, 24], False),
        (Qwen2VLConfig, Qwen2VLRotaryEmbedding, [8, 12, 12], False),
        (Qwen3VLConfig, Qwen3VLTextRotaryEmbedding, [24, 20, 20], True),
        (Qwen3VLConfig, Qwen3VLTextRotaryEmbedding, [12, 10, 10], True),
    ],
)
def test_each_pair_turns_with_the_axis_transformers_gives_it(config_class, rotary_class, section, interleaved):
    head_dim = 2 * sum(section)
    text = {"hidden_size": head_dim * 2, "num_attention_heads": 2, "head_dim": head_dim,
            "rope_parameters": {"rope_type": "default", "rope_theta": 1000000.0, "mrope_section": section}}  # fmt: skip
    config = config_class(text_config=text).get_text_config()
    rotary = rotary_class(config)
    ids = mrope.mrope_position_ids(SEGMENTS["two images"])
    cos, sin = rotary(torch.zeros(1, dtype=torch.float32), ids[:, None])
    angles = mrope.mrope_angles(ids, rotary.inv_freq, mrope.mrope_axis_of_pair(section, interleaved))
    torch.testing.assert_close(cos[0, :, : head_dim // 2], angles.cos())
    torch.testing.assert_close(sin[0, :, : head_dim // 2], angles.sin())


def test_the_interleaved_order_is_not_the_block_order():
    """The two orders must differ for the test above to tell them apart."""
    blocks, interleaved = mrope.mrope_axis_of_pair([24, 20, 20]), mrope.mrope_axis_of_pair([24, 20, 20], True)
    assert not torch.equal(blocks, interleaved)
    assert [int((interleaved == a).sum()) for a in range(3)] == [24, 20, 20]


@pytest.mark.parametrize("grid", [(1, 4, 6), (2, 8, 4), (1, 2, 2)])
def test_vision_patches_rotate_as_in_the_qwen2_vl_encoder(grid):
    head_dim = 16
    vision = SimpleNamespace(rope_parameters={"rope_type": "axial", "rope_theta": 10000.0}, head_dim=head_dim)
    rotary = modeling_qwen2_vl.Qwen2VLVisionRotaryEmbedding(vision)
    positions = get_vision_position_ids(torch.tensor([grid]), 2)  # patches in the encoder's order
    cos, sin = rotary(torch.zeros(1), positions)
    torch.manual_seed(0)
    q = torch.randn(len(positions), 2, head_dim)
    expected, _ = modeling_qwen2_vl.apply_rotary_pos_emb_vision(q, q, cos, sin)
    rows, cols = positions[:, 0], positions[:, 1]
    got = rope_2d.apply_rope_2d(q.transpose(0, 1), rows, cols).transpose(0, 1)
    torch.testing.assert_close(got, expected)


def test_2d_scores_depend_on_the_offset_in_both_directions():
    torch.manual_seed(0)
    q, k = torch.randn(8), torch.randn(8)

    def score(a, b):
        rq = rope_2d.apply_rope_2d(q[None], torch.tensor([a[0]]), torch.tensor([a[1]]))
        rk = rope_2d.apply_rope_2d(k[None], torch.tensor([b[0]]), torch.tensor([b[1]]))
        return (rq @ rk.T).item()

    assert score((0, 0), (2, 3)) == pytest.approx(score((5, 1), (7, 4)), abs=1e-5)
    assert score((0, 0), (2, 3)) != pytest.approx(score((0, 0), (3, 2)), abs=1e-3)
