"""The hand-built embedding layer of docs/en/embeddings/pretrained-table.md against an independent
implementation: the embedding module of transformers' BertModel, loaded from the same files."""

import pytest
import torch

from hooks.core.snippets import import_snippet

files = import_snippet("embeddings/minilm_files.py")
layer = import_snippet("embeddings/minilm_embedding_layer.py")

INPUTS = {
    "sentence": ("Token embeddings are a lookup table.",),
    "pair": ("Where is the king?", "The king is in Paris."),
    "unknown-character": ("Café au lait, s'il vous plaît! 🙂",),
    "long-pair": ("The quick brown fox jumps over the lazy dog. " * 8, "A second segment, type ID 1. " * 6),
}


@pytest.fixture(scope="module")
def weights():
    return files.load_embedding_weights()


@pytest.fixture(scope="module")
def tokenizer():
    return files.load_tokenizer()


@pytest.fixture(scope="module")
def bert():
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HF_HUB_OFFLINE", "1")
        patch.setenv("TRANSFORMERS_OFFLINE", "1")
        from transformers import BertModel

        model = BertModel.from_pretrained(files.FOLDER)
    return model.eval()  # eval: the reference's dropout does nothing, like the hand-built layer


def _reference(bert, input_ids, token_type_ids):
    with torch.no_grad():
        return bert.embeddings(input_ids=input_ids, token_type_ids=token_type_ids)


@pytest.mark.parametrize("texts", INPUTS.values(), ids=INPUTS.keys())
def test_hand_built_embedding_layer_matches_bert(texts, weights, tokenizer, bert):
    encoding = tokenizer.encode(*texts)
    input_ids = torch.tensor([encoding.ids])
    token_type_ids = torch.tensor([encoding.type_ids])
    assert 1 in encoding.type_ids or len(texts) == 1
    mine = layer.bert_embeddings(weights, input_ids, token_type_ids)
    torch.testing.assert_close(mine, _reference(bert, input_ids, token_type_ids), atol=1e-6, rtol=0)


def test_a_padded_batch_of_all_512_positions_matches_bert(weights, bert):
    """Two sequences in one batch; the first uses every position row, the second is padded with ID 0."""
    full = [101] + [2773] * 510 + [102]
    short = [101, 19204, 7861, 8270, 4667, 102] + [0] * 506
    input_ids = torch.tensor([full, short])
    token_type_ids = torch.zeros_like(input_ids)
    token_type_ids[0, 256:] = 1
    mine = layer.bert_embeddings(weights, input_ids, token_type_ids)
    assert mine.shape == (2, 512, 384)
    torch.testing.assert_close(mine, _reference(bert, input_ids, token_type_ids), atol=1e-6, rtol=0)
