"""The sinusoidal encoding of docs/en/positions/sinusoidal.md against the formula of Vaswani et al.
(2017) evaluated directly in float64, and against an independent implementation, the
`positional-encodings` package. The function tested is the very one the page shows.
"""

import math

import pytest
import torch
from positional_encodings.torch_encodings import PositionalEncoding1D

from hooks.core.snippets import import_snippet

sinusoidal = import_snippet("positions/sinusoidal.py")

ATOL = 1e-5


def formula(positions, dim, base=10000.0):
    """PE(p, 2i) = sin(p / base^(2i/d)), PE(p, 2i+1) = cos(p / base^(2i/d)), one number at a time."""
    table = [[0.0] * dim for _ in positions]
    for row, p in enumerate(positions):
        for i in range(dim // 2):
            angle = p / base ** (2 * i / dim)
            table[row][2 * i] = math.sin(angle)
            table[row][2 * i + 1] = math.cos(angle)
    return torch.tensor(table, dtype=torch.float64)


@pytest.mark.parametrize("dim", [2, 6, 64, 512])
@pytest.mark.parametrize(
    "positions",
    [range(1), range(7), range(300), range(0, 4096, 7), range(10000, 10064)],
    ids=["0", "0-6", "0-299", "0-4095-step7", "10000-10063"],
)
def test_matches_float64_formula(positions, dim):
    ours = sinusoidal.sinusoidal_encoding(torch.tensor(list(positions)), dim)
    assert ours.shape == (len(positions), dim) and ours.dtype == torch.float32
    torch.testing.assert_close(ours.double(), formula(positions, dim), atol=ATOL, rtol=0)


def test_other_base():
    positions = range(50)
    torch.testing.assert_close(
        sinusoidal.sinusoidal_encoding(torch.arange(50), 16, base=500.0).double(),
        formula(positions, 16, base=500.0),
        atol=ATOL,
        rtol=0,
    )


# Layout of PositionalEncoding1D(channels) (positional_encodings/torch_encodings.py): it rounds
# channels up to an even number C, uses inv_freq[i] = 1 / 10000^(2i / C) for i < C/2, and builds
# each row with get_emb, which stacks (sin, cos) on a last axis and flattens it: columns
# sin(p w_0), cos(p w_0), sin(p w_1), cos(p w_1), ... -- sin and cos interleaved, exactly the
# PE(p, 2i) / PE(p, 2i+1) layout of the paper and of our function. So for an even dim the mapping is
# the identity, column for column. For an odd dim it computes the table of the even C = dim + 1
# and drops the last column (a cosine); our function refuses odd dims instead.
#
# The package computes inv_freq and the angles in float32, so its error grows with the position,
# roughly position x 6e-8 (measured: 1.6e-5 over 256 positions with 512 channels, 1.4e-4 over 2048):
# the comparison stops at 128 positions, where it stays within ATOL; our function computes the
# angles in float64, and the float64 test above covers positions up to 10063.
@pytest.mark.parametrize("dim", [2, 8, 64, 512])
@pytest.mark.parametrize("length", [1, 7, 64, 128])
def test_matches_positional_encodings_package(length, dim):
    reference = PositionalEncoding1D(dim)(torch.zeros(2, length, dim))  # (batch, positions, channels)
    ours = sinusoidal.sinusoidal_encoding(torch.arange(length), dim)
    for row in reference:  # the same table for every sequence of the batch
        torch.testing.assert_close(ours, row, atol=ATOL, rtol=0)


@pytest.mark.parametrize("dim", [5, 63])
def test_odd_dim_mapping_to_package(dim):
    reference = PositionalEncoding1D(dim)(torch.zeros(1, 40, dim))[0]
    with pytest.raises(ValueError):
        sinusoidal.sinusoidal_encoding(torch.arange(40), dim)
    torch.testing.assert_close(
        sinusoidal.sinusoidal_encoding(torch.arange(40), dim + 1)[:, :dim], reference, atol=ATOL, rtol=0
    )
