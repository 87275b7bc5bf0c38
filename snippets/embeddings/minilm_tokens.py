from minilm_files import FOLDER, load_tokenizer
from tokenizers import Tokenizer

as_shipped = Tokenizer.from_file(str(FOLDER / "tokenizer.json"))
print(
    "as shipped, 'embedding' becomes",
    len(as_shipped.encode("embedding").ids),
    "IDs:",
    as_shipped.encode("embedding").tokens[:7],
    "...",
)

tokenizer = load_tokenizer()  # padding and truncation switched off
for text in ("embedding", "Embeddings", "tokenization", "unbelievably", "Café au lait", "The king visited Paris."):
    encoding = tokenizer.encode(text)
    print(f"{text!r:<26} {' '.join(encoding.tokens):<40} {encoding.ids}")

print("not in the vocabulary:", tokenizer.encode("ok 🙂").tokens, tokenizer.encode("ok🙂").tokens)
pair = tokenizer.encode("Where is the king?", "The king is in Paris.")
print(pair.tokens)
print("type IDs:", pair.type_ids)
print("special tokens:", {t: tokenizer.token_to_id(t) for t in ("[PAD]", "[UNK]", "[CLS]", "[SEP]")})
print("vocabulary size:", tokenizer.get_vocab_size())
