import math

import torch


def t5_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    """T5's bucket (0 .. num_buckets - 1) of each relative position j - i (key minus query)."""
    n = relative_position
    bucket = torch.zeros_like(n)
    if bidirectional:
        num_buckets //= 2
        bucket += (n > 0).long() * num_buckets  # keys after the query: the upper half
        n = n.abs()
    else:
        n = (-n).clamp(min=0)  # keys after the query all fall into bucket 0
    exact = num_buckets // 2  # distances 0 .. exact - 1 get one bucket each
    # The other buckets split exact .. max_distance evenly on a log scale (in float32, as T5 does).
    log_scale = torch.log(n.clamp(min=1).float() / exact) / math.log(max_distance / exact)
    large = (exact + (log_scale * (num_buckets - exact)).long()).clamp(max=num_buckets - 1)
    return bucket + torch.where(n < exact, n, large)


if __name__ == "__main__":
    distances = torch.arange(-64, 65)
    buckets = t5_bucket(distances)
    runs = []
    for d, b in zip(distances.tolist(), buckets.tolist()):
        if runs and runs[-1][2] == b:
            runs[-1][1] = d
        else:
            runs.append([d, d, b])
    cells = [(f"{lo}..{hi}" if lo != hi else f"{lo}") + f" -> {b}" for lo, hi, b in runs]
    for start in range(0, len(cells), 6):
        print("   ".join(f"{cell:<14}" for cell in cells[start : start + 6]).rstrip())
    everything = t5_bucket(torch.arange(-1000, 1001))
    print("buckets never used for -1000..1000:", sorted(set(range(32)) - set(everything.tolist())))
    far = torch.tensor([-1000, -128, -127, -91, -90, 90, 91, 127, 128, 1000])
    print("far:", ", ".join(f"{d} -> {b}" for d, b in zip(far.tolist(), t5_bucket(far).tolist())))
