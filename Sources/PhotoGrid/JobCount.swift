/// The worker thread counts every command's `--jobs` takes (`index`, `thumbs`, `export`, `serve`).
public enum JobCount {
    /// The most threads one run may start: more would only queue on the machine's cores, and each may
    /// hold a photo's decode (a `--jobs 100000` once started 32k threads, and then fork failed machine-wide).
    public static let maximum = 256

    /// What is wrong with `jobs` ("must be between 1 and 256 (got 0)"), or nil when it is fine (or not given).
    public static func problem(_ jobs: Int?) -> String? {
        guard let jobs, !(1...maximum).contains(jobs) else { return nil }
        return "must be between 1 and \(maximum) (got \(jobs))"
    }
}
