from minilm_files import load_tokenizer

tokenizer = load_tokenizer()


def token_ids_of(word):
    """The IDs of the pieces the model sees for a word: normalised as the tokenizer does, then split."""
    return tokenizer.encode(word, add_special_tokens=False).ids


if __name__ == "__main__":
    for word in ("king", "Paris", "Café", "embedding"):
        ids = token_ids_of(word)
        pieces = [tokenizer.id_to_token(i) for i in ids]
        print(f"{word!r:<12} token_to_id: {tokenizer.token_to_id(word)!s:<5} pieces: {ids} {pieces}")
