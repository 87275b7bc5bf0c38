import math

import torch

SUPPORTED_TYPES = ("default", "linear", "dynamic", "yarn", "llama3")
REQUIRED_KEYS = {
    "default": (),
    "linear": ("factor",),
    "dynamic": ("factor",),
    "yarn": ("factor", "original_max_position_embeddings"),
    "llama3": ("factor", "original_max_position_embeddings", "low_freq_factor", "high_freq_factor"),
}


def rope_frequencies(config: dict, seq_len: int | None = None) -> tuple[torch.Tensor, float]:
    """The inverse frequencies theta_i (one per rotated pair) and the attention factor of a config.json.

    seq_len is the length of the current sequence; only the "dynamic" type depends on it.
    """
    where, params = rope_parameters(config)
    refuse_per_layer_or_multimodal(config, params, where)
    rope_type = params.get("rope_type", params.get("type", "default"))
    if rope_type not in SUPPORTED_TYPES:
        key = "rope_type" if "rope_type" in params else "type"
        raise ValueError(f"{where}[{key!r}] = {rope_type!r} is not supported; supported values: {SUPPORTED_TYPES}")
    for key in REQUIRED_KEYS[rope_type]:
        number(params, key, where, f"rope_type {rope_type!r} requires {REQUIRED_KEYS[rope_type]}")
    factor = params.get("factor")

    base = rope_theta(config, params)
    _, dim = rotated_features(config, params)
    if rope_type == "dynamic":
        trained = number(config, "max_position_embeddings", "config", "rope_type 'dynamic' requires it")
        base = dynamic_ntk_base(base, factor, trained, seq_len or trained, dim)
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))  # float32, as the model code has it

    if rope_type == "linear":  # position interpolation (Chen et al.): m -> m / factor
        return inv_freq / factor, 1.0
    if rope_type == "llama3":
        return llama3_scaling(inv_freq, params), 1.0
    if rope_type == "yarn":
        return yarn_scaling(inv_freq, dim, base, params)
    return inv_freq, 1.0


def refuse_per_layer_or_multimodal(config, params, where):
    """One set of frequencies for every layer and one position per token is all this function computes."""
    if "mrope_section" in params or "mrope_interleaved" in params or params.get("type") == "mrope":
        raise ValueError(f"{where} describes M-RoPE (positions (t, h, w) for images and video); not supported")
    if "vision_config" in config or str(config.get("model_type", "")).endswith(("_vl", "_vl_text")):
        raise ValueError("a vision-language config: its text uses M-RoPE (positions (t, h, w)); not supported")
    no_rope = [i for i, rotates in enumerate(config.get("no_rope_layers") or []) if not rotates]
    if config.get("no_rope_layer_interval") and "no_rope_layers" not in config:
        no_rope = f"every {config['no_rope_layer_interval']}th"
    if no_rope:
        raise ValueError(f"'no_rope_layers': layers {no_rope} use no RoPE: read it per layer with layer_ropes")
    if "rope_local_base_freq" in config:
        raise ValueError("'rope_local_base_freq': local and global layers use different bases: use layer_ropes")
    if config.get("model_type") in ("smollm3", "llama4_text", "gemma3_text"):
        raise ValueError(f"model_type {config['model_type']!r} gives its layers different RoPE: use layer_ropes")
    if "qk_rope_head_dim" in config and config.get("head_dim") != config["qk_rope_head_dim"]:
        raise ValueError("MLA rotates only 'qk_rope_head_dim' features of each head: set head_dim to it")
    for key in ("use_dynamic_ntk", "use_logn_attn"):
        if config.get(key):
            raise ValueError(f"{key!r} (Qwen-7B's own long-context scaling) is not supported")


def dynamic_ntk_base(base, factor, trained, length, dim):
    """Dynamic NTK, as transformers does it: the base for a sequence of `length` tokens, unchanged up to
    the trained length and larger past it."""
    length = max(length, trained)
    return base * (factor * length / trained - (factor - 1)) ** (dim / (dim - 2))


