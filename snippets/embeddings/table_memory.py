import torch
from transformers import GPT2Config, GPT2LMHeadModel, LlamaConfig, LlamaForCausalLM

MiB = 2**20
for name, vocab_size, dim in (("GPT-2", 50257, 768), ("LLaMA-sized", 32000, 4096)):
    print(f"{name} table {vocab_size} x {dim} = {vocab_size * dim:,} parameters")
    for dtype in (torch.float32, torch.bfloat16):
        table = torch.empty(vocab_size, dim, dtype=dtype, device="meta")  # shape and dtype, no memory
        print(f"  {str(dtype):<15} {table.numel() * table.element_size() / MiB:7.1f} MiB")
    print(f"  training in float32 with Adam (weight, gradient, 2 moments): {4 * vocab_size * dim * 4 / MiB:.1f} MiB")

with torch.device("meta"):  # build the full models without allocating their weights
    models = {"GPT-2 small": GPT2LMHeadModel(GPT2Config()), "LLaMA-7B-sized": LlamaForCausalLM(LlamaConfig())}
for name, model in models.items():
    total = sum(p.numel() for p in model.parameters())  # a tied tensor counts once
    input_table, output_table = model.get_input_embeddings().weight, model.get_output_embeddings().weight
    tables = input_table.numel() + (0 if output_table is input_table else output_table.numel())
    print(
        f"{name}: {total:,} parameters, output layer tied: {output_table is input_table}, "
        f"token tables {tables:,} = {tables / total:.1%}"
    )
