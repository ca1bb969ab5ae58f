public import Platform

extension stat {
    /// The modification time in nanoseconds since the Unix epoch (`st_mtim`), the form the library
    /// stores and compares.
    public var modificationTimeNanoseconds: Int64 {
        Int64(st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(st_mtim.tv_nsec)
    }
}
