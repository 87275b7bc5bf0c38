import torch


def mrope_position_ids(segments, spatial_merge=2):
    """(3, tokens) position ids (t, h, w) for text and images, as Qwen2-VL numbers them. segments: ("text", n) or
    ("image", h, w), the grid of patches before merging; spatial_merge x spatial_merge patches make one token.
    Videos are left out: where the text after a video resumes differs between sources and library versions."""
    ids, start = [], 0
    for kind, *size in segments:
        if kind == "text":  # the three ids agree: plain 1-D positions
            ids.append(torch.arange(size[0]).expand(3, -1) + start)
            start += size[0]
            continue
        h, w = size[0] // spatial_merge, size[1] // spatial_merge
        rows, cols = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
        ids.append(torch.stack((torch.zeros_like(rows), rows, cols)).reshape(3, -1) + start)
        start = int(ids[-1].max()) + 1  # after the image's largest position: its start plus its longer side
    return torch.cat(ids, dim=1)


def mrope_axis_of_pair(mrope_section, interleaved=False):
    """Which id (0: t, 1: h, 2: w) each frequency pair takes its angle from."""
    if not interleaved:  # Qwen2-VL, Qwen2.5-VL: consecutive blocks of pairs
        return torch.cat([torch.full((n,), axis) for axis, n in enumerate(mrope_section)])
    axis = torch.zeros(sum(mrope_section), dtype=torch.long)  # Qwen3-VL: t, h, w, t, h, w, ... then t
    for a in (1, 2):
        axis[a : 3 * mrope_section[a] : 3] = a
    return axis


def mrope_angles(position_ids, inv_freq, axis_of_pair):
    """Angles (tokens, pairs): pair i turns with id axis_of_pair[i] of each token."""
    return position_ids[axis_of_pair].T.float() * inv_freq


if __name__ == "__main__":
    ids = mrope_position_ids([("text", 3), ("image", 4, 6), ("text", 2)])
    for name, row in zip("thw", ids):
        print(f"{name}:", " ".join(f"{int(i):>2}" for i in row))
    following = int(ids.max()) + 1  # where decoding goes on: not the number of tokens
    print(f"{ids.shape[1]} tokens; the next token takes position {following} (offset {following - ids.shape[1]})")
    for name, section, interleaved in [("Qwen2-VL", [16, 24, 24], False), ("Qwen3-VL", [24, 20, 20], True)]:
        axis = mrope_axis_of_pair(section, interleaved)
        print(f"{name} {section}:", "".join("thw"[a] for a in axis))
    inv_freq = 1.0 / (1000000.0 ** (torch.arange(0, 128, 2).float() / 128))
    text = torch.arange(10).expand(3, -1)
    same = torch.equal(
        mrope_angles(text, inv_freq, mrope_axis_of_pair([16, 24, 24])), text[0, :, None].float() * inv_freq
    )
    print("text only: M-RoPE angles == 1-D RoPE angles:", same)
