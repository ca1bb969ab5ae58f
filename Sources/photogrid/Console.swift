import PhotoGrid
import PhotoGridSupport
import Platform

/// Writing to the process's standard streams without Foundation.
enum Console {
    /// Whether standard error is a terminal (progress bars are drawn only then).
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes text for people to standard output; a control character other than a line break that
    /// reached it unescaped is escaped (`ConsoleText.terminalSafe`).
    static func writeOutput(_ text: String) {
        writeAll(Array(ConsoleText.terminalSafe(text).utf8), to: STDOUT_FILENO)
    }

    /// Writes a document's bytes (JSON, whose strings are escaped) to standard output as they are.
    static func writeOutput(bytes: [UInt8]) {
        writeAll(bytes, to: STDOUT_FILENO)
    }

    /// Writes one line `photogrid: LABEL: MESSAGE` (label `error` or `warning`) on standard error, the
    /// message escaped (`ConsoleText.escaped`: a path in it cannot move the cursor, and a line break
    /// cannot split it).
    static func writeErrorLine(_ message: String, label: String = "error") {
        writeAll(Array("photogrid: \(label): \(ConsoleText.escaped(message))\n".utf8), to: STDERR_FILENO)
    }

    /// Writes `text` to standard error as is (the progress bar's own escape sequences).
    static func writeError(_ text: String) {
        writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Writes every byte to `descriptor` (`PhotoGridSupport.writeAll`); an error is dropped: a closed
    /// pipe must not hang or crash the process.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        _ = PhotoGridSupport.writeAll(bytes, to: descriptor)
    }
}
