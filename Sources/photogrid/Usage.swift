import ArgumentParser
import PhotoGrid

/// Writes `photogrid: error: MESSAGE` on stderr, the message escaped for the terminal.
func printError(_ message: String) {
    Console.writeErrorLine(message)
}

/// Writes `photogrid: warning: MESSAGE` on stderr (something went wrong, but the command did its work).
func printWarning(_ message: String) {
    Console.writeErrorLine(message, label: "warning")
}

/// Writes a JSON document and a newline on stdout; a document holding a number that is not finite is
/// refused (one line, exit 1) rather than printed with `null`.
func printJSON(_ document: some JSONWritable, reservingCapacity capacity: Int = 4096) throws {
    var bytes = try document.documentBytes(reservingCapacity: capacity)
    bytes.append(UInt8(ascii: "\n"))
    Console.writeOutput(bytes: bytes)
}

/// Writes a `Codable` document (sorted keys, one line) and a newline on stdout, with the same refusal.
func printJSON(encoding document: some Encodable) throws {
    var bytes = try DocumentEncoding.bytes(document)
    bytes.append(UInt8(ascii: "\n"))
    Console.writeOutput(bytes: bytes)
}
