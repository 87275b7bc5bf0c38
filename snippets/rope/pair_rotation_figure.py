import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "guide"})  # text stays text, which the site translates

d, base = 8, 10000.0
pair = (1.0, 0.4)  # one (x_{2i}, x_{2i+1}) pair of a query, the same at every position
positions = range(6)

fig, axes = plt.subplots(1, 2, figsize=(8, 4), dpi=100)
for ax, i in zip(axes, [0, 1]):
    theta = base ** (-2 * i / d)
    for m in positions:
        c, s = math.cos(m * theta), math.sin(m * theta)
        x, y = c * pair[0] - s * pair[1], s * pair[0] + c * pair[1]
        ax.annotate("", xy=(x, y), xytext=(0, 0), arrowprops=dict(arrowstyle="->", color=plt.cm.viridis(m / 6), lw=1.8))
        if i == 0 or m in (0, 5):  # the slow pair's arrows are too close to label each one
            ax.text(1.15 * x, 1.15 * y, f"m={m}", ha="center", va="center", fontsize=9)
    ax.add_patch(plt.Circle((0, 0), math.hypot(*pair), fill=False, ls=":", color="gray"))
    ax.set_title(f"pair i = {i}: θᵢ = {theta:g} rad per position")
    print(
        f"pair {i}: {theta:g} rad per position, {5 * theta:g} rad from position 0 to 5,"
        f" one turn every {2 * math.pi / theta:.1f} positions"
    )
    ax.set_xlim(-1.4, 1.4)
    ax.set_ylim(-1.4, 1.4)
    ax.set_aspect("equal")
    ax.axhline(0, color="lightgray", lw=0.8)
    ax.axvline(0, color="lightgray", lw=0.8)
    ax.set_xlabel(f"feature {2 * i}")
    ax.set_ylabel(f"feature {2 * i + 1}")
fig.suptitle("The same two values as pair 0 and as pair 1, at positions m = 0..5 (d = 8)")
fig.tight_layout()
plt.savefig("rope-pair-rotation.svg", metadata={"Date": None})
