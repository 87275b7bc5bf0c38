from mrope import mrope_position_ids

if __name__ == "__main__":
    segments = [("text", 2), ("image", 4, 4), ("text", 1), ("image", 2, 6)]
    ids = mrope_position_ids(segments, spatial_merge=2)
    for name, row in zip("thw", ids):
        print(f"{name}:", " ".join(f"{int(i):>2}" for i in row))
    following = int(ids.max()) + 1  # the position of the next token
    print(f"{ids.shape[1]} tokens; the next token takes position {following}; rope_deltas {following - ids.shape[1]}")
