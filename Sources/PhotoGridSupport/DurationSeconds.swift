extension Duration {
    /// The duration in seconds, with its fraction (what summaries print as `seconds`).
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
