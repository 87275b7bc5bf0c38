import torch

positions = [255, 300, 1001, 1003, 5000, 70000]
print("position " + "".join(f"{p:>8d}" for p in positions))
for dtype in (torch.bfloat16, torch.float16):
    stored = torch.tensor(positions, dtype=torch.float32).to(dtype).float()  # what a 16-bit tensor holds
    print(f"{str(dtype)[6:]:<9s}" + "".join(f"{s:>8g}" for s in stored.tolist()))
