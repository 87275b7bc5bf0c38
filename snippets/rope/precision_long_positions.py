import torch

HEAD_DIM, BASE = 128, 500000.0  # Llama 3's heads and base
WINDOW = 8192  # the error is reported over the 8192 positions just below each end
ENDS = (2**17, 2**20, 2**22)

INV_FREQ64 = BASE ** (-torch.arange(0, HEAD_DIM, 2, dtype=torch.float64) / HEAD_DIM)
INV_FREQ32 = INV_FREQ64.float()  # theta_i correctly rounded to float32


def cos_error(end, inv_freq32=INV_FREQ32):
    """Largest |cos error| of float32 angles against float64 ones, over positions end - WINDOW .. end - 1."""
    positions = torch.arange(end - WINDOW, end)
    angles32 = positions.float()[:, None] * inv_freq32  # the recipe: one elementwise float32 product
    angles64 = positions.double()[:, None] * INV_FREQ64
    return (angles32.double().cos() - angles64.cos()).abs().max().item()  # cos itself in float64


if __name__ == "__main__":
    print(f"head_dim {HEAD_DIM}, base {BASE:g}: float32 angles, max |error| of cos against float64")
    for end in ENDS:
        print(f"  positions {end - WINDOW:>7d}..{end - 1:<7d}  {cos_error(end):.1e}")
