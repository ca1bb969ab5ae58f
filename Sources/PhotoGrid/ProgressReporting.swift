import PhotoLibrary
public import Indexing

/// Where a long use case (indexing, thumbnails, export) reports how far it got: the library calls it,
/// the caller decides what to do with it — the command line draws a bar on a terminal, a server
/// would send events. Called from the use case's own thread.
public protocol ProgressReporting: Sendable {
    /// `progress.done` of `progress.total` in `progress.phase` (walking the folder, then indexing or
    /// making thumbnails).
    func update(_ progress: IndexProgress)
    /// The work ended (whether it succeeded or not).
    func finish()
}
