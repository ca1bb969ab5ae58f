import struct Foundation.Data
import PhotoGrid

extension PathBytesField {
    /// A document's path as a terminal shows it: from the bytes when `pathBytes` carries them (invalid
    /// UTF-8 as `\xNN`), else from the text; escaped either way (`ConsoleText`).
    static func consoleText(path: String, pathBytes: String?) -> String {
        if let pathBytes, let data = Data(base64Encoded: pathBytes) { return ConsoleText.escaped(bytes: [UInt8](data)) }
        return ConsoleText.escaped(path)
    }
}
