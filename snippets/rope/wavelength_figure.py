import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from long_context import inverse_frequencies

plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "guide"})  # text stays text, which the site translates

d, base, trained, extended = 128, 10000.0, 2048, 8192
wavelength = 2 * math.pi / inverse_frequencies(d, base)  # positions per full turn of pair i
longer = (wavelength > trained).nonzero()[0].item()
print(f"wavelength of pair 0: {wavelength[0].item():.2f} positions, of pair {d // 2 - 1}: {wavelength[-1].item():.0f}")
print(f"pairs whose wavelength exceeds the trained length {trained}: {longer}-{d // 2 - 1}")

fig, ax = plt.subplots(figsize=(6.4, 3.8), dpi=100)
pairs = range(d // 2)
slow = [i >= longer for i in pairs]
ax.bar(pairs, wavelength, color=["tab:red" if s else "tab:blue" for s in slow], hatch=["//" if s else "" for s in slow])
ax.set_yscale("log")
ax.set_yticks(ticks := [10, 100, 1000, 10000], [str(t) for t in ticks])
lines = [(trained, f"trained length L = {trained}", "-"), (extended, f"extended to {extended}", "--")]
for length, text, style in lines:
    ax.axhline(length, color="black", lw=1, ls=style)
    ax.text(1, length * 1.2, text, fontsize=9, va="bottom")
ax.text(longer - 1, 40000, f"pairs {longer}–{d // 2 - 1}: less than one turn within L →", fontsize=9, ha="right")
ax.set_xlim(-1, d // 2)
ax.set_xlabel("pair index i")
ax.set_ylabel("wavelength 2π / θᵢ (positions, log scale)")
ax.set_title(f"Positions per full turn of each pair (d = {d}, base = {base:g})", fontsize=10)
fig.tight_layout()
plt.savefig("rope-wavelengths.svg", metadata={"Date": None})
