import math

theta = 0.4  # one pair's angle per position, as in the figure above
q, k = (1.0, 0.2), (0.3, 0.7)  # the pair of a query and of a key, before any rotation


def rotate(v, angle):
    c, s = math.cos(angle), math.sin(angle)
    return (c * v[0] - s * v[1], s * v[0] + c * v[1])


def dial(m, n):
    """The query at position m and the key at position n: the angle from q to k and their score."""
    qm, kn = rotate(q, m * theta), rotate(k, n * theta)
    angle = (math.atan2(kn[1], kn[0]) - math.atan2(qm[1], qm[0])) % (2 * math.pi)
    return angle, qm[0] * kn[0] + qm[1] * kn[1]


for m, n, shift in [(1, 3, 0), (1, 3, 4), (1, 3, 12), (6, 2, 0), (6, 2, 9), (0, 16, 16)]:
    angle, score = dial(m + shift, n + shift)
    print(f"query at {m}, key at {n}, both moved by {shift}: angle {angle:.4f} rad, score {score:.4f}")
