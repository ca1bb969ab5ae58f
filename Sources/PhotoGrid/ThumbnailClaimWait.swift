import PhotoGridSupport
import PhotoLibrary

/// What a `thumbs` run whose remaining photos another process holds waits for: that process releasing or
/// completing one of them (the store announces commits: SQLite's file writes, PostgreSQL's NOTIFY), the
/// soonest claim's lease ending, or a holder of this machine ending (a run stopped with Ctrl-C releases
/// nothing; `ProcessEndWatch` tells its end). The store is read when news came, never on a timer; only
/// where a holder cannot be watched (a kernel without pidfd) is it looked for twice a second.
struct ThumbnailClaimWait {
    let store: any ThumbnailLeaseStore & GridSource
    let variants: [String]
    let worker: String
    let wake = WakeSignal()

    /// Waits on `store`'s announcements from now on.
    init(store: any ThumbnailLeaseStore & GridSource, variants: [String], worker: String) {
        self.store = store
        self.variants = variants
        self.worker = worker
        store.gridAnnouncements()?.observe { [wake] in wake.announce() }
    }

    /// Returns once others no longer hold exactly `held` of `photoIDs` (one was released, completed or
    /// lapsed), the soonest lease (`leaseEndsIn` seconds after the claim) ended, or a holder of this
    /// machine ended (its claims dropped).
    func untilReleased(_ photoIDs: [Int64], held: Set<Int64>, leaseEndsIn: Int?) throws(LibraryError) {
        let clock = ContinuousClock()
        // Leases are kept in whole seconds: the soonest may end up to a second after the claim said.
        let deadline = clock.now + .seconds(max(1, (leaseEndsIn ?? ThumbnailWorker.defaultLeaseSeconds) + 1))
        var watches: [String: ProcessEndWatch] = [:]   // the holders of this machine, each telling its end
        let hasEnded = { (holder: String) in watches[holder]?.hasEnded == true || ThumbnailWorker.hasEnded(holder) }
        while clock.now < deadline {
            let seen = wake.news
            let state = try store.thumbnailClaimsHeldElsewhere(among: photoIDs, variants: variants, worker: worker)
            if state.heldElsewhere != held { return }
            let local = state.holders.filter(ThumbnailWorker.isOfThisMachine)
            for holder in local where watches[holder] == nil {
                guard let pid = ThumbnailWorker.localProcess(holder) else { continue }
                watches[holder] = ProcessEndWatch(pid: pid) { [wake] in wake.announce() }
            }
            if local.contains(where: hasEnded) {
                _ = try store.dropThumbnailClaims(heldBy: hasEnded)
                return
            }
            let unwatched = local.contains { watches[$0] == nil }
            repeat {
                let left = deadline - clock.now
                wake.wait(after: seen, timeout: unwatched ? min(left, .milliseconds(500)) : left)
            } while wake.news == seen && clock.now < deadline && !(unwatched && local.contains(where: ThumbnailWorker.hasEnded))
        }
    }
}
