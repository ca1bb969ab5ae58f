import ArgumentParser

/// The one check of every path given on the command line (`--db`, `--out`, the folder of `index` and
/// `export`): an empty value is refused as a usage error, never read as "the current folder" or "/"
/// (an unset shell variable in `--out "$DIR"` must not write at the filesystem root).
///
/// Every path option and argument is declared with `transform: PathArgument.nonEmpty`.
enum PathArgument {
    static func nonEmpty(_ text: String) throws -> String {
        guard !text.isEmpty else { throw ValidationError("a path must not be empty (is a shell variable unset?)") }
        return text
    }
}
