import PhotoLibrary

extension SQLiteStore {
    public func runWroteRows() { restartWAL() }
    public func runWroteNothing() { skipCheckpointOnClose() }
}
