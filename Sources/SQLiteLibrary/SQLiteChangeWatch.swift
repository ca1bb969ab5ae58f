import PhotoLibrary
import NIOCore
import NIOPosix
import PhotoGridSupport

import Platform

/// Writes to a SQLite library's files, seen through inotify on the database's folder and read on an
/// event loop (no thread of its own, no timer): a commit by any process writes the write-ahead log — or
/// the database, when a checkpoint copies pages back — and each read of such events is one announcement
/// (`GridAnnouncements`; what the server's grid follows). Other files of the folder are not announced.
final class SQLiteChangeWatch: Sendable {
    let announcements = GridAnnouncements()
    private let channel = LockedValue<(channel: (any Channel)?, stopped: Bool)>((nil, false))

    /// What a write to the files is seen as.
    static let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)

    /// Watches the folder of the database at `databasePath`; nil when inotify cannot (no watch left).
    init?(databasePath: String) {
        let slash = databasePath.lastIndex(of: "/")
        let folder = slash.map { $0 == databasePath.startIndex ? "/" : String(databasePath[..<$0]) } ?? "."
        let name = Array((slash.map { String(databasePath[databasePath.index(after: $0)...]) } ?? databasePath).utf8)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        guard inotify_add_watch(descriptor, folder, Self.mask) >= 0 else {
            close(descriptor)
            return nil
        }
        let reader = EventReader(names: [name, name + Array("-wal".utf8)], announcements: announcements)
        NIOPipeBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            // inotify refuses a read shorter than one event with its name: never adapt below 64 KiB.
            .channelOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: 64 << 10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(reader) }
            }
            .takingOwnershipOfDescriptor(input: descriptor)
            .whenComplete { [channel] result in
                switch result {
                case .success(let opened):
                    let stopped = channel.withLock { state -> Bool in
                        state.channel = opened
                        return state.stopped
                    }
                    if stopped { opened.close(promise: nil) }
                case .failure:
                    close(descriptor)  // (still ours when the channel was not made)
                }
            }
    }

    /// Stops watching.
    func stop() {
        let opened = channel.withLock { state -> (any Channel)? in
            state.stopped = true
            return state.channel
        }
        opened?.close(promise: nil)
    }

    deinit { stop() }

    /// Reads inotify's events (whole events per read) and announces a read naming one of `names`, or a
    /// lost event (a full queue).
    private final class EventReader: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let names: [[UInt8]]
        let announcements: GridAnnouncements

        init(names: [[UInt8]], announcements: GridAnnouncements) {
            self.names = names
            self.announcements = announcements
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            let announce = buffer.withUnsafeReadableBytes { bytes -> Bool in
                let header = MemoryLayout<inotify_event>.size
                var offset = 0
                while offset + header <= bytes.count {
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + header
                    offset = start + Int(event.len)
                    if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }
                    let name = bytes[start..<min(offset, bytes.count)].prefix { $0 != 0 }
                    if names.contains(where: { $0.elementsEqual(name) }) { return true }
                }
                return false
            }
            if announce { announcements.announce() }
        }
    }
}
