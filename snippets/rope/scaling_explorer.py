from long_context_scale_factors import scale_factors

d, base = 128, 10000.0
pairs = [0, 16, 24, 32, 40, 48, 63]
for s, trained in [(4, 2048), (2, 4096), (8, 1024), (16, 8192)]:
    ratios, _ = scale_factors(d, base, trained, float(s), s * trained)  # dynamic NTK at s * L tokens
    print(f"s = {s}, L = {trained}: theta_i(new) / theta_i at pairs {', '.join(map(str, pairs))}")
    for name, ratio in ratios.items():
        print(f"  {name:<23s}" + "".join(f"{r:8.4f}" for r in ratio[pairs].tolist()))
