import torch
from mrope import mrope_angles, mrope_axis_of_pair, mrope_position_ids

if __name__ == "__main__":
    section = [24, 20, 20]  # Qwen3-VL's mrope_section
    right = mrope_axis_of_pair(section, interleaved=True)  # t, h, w, t, h, w, ... then t
    port = mrope_axis_of_pair(section)  # the port: three blocks, as for Qwen2-VL
    moved = (right != port).nonzero().flatten().tolist()
    print(f"pairs that take another id: {len(moved)} of {len(right)}, the first ones {moved[:6]}")
    inv_freq = 1.0 / (1000000.0 ** (torch.arange(0, 128, 2).float() / 128))  # any base shows it
    ids = mrope_position_ids([("text", 3), ("image", 4, 6), ("text", 2)])
    for name, tokens in (("text tokens", [0, 1, 2, 9, 10]), ("image tokens", list(range(3, 9)))):
        angles = [mrope_angles(ids[:, tokens], inv_freq, axis) for axis in (right, port)]
        print(f"{name + ':':<13} same angles as Qwen3-VL: {torch.allclose(*angles, atol=1e-6)}")
