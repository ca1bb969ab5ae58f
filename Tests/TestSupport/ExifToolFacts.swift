import Foundation

/// What `exiftool -n -j` reports about a file: the independent oracle for sizes, orientation and dates.
public struct ExifToolFacts {
    public var fields: [String: Any]

    /// Runs exiftool on `path`; nil when exiftool is not installed.
    public init?(path: String) throws {
        guard let tool = ExternalTool("exiftool") else { return nil }
        let data = try tool.run(["-n", "-j", path])
        let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        fields = list?.first ?? [:]
    }

    public func int(_ key: String) -> Int? { fields[key] as? Int }
    public func string(_ key: String) -> String? { fields[key] as? String }

    /// DateTimeOriginal in the "YYYY-MM-DDTHH:MM:SS" form the probes report.
    public var dateTimeOriginal: String? {
        guard let text = string("DateTimeOriginal"), text.count >= 19 else { return nil }
        var characters = Array(text.prefix(19))
        characters[4] = "-"; characters[7] = "-"; characters[10] = "T"
        return String(characters)
    }
}
