import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program as a shell would: no signal blocked (a child inherits its parent's blocked signals, and
/// the test process blocks some), standard input, output and error on /dev/null or a file, and none of the
/// test process's other descriptors. Foundation's `Process` is not used: it learns of a child's exit through
/// a socket the child inherits, so a child that leaves a daemon behind (`pg_ctl start`) never "exits".
public enum CleanSpawn {
    /// Runs `arguments` (a full path first) and waits; returns its exit status (128 + the signal when killed).
    /// Output and errors go to `output` when given (appended), else to /dev/null.
    @discardableResult
    public static func run(_ arguments: [String], output: String? = nil) throws -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Every other descriptor (Glibc 2.34+): nothing of the test process outlives it in a daemon.
        _ = addCloseFrom(&actions, 3)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard code == 0 else { throw CleanSpawnFailure(command: arguments.joined(separator: " "), errno: code) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}

/// A program could not be started.
public struct CleanSpawnFailure: Error, CustomStringConvertible {
    public var command: String
    public var errno: Int32
    public var description: String { "cannot start \(command): \(String(cString: strerror(errno)))" }
}

/// glibc's posix_spawn_file_actions_addclosefrom_np (2.34+), which its Swift module map leaves out.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
