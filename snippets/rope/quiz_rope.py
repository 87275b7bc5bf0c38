import math


def wavelength(i, d, base=10000.0):
    """Positions per full turn of pair i: 2 pi / theta_i, with theta_i = base ** (-2i / d)."""
    return 2 * math.pi * base ** (2 * i / d)


if __name__ == "__main__":
    d, trained = 128, 2048
    for i in (40, 41):
        print(f"d = {d}, base 10000: pair {i} turns once every {wavelength(i, d):.1f} positions")
    slow = [i for i in range(d // 2) if wavelength(i, d) > trained]
    print(f"pairs that turn less than once within {trained} positions: {slow[0]}-{slow[-1]}")

    head_dim, rotary_pct = 96, 0.25  # GPT-NeoX-20B
    r = int(head_dim * rotary_pct)
    print(f"GPT-NeoX-20B: {r} of {head_dim} features rotated (0-{r - 1}), feature 0 paired with {r // 2}")
    print(f"  {head_dim - r} features passed through ({r}-{head_dim - 1})")
