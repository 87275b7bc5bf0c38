import torch
from layout_conversion import half_to_interleaved, interleaved_to_half

if __name__ == "__main__":
    rows = torch.arange(16)  # w_k: 2 key/value heads of 8 rows, numbered
    for label, heads in (("2 key/value heads", 2), ("4 query heads", 4)):
        new = interleaved_to_half(rows, heads)
        # the half-split pairs (row i, row i + 4) of each key head of 8 rows, as old row numbers
        pairs = [(int(new[8 * h + i]), int(new[8 * h + i + 4])) for h in range(2) for i in range(4)]
        print(f"with {label}: {new.tolist()}")
        print(f"  pairs: {pairs}")
        print("  and back:", torch.equal(half_to_interleaved(new, heads), rows))
