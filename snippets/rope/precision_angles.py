import functools

import torch

HEAD_DIM, BASE = 128, 500000.0  # Llama 3's heads and base
POSITIONS = torch.arange(131072)  # Llama 3.1's context: positions 0 .. 131071
ENDS = (256, 2048, 16384, 131072)  # the error is reported over positions 0 .. end - 1


def inverse_frequencies(dtype=torch.float32):
    return 1.0 / (BASE ** (torch.arange(0, HEAD_DIM, 2, dtype=dtype) / HEAD_DIM))


def rope_cos_sin(positions, dtype):
    """The recipe: angles, cos and sin in float32, then cast to the activations' dtype."""
    angles = positions.float()[:, None] * inverse_frequencies(torch.float32)  # an elementwise product, not `@`
    return angles.cos().to(dtype), angles.sin().to(dtype)


@functools.cache
def reference():
    """cos and sin computed in float64 from float64 angles: the ground truth."""
    angles = POSITIONS.double()[:, None] * inverse_frequencies(torch.float64)
    return angles.cos(), angles.sin()


def max_errors(cos, sin):
    """Largest |error| of cos and sin against float64, over positions 0 .. end - 1 for each end in ENDS."""
    ref_cos, ref_sin = reference()
    error = torch.maximum((cos.double() - ref_cos).abs(), (sin.double() - ref_sin).abs()).amax(dim=1)
    return [error[:end].max().item() for end in ENDS]


def low_precision(kept, dtype):
    """cos and sin when the positions, inv_freq, the angles or all three are kept in dtype; the rest float32."""
    positions, inv_freq = POSITIONS.float(), inverse_frequencies()
    if kept in ("positions", "everything"):
        positions = POSITIONS.to(dtype)
    if kept in ("inv_freq", "everything"):
        inv_freq = inv_freq.to(dtype)
    angles = positions[:, None] * inv_freq  # dtype only if both factors are in it
    if kept == "angles":
        angles = angles.to(dtype)
    return angles.cos(), angles.sin()


if __name__ == "__main__":

    def show(label, cos_sin):
        print(f"{label:<38s}" + "".join(f"{error:>10.1e}" for error in max_errors(*cos_sin)))

    print(f"head_dim {HEAD_DIM}, base {BASE:g}: max |error| of cos and sin against float64, positions")
    print(f"{'':<38s}" + "".join(f"{f'0..{end - 1}':>10s}" for end in ENDS))
    for dtype in (torch.bfloat16, torch.float16):
        for kept in ("positions", "inv_freq", "angles", "everything"):
            show(f"{kept} in {str(dtype)[6:]}", low_precision(kept, dtype))
    show("everything in float32", rope_cos_sin(POSITIONS, torch.float32))
    for dtype in (torch.bfloat16, torch.float16):
        show(f"float32, cos and sin cast to {str(dtype)[6:]}", rope_cos_sin(POSITIONS, dtype))
    largest = torch.tensor(131071.0)  # the largest angles lie between 2^16 and 2^17 radians
    print("float32 numbers near 131071 are", (torch.nextafter(largest, largest + 1) - largest).item(), "apart")

    # Where the float32 error is: pair 0's angles m * 1 are exact integers; the other pairs' are rounded products.
    cos, sin = rope_cos_sin(POSITIONS, torch.float32)
    ref_cos, ref_sin = reference()
    error = torch.maximum((cos.double() - ref_cos).abs(), (sin.double() - ref_sin).abs())
    position, pair = divmod(error.argmax().item(), error.shape[1])
    print(
        f"everything in float32: largest error in pair {pair} at position {position};"
        f" pair 0 (theta_0 = {inverse_frequencies()[0].item():g}): {error[:, 0].max().item():.1e}"
    )
    # bfloat16 keeps 8 significant bits: rounding to nearest changes a number by at most 2^-8 of its size.
    relative = (inverse_frequencies().to(torch.bfloat16).double() / inverse_frequencies(torch.float64) - 1).abs()
    print(
        f"inv_freq in bfloat16: largest relative error {relative.max().item():.1e} (pair {relative.argmax().item()}),"
        f" bound 2^-8 = {2**-8}"
    )
