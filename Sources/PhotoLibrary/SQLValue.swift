public import struct Foundation.Data

/// A value bound to a statement's placeholder (`$1`, `$2`, … numbered in the order they first appear,
/// which both SQLite and PostgreSQL read as positions).
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// `value`, or NULL.
    package init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    /// `value`, or NULL.
    package init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
    /// `value`, or NULL.
    package init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    /// `value`, or NULL.
    package init(_ value: Double?) { self = value.map { .real($0) } ?? .null }

    /// What a column holds (NULLs aside): an index batch binds one array of each of its columns' kinds.
    package enum Kind: Sendable {
        case integer, real, text, blob
    }
}

extension Array {
    /// The values in pieces small enough for one statement's `IN (…)` (SQLite binds at most 32,766 values a statement).
    package var statementChunks: [ArraySlice<Element>] {
        stride(from: 0, to: count, by: 10_000).map { self[$0 ..< Swift.min($0 + 10_000, count)] }
    }
}
