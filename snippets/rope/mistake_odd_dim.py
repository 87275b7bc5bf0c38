import torch
from rope_complex import apply_rope_complex
from rope_rotate_half import rotate_half

torch.manual_seed(0)
d, seq = 5, 4
x = torch.randn(1, 1, seq, d)
positions = torch.arange(seq)
inv_freq = 1.0 / (10000.0 ** (torch.arange(0, d, 2).float() / d))  # 3 frequencies for 5 features
angles = positions.float()[:, None] * inv_freq


def attempt(name, compute):
    try:
        out = compute()
        print(f"{name}: ran, output shape {tuple(out.shape)}")
        return out
    except (RuntimeError, ValueError) as error:
        print(f"{name}: {type(error).__name__}: {error}")


attempt("this chapter's functions", lambda: apply_rope_complex(x, positions))
attempt("complex pairs, no check", lambda: torch.view_as_complex(x.reshape(1, 1, seq, -1, 2)))
attempt("even/odd slices, no check", lambda: x[..., 0::2] * angles.cos() - x[..., 1::2] * angles.sin())
cos = torch.cat((angles, angles), dim=-1).cos()
sin = torch.cat((angles, angles), dim=-1).sin()
attempt("rotate_half, no check", lambda: x * cos + rotate_half(x) * sin)


def rope_rotating_what_fits(x, positions):
    pairs = x.shape[-1] // 2
    rotated = apply_rope_complex(x[..., : 2 * pairs], positions)
    return torch.cat((rotated, x[..., 2 * pairs :]), dim=-1)  # the last feature passes through


out = attempt("rotate the pairs that fit", lambda: rope_rotating_what_fits(x, positions))
print("  feature 4 unchanged at every position:", torch.equal(out[..., 4], x[..., 4]))
