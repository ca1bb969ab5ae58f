// jpeg-bench probe FILES...            best-of-50 probe time per file (and without the digest's share)
// jpeg-bench decode [--scale=N] [--fast] [--square] FILES...   best-of-15 decode time per file
import Glibc
import JPEG

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func rounded(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    return "\((value * scale).rounded() / scale)"
}

func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var fastest = Double.infinity
    for _ in 0..<runs {
        let start = now()
        try body()
        fastest = min(fastest, now() - start)
    }
    return fastest
}

/// FNV-1a over a buffer, as the probe's prefix digest does, to show its share of the probe time.
func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return hash
}

let arguments = CommandLine.arguments.dropFirst()
guard let mode = arguments.first else {
    print("usage: jpeg-bench probe|decode [--scale=N] [--fast] [--square] FILES...")
    exit(64)
}
let flags = Set(arguments.dropFirst().filter { $0.hasPrefix("--") })
let files = arguments.dropFirst().filter { !$0.hasPrefix("--") }

switch mode {
case "probe":
    var sink: UInt64 = 0
    let probe = try best(50) {
        for file in files { sink &+= try JPEGHeader.probe(path: file).prefixDigest }
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)
    defer { buffer.deallocate() }
    var digestTime = 0.0
    for file in files {
        let descriptor = open(file, O_RDONLY)
        let count = pread(descriptor, buffer.baseAddress, 65536, 0)
        close(descriptor)
        let prefix = UnsafeRawBufferPointer(rebasing: buffer[..<max(0, count)])
        digestTime += best(50) { sink &+= fnv1a(prefix) }
    }
    let count = Double(files.count)
    print("probe: \(files.count) files, \(rounded(probe / count * 1e6, 1)) µs/file "
          + "(of which FNV-1a of the first 64 KiB: \(rounded(digestTime / count * 1e6, 1)) µs)  [\(sink % 2)]")
case "decode":
    let denominator = Int(flags.first { $0.hasPrefix("--scale=") }?.dropFirst(8) ?? "8") ?? 8
    var options = JPEGDecodeOptions(scale: JPEGScale(rawValue: denominator) ?? .eighth)
    if flags.contains("--fast") {
        options.fancyUpsampling = false
        options.dctMethod = .fastInteger
    }
    for file in files {
        var fileOptions = options
        if flags.contains("--square") {  // the centre square, as a grid thumbnail needs
            let header = try JPEGHeader.probe(path: file).header
            let width = options.scale.scaledLength(header.storedWidth)
            let height = options.scale.scaledLength(header.storedHeight)
            let side = min(width, height)
            fileOptions.region = JPEGRegion(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side)
        }
        var decoded: DecodedJPEG?
        let time = try best(15) { decoded = try JPEGDecoder.decode(path: file, options: fileOptions) }
        let label = (flags.contains("--fast") ? " fast" : "") + (flags.contains("--square") ? " centre-square" : "")
        print("\(file) ours 1/\(denominator)\(label): \(rounded(time * 1e3, 2)) ms "
              + "(\(decoded?.width ?? 0)×\(decoded?.height ?? 0))")
    }
default:
    print("unknown mode \(mode)")
    exit(64)
}
