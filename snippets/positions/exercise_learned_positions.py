import torch


class LearnedPositions(torch.nn.Module):
    """Adds one learned vector per position to token vectors of shape (batch, seq, dim)."""

    def __init__(self, context_length, dim):
        super().__init__()
        self.context_length = context_length
        self.table = torch.nn.Embedding(context_length, dim)

    def forward(self, x):
        seq = x.shape[1]
        if seq > self.context_length:
            raise ValueError(f"{seq} tokens, but the table has rows for positions 0..{self.context_length - 1} only")
        return x + self.table(torch.arange(seq, device=x.device))


if __name__ == "__main__":
    torch.manual_seed(0)
    layer = LearnedPositions(context_length=4, dim=8)
    for seq in (3, 4, 5):
        x = torch.randn(2, seq, 8)  # a batch of 2 sequences
        try:
            added = layer(x) - x
        except ValueError as error:
            print(f"{seq} tokens: ValueError: {error}")
            continue
        same = torch.allclose(added, layer.table.weight[:seq].expand(2, -1, -1), atol=1e-6)
        print(f"{seq} tokens: output {tuple(added.shape)}, rows 0..{seq - 1} added to both sequences: {same}")
