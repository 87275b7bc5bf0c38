import math

import torch


def frequencies(d, base=10000.0):
    """theta_i = base ** (-2i / d) for the pairs i = 0 .. d/2 - 1, in float64."""
    return base ** (-2 * torch.arange(d // 2, dtype=torch.float64) / d)


if __name__ == "__main__":
    for i, theta in enumerate(frequencies(8).tolist()):
        print(f"pair {i}: theta = {theta:.4f} rad per position, one turn every {2 * math.pi / theta:.1f} positions")
