import math

import torch
from sinusoidal import sinusoidal_encoding

dim, delta = 64, 3
pe = sinusoidal_encoding(torch.arange(2048), dim).double()
print(
    f"positions 0..2047, dim {dim}: min {pe.min().item():.4f}, max {pe.max().item():.4f},"
    f" all in [-1, 1]: {bool(pe.abs().max() <= 1)}"
)


def matrix(m):
    return "[" + ", ".join("[" + ", ".join(f"{v:+.6f}" for v in row) + "]" for row in m.tolist()) + "]"


theta = 10000.0 ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
for i in (0, 8, 31):
    at_p, at_p_plus_delta = pe[:-delta, 2 * i : 2 * i + 2], pe[delta:, 2 * i : 2 * i + 2]  # (sin, cos) of pair i
    M = torch.linalg.lstsq(at_p, at_p_plus_delta).solution.T  # best M with at_p_plus_delta ≈ at_p @ M.T
    a = delta * theta[i].item()
    expected = torch.tensor([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]], dtype=torch.float64)
    print(
        f"pair {i:>2}: theta = {theta[i].item():.6f}, delta*theta = {a:.6f} rad,"
        f" angle of fitted M = {math.atan2(M[0, 1].item(), M[0, 0].item()):.6f} rad"
    )
    print("  fitted   M:", matrix(M))
    print("  rotation R:", matrix(expected))
    print(
        f"  max |M - R| = {(M - expected).abs().max().item():.1e},"
        f" max fit residual = {(at_p @ M.T - at_p_plus_delta).abs().max().item():.1e}"
    )
