import matplotlib
import torch

matplotlib.use("Agg")
import matplotlib.pyplot as plt

plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "guide"})  # text stays text, which the site translates

positions = torch.arange(131072)  # 0 .. 2^17 - 1
starts = [2**k for k in range(17)]  # the ranges [2^k, 2^(k+1)) of positions
fig, ax = plt.subplots(figsize=(6.4, 3.8), dpi=100)
for dtype, color, marker in [(torch.bfloat16, "tab:red", "o"), (torch.float16, "tab:blue", "s")]:
    error = (positions.to(dtype).double() - positions.double()).abs()
    bands = [error[start : 2 * start] for start in starts]
    finite = [band[band.isfinite()] for band in bands]  # float16 turns the top of its range into inf
    largest = [f.max().item() if len(f) else float("inf") for f in finite]
    name = str(dtype)[6:]
    print(f"{name:<9s} largest finite error in [2^k, 2^(k+1)): " + " ".join(f"{e:g}" for e in largest))
    # zero and inf have no place on a log axis; a range is drawn up to its last finite position
    shown = [(s, s + len(f), e) for s, f, e in zip(starts, finite, largest) if 0 < e < float("inf")]
    ax.hlines([e for *_, e in shown], [s for s, *_ in shown], [end for _, end, _ in shown], color=color, lw=1.6)
    ax.plot([s for s, *_ in shown], [e for *_, e in shown], ls="none", marker=marker, color=color, ms=5)
    ax.plot([], [], color=color, marker=marker, lw=1.6, label=f"stored as {name}")
overflow = positions[positions.to(torch.float16).isinf()][0].item()
print(f"float16 stores every position from {overflow} on as inf")
ax.text(1.3, 40, f"float16: inf from position {overflow} on", color="tab:blue", fontsize=9)
ax.set_xscale("log", base=2)
ax.set_yscale("log", base=2)
ax.set_xticks(ticks := [2**k for k in range(0, 18, 2)], [str(t) for t in ticks])
ax.set_yticks(ticks := [1, 4, 16, 64, 256], [str(t) for t in ticks])
ax.set_xlim(1, 2**17)
ax.set_ylim(0.6, 400)
ax.set_xlabel("position (log scale)")
ax.set_ylabel("largest error of a stored position")
ax.set_title("How far a position moves when stored in 16 bits (0 left of the first marker)", fontsize=10)
ax.legend(fontsize=9, loc="upper left")
fig.tight_layout()
plt.savefig("rope-position-rounding.svg", metadata={"Date": None})
