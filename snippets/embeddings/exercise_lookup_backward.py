import torch


def lookup_backward(token_ids, grad_output, num_embeddings):
    """The gradient of the table: each output row's gradient added into the row its ID looked up."""
    dim = grad_output.shape[-1]
    grad = torch.zeros(num_embeddings, dim)
    return grad.index_add_(0, token_ids.reshape(-1), grad_output.reshape(-1, dim))


if __name__ == "__main__":
    torch.manual_seed(0)
    embedding = torch.nn.Embedding(6, 3)
    token_ids = torch.tensor([[2, 5, 2], [0, 2, 5]])  # ID 2 three times, ID 5 twice
    grad_output = torch.randn(2, 3, 3)  # the gradient of some loss with respect to the output
    embedding(token_ids).backward(grad_output)
    mine = lookup_backward(token_ids, grad_output, 6)
    print("rows with a gradient:", mine.abs().sum(dim=1).nonzero().flatten().tolist())
    print("same as autograd:", torch.allclose(mine, embedding.weight.grad, atol=1e-6))
