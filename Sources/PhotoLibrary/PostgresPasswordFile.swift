import PhotoGridSupport
import Platform

/// libpq's password file (`~/.pgpass`, or the file `PGPASSFILE` names): lines of
/// `hostname:port:database:username:password`, the first line whose first four fields match the
/// connection giving its password. A field of `*` matches anything; `\:` and `\\` stand for `:` and `\`;
/// lines starting with `#` are comments. The host matched is the address's host name, or the socket folder
/// when it connects through one (`localhost` when it gives neither). A file that is not a plain file, or
/// that group or others may access, is not used (`read(path:)`).
public enum PostgresPasswordFile {
    /// What is at the password file's path.
    public enum Contents: Sendable, Equatable {
        /// No file (or none this process may read): nothing to say.
        case none
        /// A file libpq would ignore, and why (said as a warning).
        case ignored(String)
        /// The file's text.
        case text(String)
    }

    /// Reads the password file at `path`, as libpq does: ignored when it is not a plain file or when
    /// group or others have any access to it.
    public static func read(path: String) -> Contents {
        guard let file = try? ReadOnlyFile(path: path), let status = try? file.status() else { return .none }
        if status.st_mode & S_IFMT != S_IFREG { return .ignored("password file \"\(path)\" is not a plain file; it is ignored") }
        if status.st_mode & (S_IRWXG | S_IRWXO) != 0 {
            return .ignored("password file \"\(path)\" has group or world access; it is ignored (permissions should be u=rw (0600) or less)")
        }
        guard let bytes = try? file.readAll() else { return .none }
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    /// The password `contents` (the file's text) gives for `location`, or nil when no line matches.
    public static func password(in contents: String, for location: PostgresLocation) -> String? {
        let wanted = [location.socketFolder ?? location.host, String(location.port), location.database, location.user]
        for line in contents.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = Self.fields(of: line)
            guard fields.count >= 5,
                  zip(fields.prefix(4), wanted).allSatisfy({ field, value in field.isWildcard || field.text == value }) else { continue }
            return fields[4].text
        }
        return nil
    }

    /// One field of a line: its text with `\:` and `\\` unescaped, and whether it was written `*` (an
    /// escaped `\*` is a literal star, as in libpq).
    struct Field {
        var text = ""
        var isWildcard = false
    }

    /// The `:`-separated fields of `line`.
    static func fields(of line: Substring) -> [Field] {
        var fields: [Field] = []
        var field = Field(), written = "", escaped = false
        for character in line {
            if escaped {
                field.text.append(character)
                written += "\\" + String(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                field.isWildcard = written == "*"
                fields.append(field)
                (field, written) = (Field(), "")
            } else {
                field.text.append(character)
                written.append(character)
            }
        }
        field.isWildcard = written == "*"
        return fields + [field]
    }
}
