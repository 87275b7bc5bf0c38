import torch

positions = torch.arange(131073)  # 0 .. 131072
samples = [257, 2049, 4097, 65519, 65520, 131071]
print(f"{'stored as':<10s}{'exact up to':>12s}{'distinct values':>17s}" + "".join(f"{p:>8d}" for p in samples))
for dtype in (torch.bfloat16, torch.float16, torch.float32):
    stored = positions.to(dtype)
    exact = stored.double() == positions.double()
    last_exact = len(positions) - 1 if exact.all() else exact.logical_not().nonzero()[0].item() - 1
    row = "".join(f"{stored[p].item():>8g}" for p in samples)
    print(f"{str(dtype)[6:]:<10s}{last_exact:>12d}{stored.unique().numel():>17d}{row}")
print("largest float16:", torch.finfo(torch.float16).max)
