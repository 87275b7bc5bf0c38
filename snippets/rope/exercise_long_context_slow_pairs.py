import math

from long_context import inverse_frequencies
from model_family_table import MODELS
from rope_frequencies import rope_frequencies


def pairs_without_a_turn(head_dim, base, trained):
    """The pairs whose wavelength 2 pi / theta_i exceeds the trained length: past it, their angles are new."""
    wavelength = 2 * math.pi / inverse_frequencies(head_dim, base)
    return (wavelength > trained).nonzero().flatten().tolist()


if __name__ == "__main__":
    for head_dim, base, trained in [(128, 10000.0, 2048), (128, 500000.0, 8192)]:
        slow = pairs_without_a_turn(head_dim, base, trained)
        print(f"d = {head_dim}, base = {base:g}, L = {trained}: pairs {slow[0]}-{slow[-1]} make less than one turn")
    llama31 = next(config for name, _, config in MODELS if name == "Llama 3.1 8B")
    scaled, _ = rope_frequencies(llama31)
    unscaled, _ = rope_frequencies({**llama31, "rope_scaling": None})
    divided = (scaled / unscaled < 1 / 8 + 1e-6).nonzero().flatten().tolist()
    print(f"Llama 3.1 8B: its llama3 scaling divides pairs {divided[0]}-{divided[-1]} by its factor 8")
