// thumbs-quality: PSNR of thumbnails against the full-decode area-average reference, and render
// times, for the pipeline at DCT margins 1 and 2 with each filter, and for other tools' outputs.
//
//   thumbs-quality (--square N | --fit N) [--other NAME=DIR ...] FILE...
//
// For every FILE: the reference (`ThumbnailReference`), then for margin ∈ {1, 2} × filter ∈
// {mitchell, lanczos3} the pipeline's pixels before encoding ("raw") and after encoding at quality
// 85 and decoding again ("q85"), and the best of 3 render times. `--other NAME=DIR` reads
// DIR/<file name without extension>.ppm (binary PPM, e.g. from `vipsthumbnail -o DIR/%s.ppm` or
// `convert … DIR/x.ppm`) and DIR/<name>.jpg if present, and compares them with the same reference.
// Prints one row per file and the mean PSNR (over files) per configuration.
import Foundation
import ImageQuality
import Imaging
import JPEG
import Thumbnails

struct Configuration: Hashable {
    var margin: Int
    var filter: ResamplingFilter
    var name: String { "m\(margin)-\(filter)" }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("thumbs-quality: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var target: ThumbnailTarget?
var others: [(name: String, folder: String)] = []
var files: [String] = []
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--square", "--fit":
        guard let value = arguments.first.flatMap(Int.init) else { fail("\(argument) needs a number") }
        arguments.removeFirst()
        target = argument == "--square" ? .square(side: value) : .fit(longSide: value)
    case "--other":
        guard let value = arguments.first, let equals = value.firstIndex(of: "=") else { fail("--other NAME=DIR") }
        arguments.removeFirst()
        others.append((String(value[..<equals]), String(value[value.index(after: equals)...])))
    default:
        files.append(argument)
    }
}
guard let target, !files.isEmpty else { fail("usage: thumbs-quality (--square N | --fit N) [--other NAME=DIR] FILE...") }

let configurations = [1, 2].flatMap { margin in
    [ResamplingFilter.mitchell, .lanczos3].map { Configuration(margin: margin, filter: $0) }
}

/// Seconds since an arbitrary start.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Reads a binary PPM (P6, maxval 255).
func readPPM(_ path: String) -> PixelBuffer? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes.append(contentsOf: chunk[..<count])
    }
    // Header: P6 <ws> width <ws> height <ws> maxval <one ws> data; comments start with #.
    var index = 0
    func token() -> String? {
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "#") {
                while index < bytes.count && bytes[index] != 10 { index += 1 }
            } else if bytes[index] == 32 || bytes[index] == 10 || bytes[index] == 13 || bytes[index] == 9 {
                index += 1
            } else { break }
        }
        let start = index
        while index < bytes.count && !(bytes[index] == 32 || bytes[index] == 10 || bytes[index] == 13 || bytes[index] == 9) {
            index += 1
        }
        return start < index ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }
    guard token() == "P6", let width = token().flatMap(Int.init), let height = token().flatMap(Int.init),
          token() == "255" else { return nil }
    index += 1
    guard bytes.count - index >= width * height * 3 else { return nil }
    return try? PixelBuffer(width: width, height: height, bytes: Array(bytes[index..<(index + width * height * 3)]))
}

/// Decodes a JPEG file fully.
func readJPEG(_ path: String) -> PixelBuffer? {
    guard let decoded = try? JPEGDecoder.decode(path: path) else { return nil }
    return try? PixelBuffer(width: decoded.width, height: decoded.height, bytes: decoded.pixels)
}

func psnr(_ image: PixelBuffer?, _ reference: PixelBuffer) -> Double? {
    guard let image, image.size == reference.size else { return nil }
    return try? image.psnr(comparedWith: reference)
}

func format(_ value: Double?) -> String {
    guard let value else { return "   –  " }
    return value.isInfinite ? "   ∞  " : String(format: "%6.2f", value)
}

var sums: [String: (total: Double, count: Int)] = [:]
@MainActor func add(_ key: String, _ value: Double?) {
    guard let value, value.isFinite else { return }
    sums[key, default: (0, 0)].total += value
    sums[key, default: (0, 0)].count += 1
}

var columns = configurations.flatMap { ["\($0.name) raw", "\($0.name) q85", "\($0.name) ms"] }
columns += others.flatMap { ["\($0.name) raw", "\($0.name) jpg"] }
print("target \(target); PSNR in dB against the full-decode area average; ms = best of 3 renders (decode+resample+orient)")
print("file\t" + columns.joined(separator: "\t"))
for path in files {
    let header: JPEGHeader
    do { header = try JPEGHeader.probe(path: path).header } catch { fail("\(path): \(error)") }
    let source = ThumbnailSource(path: path, storedSize: PixelSize(width: header.storedWidth, height: header.storedHeight),
                                 orientation: Orientation(exifValue: header.orientation))
    let reference: PixelBuffer
    do { reference = try ThumbnailReference.render(source, target: target) } catch { fail("\(path): \(error)") }
    var row = [String(path.split(separator: "/").last ?? "")]
    for configuration in configurations {
        let options = ThumbnailOptions(margin: configuration.margin, filter: configuration.filter)
        var best = Double.infinity
        var rendered: RenderedThumbnail?
        for _ in 0..<3 {
            let start = now()
            rendered = try? ThumbnailPipeline.render(source, target: target, options: options)
            best = min(best, now() - start)
        }
        guard let rendered else { fail("\(path): render failed") }
        let raw = psnr(rendered.pixels, reference)
        let encoded = try? ThumbnailPipeline.encode(rendered)
        let reencoded = encoded.flatMap { try? JPEGDecoder.decode(bytes: $0) }
            .flatMap { try? PixelBuffer(width: $0.width, height: $0.height, bytes: $0.pixels) }
        let q85 = psnr(reencoded, reference)
        add("\(configuration.name) raw", raw)
        add("\(configuration.name) q85", q85)
        add("\(configuration.name) ms", best * 1000)
        row += [format(raw), format(q85), String(format: "%6.2f", best * 1000)]
    }
    let stem = String((path.split(separator: "/").last ?? "").split(separator: ".").first ?? "")
    for other in others {
        let raw = psnr(readPPM("\(other.folder)/\(stem).ppm"), reference)
        let jpg = psnr(readJPEG("\(other.folder)/\(stem).jpg"), reference)
        add("\(other.name) raw", raw)
        add("\(other.name) jpg", jpg)
        row += [format(raw), format(jpg)]
    }
    print(row.joined(separator: "\t"))
}
print("\nmean over \(files.count) files:")
for column in columns {
    if let sum = sums[column] { print("  \(column): \(String(format: "%.2f", sum.total / Double(sum.count))) (\(sum.count))") }
}
