import ArgumentParser
import PhotoGrid

#if canImport(Glibc)
import Glibc
#endif

/// Runs `body`; a `UsageError` becomes one line on stderr and exit status 64, any other error one
/// line and exit status 1.
func usage<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as UsageError {
        printError(error.message)
        throw ExitCode.validationFailure
    } catch let exit as ExitCode {
        throw exit
    } catch {
        printError("\(error)")
        throw ExitCode.failure
    }
}

/// Writes `photogrid: error: MESSAGE` on stderr.
func printError(_ message: String) {
    writeAll(Array("photogrid: error: \(message)\n".utf8), to: 2)
}

/// Writes `photogrid: warning: MESSAGE` on stderr (something went wrong, but the command did its work).
func printWarning(_ message: String) {
    writeAll(Array("photogrid: warning: \(message)\n".utf8), to: 2)
}

/// Writes a JSON document and a newline on stdout.
func printJSON(_ document: some JSONWritable) {
    var bytes = document.jsonBytes()
    bytes.append(UInt8(ascii: "\n"))
    writeAll(bytes, to: 1)
}

/// Writes every byte to a file descriptor, retrying short writes and EINTR; gives up on other errors
/// (a closed pipe must not hang or crash the process).
func writeAll(_ bytes: [UInt8], to fd: Int32) {
    bytes.withUnsafeBytes { buffer in
        var done = 0
        while done < buffer.count {
            let n = write(fd, buffer.baseAddress.map { $0 + done }, buffer.count - done)
            if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { return }
        }
    }
}
