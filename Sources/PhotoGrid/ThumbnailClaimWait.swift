import PhotoGridSupport
import PhotoLibrary

/// What a `thumbs` run whose remaining photos another process holds waits for: that process releasing or
/// completing one of them (the store announces commits: SQLite's file writes, PostgreSQL's NOTIFY), the
/// soonest claim's lease ending, or a holder of this machine ending (a run stopped with Ctrl-C releases
/// nothing). The store is read when it announced a change, never on a timer; a holder of this machine is
/// looked for twice a second by its process id alone (`ThumbnailWorker.hasEnded`).
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
        while clock.now < deadline {
            let seen = wake.news
            let state = try store.thumbnailClaimsHeldElsewhere(among: photoIDs, variants: variants, worker: worker)
            if state.heldElsewhere != held { return }
            let local = state.holders.filter(ThumbnailWorker.isOfThisMachine)
            if local.contains(where: ThumbnailWorker.hasEnded) {
                _ = try store.dropThumbnailClaims(heldBy: ThumbnailWorker.hasEnded)
                return
            }
            repeat {
                let left = deadline - clock.now
                wake.wait(after: seen, timeout: local.isEmpty ? left : min(left, .milliseconds(500)))
            } while wake.news == seen && clock.now < deadline && !local.contains(where: ThumbnailWorker.hasEnded)
        }
    }
}
