"""Speed of the RoPE chapter's recommended implementation (RotaryCache, rotate_half form) against
transformers' LLaMA rotation, on the CPU. Not a test (pytest does not collect this file); run it
from anywhere with the project's virtualenv:

    .venv/bin/python tests/benchmarks/rope_speed.py

Same inputs for both; the results are checked equal before anything is timed. The variants are
timed in turn, round after round (so a busy machine slows them all alike), and each figure is the
median over the rounds.
"""

import statistics
import timeit

import torch
from transformers import LlamaConfig
from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding, apply_rotary_pos_emb

from hooks.core.snippets import import_snippet

rope_half = import_snippet("rope/rope_rotate_half.py")
rope_complex = import_snippet("rope/rope_complex.py")

BATCH, HEADS, SEQ, HEAD_DIM, BASE = 4, 32, 1024, 128, 10000.0


ROUNDS, RUNS_PER_ROUND = 15, 2


def median_seconds(rows, env):
    timers = {name: timeit.Timer(stmt, globals=env) for name, stmt in rows.items()}
    for timer in timers.values():
        timer.timeit(number=1)  # warm-up
    samples = {name: [] for name in rows}
    for _ in range(ROUNDS):
        for name, timer in timers.items():
            samples[name].append(timer.timeit(number=RUNS_PER_ROUND) / RUNS_PER_ROUND)
    return {name: statistics.median(values) for name, values in samples.items()}


def main():
    torch.manual_seed(0)
    q = torch.randn(BATCH, HEADS, SEQ, HEAD_DIM)
    k = torch.randn(BATCH, HEADS, SEQ, HEAD_DIM)
    positions = torch.arange(SEQ)
    position_ids = positions.expand(BATCH, SEQ)

    ours = rope_half.RotaryCache(HEAD_DIM, max_positions=4096, base=BASE)
    config = LlamaConfig(
        hidden_size=HEADS * HEAD_DIM,
        num_attention_heads=HEADS,
        head_dim=HEAD_DIM,
        max_position_embeddings=4096,
        rope_parameters={"rope_type": "default", "rope_theta": BASE},
    )
    llama = LlamaRotaryEmbedding(config)

    cos, sin = llama(q, position_ids)
    ref_q, ref_k = apply_rotary_pos_emb(q, k, cos, sin)
    diff = max((ours(q, positions) - ref_q).abs().max().item(), (ours(k, positions) - ref_k).abs().max().item())
    print(f"q, k {tuple(q.shape)}, float32, {torch.get_num_threads()} thread(s), torch {torch.__version__}")
    print(f"max abs diff, ours vs transformers: {diff:.1e}")
    assert diff < 1e-5
    # the complex form rotates interleaved pairs: the same rotation up to a permutation of features
    perm = torch.cat((torch.arange(0, HEAD_DIM, 2), torch.arange(1, HEAD_DIM, 2)))
    diff_complex = (
        (rope_complex.apply_rope_complex(q, positions)[..., perm] - ours(q[..., perm], positions)).abs().max()
    )
    print(f"max abs diff, complex form (permuted) vs ours: {diff_complex:.1e}")
    assert diff_complex < 1e-5

    env = dict(
        q=q,
        k=k,
        ours=ours,
        positions=positions,
        position_ids=position_ids,
        llama=llama,
        apply_rotary_pos_emb=apply_rotary_pos_emb,
        cos=cos,
        sin=sin,
        apply_rope_complex=rope_complex.apply_rope_complex,
    )
    rows = {
        "ours (RotaryCache), q and k": "ours(q, positions); ours(k, positions)",
        "transformers, cos/sin + apply": "c, s = llama(q, position_ids); apply_rotary_pos_emb(q, k, c, s)",
        "transformers, apply only": "apply_rotary_pos_emb(q, k, cos, sin)",
        "complex form, q and k": "apply_rope_complex(q, positions); apply_rope_complex(k, positions)",
    }
    times = median_seconds(rows, env)
    for name, seconds in times.items():
        print(f"{name:32s} median {seconds * 1e3:8.1f} ms")
    reference = times["transformers, cos/sin + apply"]
    print(f"ratio transformers (cos/sin + apply) / ours: {reference / times['ours (RotaryCache), q and k']:.2f}")
    ours_time = times["ours (RotaryCache), q and k"]
    print(f"ratio transformers (apply only) / ours:      {times['transformers, apply only'] / ours_time:.2f}")
    print(f"ratio complex form / ours:                   {times['complex form, q and k'] / ours_time:.2f}")


if __name__ == "__main__":
    main()
