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
