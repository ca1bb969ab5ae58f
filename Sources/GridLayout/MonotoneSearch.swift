/// Binary search over a predicate that turns from false to true once along a range: the one loop the
/// grids find sections, rows and headers with.
enum MonotoneSearch {
    /// The first index of `range` where `isPast` holds (`range.upperBound` when none does).
    @inline(__always)
    static func first(in range: Range<Int>, where isPast: (Int) -> Bool) -> Int {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if isPast(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
