import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import torch
from sinusoidal import sinusoidal_encoding

plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "guide"})  # text stays text, which the site translates

pe = sinusoidal_encoding(torch.arange(128), dim=64)
fig, ax = plt.subplots(figsize=(6, 4), dpi=100)
image = ax.imshow(pe, cmap="RdBu_r", vmin=-1, vmax=1, aspect="auto", interpolation="nearest")
fig.colorbar(image, ax=ax, label="value")
ax.set_xlabel("dimension (even: sin, odd: cos; frequency falls to the right)")
ax.set_ylabel("position")
ax.set_title("Sinusoidal position encoding, 128 positions × 64 dimensions", fontsize=10, pad=10)
fig.tight_layout()
plt.savefig("sinusoidal-encoding.svg", metadata={"Date": None})