def llama3_scaling(inv_freq, params):
    """Meta's apply_scaling (Llama 3.1): slow pairs interpolated, fast pairs kept, a blend in between."""
    factor, low, high = params["factor"], params["low_freq_factor"], params["high_freq_factor"]
    old_context = params["original_max_position_embeddings"]
    wavelength = 2 * math.pi / inv_freq
    smooth = (old_context / wavelength - low) / (high - low)
    blended = (1 - smooth) * inv_freq / factor + smooth * inv_freq
    return torch.where(
        wavelength < old_context / high,
        inv_freq,
        torch.where(wavelength > old_context / low, inv_freq / factor, blended),
    )


def yarn_scaling(inv_freq, dim, base, params):
    """YaRN (Peng et al., 2024), with the ramp and the attention factor of the authors' code."""
    factor, original = params["factor"], params["original_max_position_embeddings"]

    def pair_turning(turns):  # the (fractional) pair that turns `turns` times in the original length
        return dim * math.log(original / (turns * 2 * math.pi)) / (2 * math.log(base))

    low, high = pair_turning(params.get("beta_fast") or 32), pair_turning(params.get("beta_slow") or 1)
    if params.get("truncate", True):
        low, high = math.floor(low), math.ceil(high)
    low, high = max(low, 0), min(high, dim - 1)
    if low == high:
        high += 0.001
    ramp = ((torch.arange(dim // 2).float() - low) / (high - low)).clamp(0, 1)  # 0: keep, 1: interpolate
    inv_freq = inv_freq / factor * ramp + inv_freq * (1 - ramp)

    def mscale(scale, m=1.0):
        return 1.0 if scale <= 1 else 0.1 * m * math.log(scale) + 1.0

    if params.get("attention_factor") is not None:
        return inv_freq, float(params["attention_factor"])
    if params.get("mscale") and params.get("mscale_all_dim"):  # DeepSeek's form
        return inv_freq, mscale(factor, params["mscale"]) / mscale(factor, params["mscale_all_dim"])
    return inv_freq, mscale(factor)


def rope_parameters(config):
    """(key, dict): transformers 5's `rope_parameters`, or `rope_scaling` (null or absent: no scaling)."""
    given = {key: config[key] for key in ("rope_parameters", "rope_scaling") if config.get(key)}
    if len(given) == 2 and given["rope_parameters"] != given["rope_scaling"]:
        raise ValueError("config has both 'rope_parameters' and 'rope_scaling', and they differ; keep one")
    where, params = next(iter(given.items()), ("rope_scaling", {}))
    if any(isinstance(value, dict) for value in params.values()):
        raise ValueError(f"{where} has one entry per layer type ({', '.join(params)}); pass one of them")
    if "rope_type" in params and "type" in params and params["rope_type"] != params["type"]:
        raise ValueError(f"{where} has 'rope_type' {params['rope_type']!r} and 'type' {params['type']!r}")
    outside = config.get("original_max_position_embeddings")  # some configs (Phi-3) keep it beside the dict
    if params and outside is not None:
        if params.get("original_max_position_embeddings", outside) != outside:
            raise ValueError(f"'original_max_position_embeddings' differs between the config and its {where}")
        params = {**params, "original_max_position_embeddings": outside}
    return where, params


def rope_theta(config, params):
    """The base; older configs (Llama 2, GPT-J) have none: 10000, as in the RoPE paper. GPT-NeoX: rotary_emb_base."""
    return params.get("rope_theta", config.get("rope_theta", config.get("rotary_emb_base", 10000.0)))


def rotated_features(config, params):
    """(head_dim, number of rotated features): partial_rotary_factor (GPT-NeoX: rotary_pct, GPT-J: rotary_dim)."""
    head_dim = config.get("head_dim")
    if not head_dim:
        hidden = config.get("hidden_size", config.get("n_embd"))
        heads = config.get("num_attention_heads", config.get("n_head"))
        if not hidden or not heads:
            raise ValueError(
                "config needs 'head_dim', or 'hidden_size' and 'num_attention_heads' (GPT-J: 'n_embd' and 'n_head')"
            )
        head_dim = hidden // heads
    fraction = params.get("partial_rotary_factor", config.get("partial_rotary_factor", config.get("rotary_pct")))
    dim = head_dim if fraction is None else int(head_dim * fraction)
    if config.get("rotary_dim") is not None:
        if fraction is not None and dim != config["rotary_dim"]:
            raise ValueError(f"'rotary_dim' {config['rotary_dim']} disagrees with the rotary fraction {fraction}")
        dim = config["rotary_dim"]
    if dim % 2 or not 0 < dim <= head_dim:
        raise ValueError(
            f"the rotated features must be an even number from 2 to head_dim = {head_dim}, got {dim} "
            "from 'partial_rotary_factor', 'rotary_pct' or 'rotary_dim'"
        )
    return head_dim, dim


def number(params, key, where, why):
    value = params.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{where}[{key!r}] must be a number, got {value!r}: {why}")
    return value


if __name__ == "__main__":
    llama2 = {"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096}
    unscaled, _ = rope_frequencies(llama2)
    scalings = {
        "linear": {"rope_type": "linear", "factor": 4.0},
        "dynamic": {"rope_type": "dynamic", "factor": 4.0},
        "yarn": {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 4096},
        "llama3": {
            "rope_type": "llama3",
            "factor": 4.0,
            "low_freq_factor": 1.0,
            "high_freq_factor": 4.0,
            "original_max_position_embeddings": 4096,
        },
    }
    pairs = [0, 16, 32, 40, 48, 63]
    print("d = 128, base = 10000, 4096 trained positions, factor 4, seq_len = 16384")
    print(f"{'theta_i / theta_i(default)':<28s}" + "".join(f"{f'i = {i}':>8s}" for i in pairs) + "  attention")
    for name, scaling in scalings.items():
        inv_freq, attention = rope_frequencies({**llama2, "rope_scaling": scaling}, seq_len=16384)
        ratio = (inv_freq / unscaled)[pairs]
        print(f"{name:<28s}" + "".join(f"{r:8.4f}" for r in ratio.tolist()) + f"  {attention:9.4f}")
    # The three bands, over all 64 pairs: kept (ratio 1), blended, divided by the factor (ratio 1/4).
    for name in ("yarn", "llama3"):
        ratio = rope_frequencies({**llama2, "rope_scaling": scalings[name]})[0] / unscaled
        n, kept, divided = len(ratio), int((ratio > 0.9999).sum()), int((ratio < 0.2501).sum())
        print(f"{name}: pairs 0-{kept - 1} kept, {kept}-{n - divided - 1} blended, {n - divided}-{n - 1} divided")
    wavelength = 2 * math.pi / unscaled
    print(f"wavelength 2 pi / theta_i in tokens: pair 32 {wavelength[32]:.0f}, pair 48 {wavelength[48]:.0f}")
    try:
        rope_frequencies({**llama2, "rope_scaling": {"type": "longrope", "factor": 4.0}})
    except ValueError as error:
        print("ValueError:", error)
    try:
        rope_frequencies({**llama2, "rope_scaling": {"rope_type": "yarn", "factor": 4.0}})
    except ValueError as error:
        print("ValueError:", error)
    qwen25_vl = {**llama2, "rope_scaling": {"type": "default", "mrope_section": [16, 24, 24]}}
    smollm3 = {**llama2, "no_rope_layers": [1, 1, 1, 0, 1, 1, 1, 0]}
    for config in (qwen25_vl, smollm3):
        try:
            rope_frequencies(config)
        except ValueError as error:
            print("ValueError:", error)
