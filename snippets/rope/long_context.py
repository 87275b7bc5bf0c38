import torch


def inverse_frequencies(head_dim, base=10000.0):
    """theta_i = base^(-2i/d), in float64 for printing exact angles."""
    return base ** (-torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim)


def interpolated_positions(positions, scale):
    """Position interpolation: m -> m * L / L' = m / scale."""
    return positions / scale


def ntk_base(base, scale, head_dim):
    """NTK-aware scaling: a larger base, so the lowest frequency is divided by exactly `scale`."""
    return base * scale ** (head_dim / (head_dim - 2))


if __name__ == "__main__":
    d, base, trained, extended = 128, 10000.0, 2048, 8192
    s = extended / trained
    print(f"d = {d}, base = {base:g}, trained on {trained} positions, extended to {extended} (s = {s:g})")
    print(f"NTK-aware base: {ntk_base(base, s, d):.1f}")

    theta = inverse_frequencies(d, base)
    theta_ntk = inverse_frequencies(d, ntk_base(base, s, d))
    print(
        "theta_i(NTK) / theta_i for i = 0, 16, 32, 48, 63:",
        ", ".join(f"{(theta_ntk[i] / theta[i]).item():.4f}" for i in [0, 16, 32, 48, 63]),
    )

    turns = (trained - 1) * theta / (2 * torch.pi)
    for i in [0, d // 2 - 1]:
        print(f"i = {i:2d}: turns within the trained positions: {turns[i].item():.4f}")
    slow = (turns < 1).nonzero().flatten().tolist()
    print(f"pairs with less than one turn within the trained positions: {slow[0]}-{slow[-1]}")

    print(f"{'angle (rad)':>11s}  {'highest frequency, i = 0':^32s}  {'lowest frequency, i = 63':^32s}")
    print(f"{'position':>11s}  " + "  ".join(f"{n:>10s}" for n in ["original", "PI", "NTK"] * 2))
    for m in [1, trained - 1, extended - 1]:
        row = []
        for i in [0, d // 2 - 1]:
            row += [m * theta[i], interpolated_positions(m, s) * theta[i], m * theta_ntk[i]]
        print(f"{m:>11d}  " + "  ".join(f"{a.item():10.5g}" for a in row))

    # Those pairs never wrapped around in training, so their largest trained angle is at position L - 1.
    overshoot = ((extended - 1) * theta_ntk) / ((trained - 1) * theta)
    print(
        f"NTK-aware, angle at position {extended - 1} / largest trained angle:",
        ", ".join(f"i = {i}: {overshoot[i].item():.4f}" for i in [slow[0], 48, 56, 62, 63]),
    )
