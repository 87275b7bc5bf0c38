import math

theta = 0.4  # the pair's angle per position, as on the dial
q, k = (1.0, 0.2), (0.3, 0.7)  # the pair of a query and of a key, before any rotation


def rotate(v, angle):
    c, s = math.cos(angle), math.sin(angle)
    return (c * v[0] - s * v[1], s * v[0] + c * v[1])


for m, n in [(1, 3), (10, 12), (3, 1), (0, 16)]:
    qm, kn = rotate(q, m * theta), rotate(k, n * theta)
    start, end = math.atan2(qm[1], qm[0]), math.atan2(kn[1], kn[0])
    angle = (end - start) % (2 * math.pi)
    score = qm[0] * kn[0] + qm[1] * kn[1]
    print(f"query at {m:2}, key at {n:2}: angle from q to k {angle:.4f} rad, score {score:.4f}")
