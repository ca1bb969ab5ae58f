// The platform's C library — Glibc, Musl or Darwin —, chosen in this one place: a module that calls the C
// library (open, read, clock_gettime, …) writes `import Platform` (`public import Platform` when its public
// API names a C type) instead of repeating the choice.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
