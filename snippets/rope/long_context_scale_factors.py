import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from long_context import inverse_frequencies, ntk_base
from rope_frequencies import dynamic_ntk_base, rope_frequencies

plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "guide"})  # text stays text, which the site translates


def yarn_paper_ratio(d, base, trained, s, beta_fast=32.0, beta_slow=1.0):
    """YaRN as the paper defines it (Peng et al., section 3.2): a ramp linear in the number of turns r."""
    turns = trained * inverse_frequencies(d, base) / (2 * math.pi)
    gamma = ((turns - beta_slow) / (beta_fast - beta_slow)).clamp(0, 1)  # 1: keep, 0: interpolate
    return (1 - gamma) / s + gamma


def scale_factors(d, base, trained, s, length):
    """theta'_i / theta_i of each method, for pairs i = 0 .. d/2 - 1, and YaRN's attention factor."""
    config = {"head_dim": d, "rope_theta": base, "max_position_embeddings": trained}
    scalings = {
        "position interpolation": {"rope_type": "linear", "factor": s},
        "dynamic NTK": {"rope_type": "dynamic", "factor": s},
        "YaRN": {"rope_type": "yarn", "factor": s, "original_max_position_embeddings": trained},
        "Llama 3.1": {
            "rope_type": "llama3",
            "factor": s,
            "low_freq_factor": 1.0,
            "high_freq_factor": 4.0,
            "original_max_position_embeddings": trained,
        },
    }
    unscaled, _ = rope_frequencies(config)
    ratios = {"NTK-aware": (inverse_frequencies(d, ntk_base(base, s, d)) / inverse_frequencies(d, base)).float()}
    attention = {}
    for name, scaling in scalings.items():
        inv_freq, attention[name] = rope_frequencies({**config, "rope_scaling": scaling}, seq_len=length)
        ratios[name] = inv_freq / unscaled
    order = ["position interpolation", "NTK-aware", "dynamic NTK", "YaRN", "Llama 3.1"]
    return {name: ratios[name] for name in order}, attention["YaRN"]


if __name__ == "__main__":
    d, base, trained, s = 128, 10000.0, 2048, 4.0
    extended = int(trained * s)
    ratios, yarn_attention = scale_factors(d, base, trained, s, extended)

    pairs = [0, 16, 24, 32, 40, 48, 63]
    print(f"d = {d}, base = {base:g}, L = {trained}, s = {s:g}, sequence length {extended}")
    print(f"{'theta_i(new) / theta_i':<24s}" + "".join(f"{f'i = {i}':>8s}" for i in pairs))
    paper = yarn_paper_ratio(d, base, trained, s)
    for name, ratio in [*ratios.items(), ("YaRN, paper's ramp", paper)]:
        print(f"{name:<24s}" + "".join(f"{r:8.4f}" for r in ratio[pairs].tolist()))
    # Meta's bands are the paper's ramp with beta_fast = high_freq_factor = 4, beta_slow = low_freq_factor = 1.
    gap = (ratios["Llama 3.1"].double() - yarn_paper_ratio(d, base, trained, s, beta_fast=4.0)).abs().max()
    print(f"Llama 3.1 vs the paper's ramp with beta_fast = 4: largest difference {'< 1e-06' if gap < 1e-6 else gap}")
    for name in ("YaRN", "Llama 3.1"):  # kept: ratio 1; divided: ratio 1/s; blended: in between
        ratio, n = ratios[name], d // 2
        kept, divided = int((ratio > 0.9999).sum()), int((ratio < 1 / s + 1e-4).sum())
        print(f"{name}: pairs 0-{kept - 1} kept, {kept}-{n - divided - 1} blended, {n - divided}-{n - 1} divided")
    print(f"YaRN: cos and sin x {yarn_attention:.4f}, scores x {yarn_attention**2:.4f}")

    lengths = [1024, trained, 3584, 4096, extended]
    bases = [f"{dynamic_ntk_base(base, s, trained, n, d):.1f}" for n in lengths]
    print(f"dynamic NTK base at lengths {', '.join(map(str, lengths))}: {', '.join(bases)}")
    print(f"fixed NTK-aware base: {ntk_base(base, s, d):.1f}")
    alphas = [1.0, 2.0, s]
    bases = [f"{dynamic_ntk_base(base, alpha, trained, extended, d):.1f}" for alpha in alphas]
    print(f"dynamic NTK base at length {extended} for factor {', '.join(f'{a:g}' for a in alphas)}: {', '.join(bases)}")

    # A key cached at position 4095 while the sequence was 4096 tokens long, read by the query at 8191.
    key, query, pair = 4095, extended - 1, d // 2 - 1
    theta_then = 1 / dynamic_ntk_base(base, s, trained, key + 1, d) ** (2 * pair / d)
    theta_now = 1 / dynamic_ntk_base(base, s, trained, query + 1, d) ** (2 * pair / d)
    angle = query * theta_now - key * theta_then
    print(
        f"pair {pair}, query {query}, key {key} cached at length {key + 1}: angle {angle:.4f} rad,"
        f" {(query - key) * theta_now:.4f} if the key had the query's frequencies"
    )

    fig, ax = plt.subplots(figsize=(6.4, 4.2), dpi=100)
    # plotted rounded to 1e-5 (far under a pixel): the last float32 bits depend on the CPU's kernels
    styles = [  # colour, line style and marker: the curves differ without colour too
        ("tab:orange", "-", "s"),
        ("tab:green", "--", "^"),
        ("tab:red", "-.", "v"),
        ("tab:blue", "-", "o"),
        ("tab:purple", ":", "D"),
    ]
    for k, ((name, ratio), (color, line, marker)) in enumerate(zip(ratios.items(), styles)):
        label = f"{name} at {extended}" if name == "dynamic NTK" else name  # the only one that depends on the length
        shown = ratio.double().round(decimals=5)
        ax.plot(shown, color=color, ls=line, marker=marker, markevery=(k, 8), ms=5, lw=1.6, label=label)
    for level, text, x, align in [(1.0, "1: unchanged", d // 2 - 1, "right"), (1 / s, f"1/s = 1/{s:g}", 1, "left")]:
        ax.axhline(level, color="gray", lw=0.8, zorder=0)
        ax.text(x, level * 1.06, text, color="dimgray", fontsize=9, ha=align, va="bottom")
    ax.set_yscale("log", base=2)
    ax.set_yticks([1, 1 / 2, 1 / 4, 1 / 8, 1 / 16], ["1", "1/2", "1/4", "1/8", "1/16"])
    ax.set_ylim(1 / 24, 1.5)
    ax.set_xlim(0, d // 2 - 1)
    ax.set_xlabel("pair index i (fast pairs left, slow pairs right)")
    ax.set_ylabel("scale factor θ′ᵢ / θᵢ (log scale)")
    ax.set_title(f"Scaled / original frequency of each pair (d = {d}, L = {trained}, s = {s:g})", fontsize=10)
    ax.legend(fontsize=8.5, loc="lower left", ncol=2)
    fig.tight_layout()
    plt.savefig("rope-long-context-scale-factors.svg", metadata={"Date": None})
