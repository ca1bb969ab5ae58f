/// The thumbnail work of a library, for `photogrid stats`: how many photos wait for a thumbnail, how
/// many of them a worker holds, and the processes that have claimed work.
public struct ThumbnailQueue: Sendable, Equatable {
    /// A process that has claimed thumbnail work (`photogrid worker`, `photogrid thumbs`).
    public struct Worker: Sendable, Equatable {
        /// `host:pid`.
        public var name: String
        /// When it last claimed, in Unix seconds (the database's clock).
        public var lastSeen: Int64
        /// Photos it has claimed in all.
        public var claimed: Int64

        /// `lastSeen` as `YYYY-MM-DDTHH:MM:SSZ`.
        public var lastSeenUTC: String { UTCTime(nanoseconds: lastSeen * 1_000_000_000).isoSeconds + "Z" }

        public init(name: String, lastSeen: Int64, claimed: Int64) {
            self.name = name; self.lastSeen = lastSeen; self.claimed = claimed
        }
    }

    /// The sizes counted: those recorded in the library (or the defaults asked about, when none is).
    public var variants: [String]
    /// Readable photos lacking a current thumbnail of one of `variants`.
    public var waiting: Int
    /// Of those, the ones an unexpired claim holds (being made now).
    public var claimed: Int
    /// The processes seen claiming work within the last hour, latest first.
    public var workers: [Worker]
    /// The database's clock when read, in Unix seconds (to say how long ago a worker was seen).
    public var now: Int64

    public init(variants: [String], waiting: Int, claimed: Int, workers: [Worker], now: Int64) {
        self.variants = variants; self.waiting = waiting; self.claimed = claimed; self.workers = workers; self.now = now
    }
}

/// What one claim among given photos found (`LibraryStore.claimThumbnailWork(among:…)`).
public struct ThumbnailClaim: Sendable, Equatable {
    /// Photos now claimed by the caller.
    public var claimed: Set<Int64>
    /// Photos still needing work that another process's unexpired claim holds.
    public var heldElsewhere: Set<Int64>
    /// Seconds until the soonest of those claims ends (whole seconds, as leases are kept); nil when none is held.
    public var leaseEndsIn: Int?
    /// The workers holding them (`thumbnailClaimsHeldElsewhere` only).
    public var holders: Set<String>

    public init(claimed: Set<Int64> = [], heldElsewhere: Set<Int64> = [], leaseEndsIn: Int? = nil, holders: Set<String> = []) {
        self.claimed = claimed; self.heldElsewhere = heldElsewhere; self.leaseEndsIn = leaseEndsIn; self.holders = holders
    }
}
