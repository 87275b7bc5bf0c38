import torch

torch.manual_seed(123)
trained = torch.randn(6, 3)  # stands in for a table saved by an earlier training run

shared = torch.nn.Embedding.from_pretrained(trained)
print(
    "from_pretrained: same values",
    torch.equal(shared.weight, trained),
    "| same memory",
    shared.weight.data_ptr() == trained.data_ptr(),
)

copied = torch.nn.Embedding(6, 3)
copied.load_state_dict({"weight": trained})
print(
    "load_state_dict: same values",
    torch.equal(copied.weight, trained),
    "| same memory",
    copied.weight.data_ptr() == trained.data_ptr(),
)

larger = torch.nn.Embedding(10, 3)
with torch.no_grad():
    larger.weight[:6].copy_(trained)
print("slice copy:      same values", torch.equal(larger.weight[:6], trained))

trained[0, 0] = 100.0  # an in-place change to the source tensor
print(
    f"after trained[0, 0] = 100: shared table {shared.weight[0, 0].item():.4f} | copy {copied.weight[0, 0].item():.4f}"
)

try:
    copied.load_state_dict({"weight": torch.randn(10, 3)})
except RuntimeError as error:
    print(f"{type(error).__name__}: {error}".replace("\t", "    "))  # the message indents with a tab
