/// The queue of thumbnail work shared by processes: claims with leases that end, renewal, release and
/// completion. Every method may block; errors are `LibraryError`s.
public protocol ThumbnailLeaseStore: AnyObject, Sendable {
    /// Claims, for `worker`, up to `limit` readable photos lacking a current record of one of `variants`
    /// that no unexpired claim holds, for `leaseSeconds`; returns them in grid order. Processes claiming
    /// at once get different photos; a claim whose lease ended is taken again.
    func claimThumbnailWork(variants: [String], worker: String, limit: Int, leaseSeconds: Int) throws(LibraryError) -> [Photo]
    /// Claims, for `worker`, those of `photoIDs` lacking a current record of one of `variants` that no other
    /// worker's unexpired claim holds (renewing `worker`'s own), for `leaseSeconds`; also says which of
    /// them others hold. Those in neither set need no work (any more).
    func claimThumbnailWork(among photoIDs: [Int64], variants: [String], worker: String, leaseSeconds: Int) throws(LibraryError) -> ThumbnailClaim
    /// Seconds until the soonest unexpired claim of a worker other than `worker` on a photo needing work of
    /// `variants` ends; nil when no such claim lives (an idle worker then waits for news alone).
    func soonestThumbnailLeaseEnd(variants: [String], worker: String) throws(LibraryError) -> Int?
    /// Which of `photoIDs`, lacking a current record of one of `variants`, another worker's unexpired claim
    /// holds, when the soonest of those claims ends and who holds them (`claimed` empty): read alone.
    func thumbnailClaimsHeldElsewhere(among photoIDs: [Int64], variants: [String], worker: String) throws(LibraryError) -> ThumbnailClaim
    /// Extends every unexpired claim of `worker` to `leaseSeconds` from now, and notes it as seen; returns how
    /// many claims it extended.
    @discardableResult
    func renewThumbnailClaims(worker: String, leaseSeconds: Int) throws(LibraryError) -> Int
    /// Drops the claims of the workers `isGone` says have ended (a process of this machine no longer
    /// running); returns how many claims went.
    @discardableResult
    func dropThumbnailClaims(heldBy isGone: (String) -> Bool) throws(LibraryError) -> Int
    /// Records `records` and drops `worker`'s claims on `photoIDs`, in one transaction.
    func completeThumbnailWork(_ records: [ThumbnailRecord], photoIDs: [Int64], worker: String) throws(LibraryError)
}
