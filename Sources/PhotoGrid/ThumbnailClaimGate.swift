import PhotoLibrary
import Synchronization
import Thumbnails

/// Divides a `thumbs` run's photos with the other processes making the same library's thumbnails
/// (`thumbs`, `worker`): before a job is made, its photos are claimed
/// (`LibraryStore.claimThumbnailWork(among:…)`), a run of `chunk` photos at a time in the plan's order; a
/// job whose photos another process holds is left to it (`.heldElsewhere`). A job whose photos nobody
/// holds and that need no work by their records is skipped when `isDone` finds its records current and
/// its file there (another process made it since this run planned), and made otherwise (its file was
/// missing). Two processes started together thus leapfrog each other, a chunk at a time, instead of
/// making the same files in lockstep.
final class ThumbnailClaimGate: Sendable {
    private struct State {
        var mine: Set<Int64> = []
        var elsewhere: Set<Int64> = []
        var decided: Set<Int64> = []
        var failure: LibraryError?
    }

    private let store: any ThumbnailLeaseStore
    private let variants: [String]
    let worker: String
    private let leaseSeconds: Int
    /// The plan's photos, in the order jobs are handed out.
    private let order: [Int64]
    private let position: [Int64: Int]
    private let chunk: Int
    private let photosOfJob: [[Int64]]
    private let isDone: @Sendable (ThumbnailJob) -> Bool
    private let state = Mutex(State())

    init(store: any ThumbnailLeaseStore, variants: [String], worker: String, leaseSeconds: Int, work: ThumbnailWork, chunk: Int,
         isDone: @escaping @Sendable (ThumbnailJob) -> Bool) {
        self.store = store
        self.isDone = isDone
        self.variants = variants
        self.worker = worker
        self.leaseSeconds = leaseSeconds
        self.chunk = max(1, chunk)
        photosOfJob = work.photos.map { $0.map(\.id) }
        var order: [Int64] = [], position: [Int64: Int] = [:]
        for photos in photosOfJob {
            for id in photos where position[id] == nil {
                position[id] = order.count
                order.append(id)
            }
        }
        self.order = order
        self.position = position
    }

    /// nil to make `job` here, or the outcome it gets instead.
    func admit(_ job: ThumbnailJob) -> ThumbnailJobResult? {
        let photos = photosOfJob[job.tag]
        let decision = state.withLock { state -> ThumbnailJobResult?? in
            if state.failure != nil { return .some(nil) }  // the claim failed: make it (file locks still keep it once)
            if let first = photos.first(where: { !state.decided.contains($0) }), let start = position[first] {
                var ids: [Int64] = []
                for id in order[start...] where !state.decided.contains(id) {
                    ids.append(id)
                    if ids.count == chunk { break }
                }
                do throws(LibraryError) {
                    let claim = try store.claimThumbnailWork(among: ids, variants: variants, worker: worker,
                                                             leaseSeconds: leaseSeconds)
                    state.mine.formUnion(claim.claimed)
                    state.elsewhere.formUnion(claim.heldElsewhere)
                    state.decided.formUnion(ids)
                } catch {
                    state.failure = error
                    return .some(nil)
                }
            }
            if photos.contains(where: state.mine.contains) { return .some(nil) }
            return photos.contains(where: state.elsewhere.contains) ? .some(.heldElsewhere) : nil
        }
        // Nobody holds it and its records need nothing: done by another process since planning, or its file is missing.
        return decision ?? (isDone(job) ? .madeByAnotherProcess : nil)
    }

    /// The photos this process claimed (to drop their claims at the end).
    var claimed: [Int64] { state.withLock { Array($0.mine) } }
}
