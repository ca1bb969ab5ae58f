import JPEG
import GRDB
public enum PhotoLibraryPlaceholder { static let migrations = embeddedMigrations }
