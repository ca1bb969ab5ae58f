import PhotoLibrary

extension SQLiteStore: IndexWriter {
    package func runWroteRows() { restartWAL() }
    package func runWroteNothing() { skipCheckpointOnClose() }
}
