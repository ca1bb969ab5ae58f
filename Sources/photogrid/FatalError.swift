import ArgumentParser
import PhotoGrid

/// Runs a command's body; an error becomes one line `photogrid: error: …` on stderr and exit status 1.
func exitingOnFatalError<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        printError(photoGridMessage(for: error) ?? "\(error)")
        throw ExitCode.failure
    }
}
