/// Where layouts are kept between processes (`kept_layouts`, Migrations/0017): bytes under a key, each for
/// the grid version it was made from. A grid reader gives back the bytes of its own version
/// (`GridWindowReader.keptLayout(key:)`); every method may block; errors are `LibraryError`s.
public protocol KeptLayoutStore: AnyObject, Sendable {
    /// Keeps `bytes` under `key` for grid version `gridVersion`, removes the layouts of other versions and
    /// all but the 8 newest, in one transaction.
    func keepLayout(key: String, gridVersion: Int, bytes: [UInt8]) throws(LibraryError)
}

/// The statements of kept layouts, written once for both dialects (`$n` placeholders, as `PictureSignatureSQL`).
package enum KeptLayoutSQL {
    /// The bytes kept under `$1` for the grid as the reading snapshot sees it.
    package static let select = """
        SELECT bytes FROM kept_layouts WHERE key = $1 AND grid_version = (SELECT version FROM grid_version WHERE id = 1)
        """
    package static let version = "SELECT version FROM grid_version WHERE id = 1"
    package static let deleteOtherVersions = "DELETE FROM kept_layouts WHERE grid_version <> $1"
    package static let upsert = """
        INSERT INTO kept_layouts (key, grid_version, bytes, kept_order) VALUES ($1, $2, $3, (SELECT coalesce(max(kept_order), 0) + 1 FROM kept_layouts))
        ON CONFLICT (key) DO UPDATE SET grid_version = excluded.grid_version, bytes = excluded.bytes, kept_order = excluded.kept_order
        """
    static let keptCount = 8
    package static let trim = """
        DELETE FROM kept_layouts WHERE key NOT IN (SELECT key FROM kept_layouts ORDER BY kept_order DESC LIMIT \(keptCount))
        """
}
