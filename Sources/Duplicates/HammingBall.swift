/// The values within a Hamming radius of a value: the probes of a multi-index hash table.
enum HammingBall {
    /// Calls `body` with every value of `width` bits that differs from `centre` in 1…`radius` bits
    /// (and `centre` itself first when `includingCentre`).
    static func forEach(around centre: UInt64, width: UInt64, radius: Int, includingCentre: Bool = false,
                        _ body: (UInt64) -> Void) {
        if includingCentre { body(centre) }
        guard radius > 0 else { return }
        func flip(from bit: UInt64, value: UInt64, left: Int) {
            guard left > 0 else { return }
            var b = bit
            while b < width {
                let flipped = value ^ (1 << b)
                body(flipped)
                flip(from: b + 1, value: flipped, left: left - 1)
                b += 1
            }
        }
        flip(from: 0, value: centre, left: radius)
    }
}
