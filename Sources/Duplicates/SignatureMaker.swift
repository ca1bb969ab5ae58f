public import Thumbnails
import ImageFormats
import Imaging
import PhotoGridSupport

/// Makes a picture's signature from the cheapest small rendering of its displayed picture.
///
/// The thumbnail pipeline renders the whole picture fitted within a long side of `renderedLongSide(…)`
/// (128 px, more for a panorama so that its short side keeps 64): a JPEG decoded at 1/8 DCT scale (or
/// the smallest scale that keeps the pipeline's margin), a HEIF's thumbnail item when large enough, other
/// formats decoded whole; orientation applied. Nothing is written; memory is the pipeline's.
public enum SignatureMaker {
    /// The long side to render a picture displayed `width`×`height` at: 128, or enough for a short side of 64.
    public static func renderedLongSide(width: Int, height: Int) -> Int {
        let long = max(width, height), short = max(1, min(width, height))
        let needed = (LuminanceImage.side * long + short - 1) / short
        return min(max(2 * LuminanceImage.side, needed), 2048)
    }

    /// The signature of the photo `source` describes (as indexed: stored size, orientation, format).
    /// - Throws: `SignatureError.thumbnail` with the pipeline's reason (unreadable, damaged, changed).
    public static func signature(of source: ThumbnailSource,
                                 options: ThumbnailOptions = ThumbnailOptions()) throws(SignatureError) -> PictureSignature {
        let displayed = source.orientation.displaySize(forStoredSize: source.storedSize)
        let longSide = renderedLongSide(width: displayed.width, height: displayed.height)
        let rendered: RenderedThumbnail
        do {
            rendered = try ThumbnailPipeline.render(source, target: .fit(longSide: longSide), options: options)
        } catch {
            throw .thumbnail(error)
        }
        do {
            return try PictureSignature(upright: rendered.pixels, displayedWidth: displayed.width, displayedHeight: displayed.height)
        } catch {
            throw .thumbnail(.imaging(error))
        }
    }

    /// The signature of the file at `path`, probed first (format by its first bytes, size, orientation).
    /// - Throws: `SignatureError` when it cannot be opened, is no known format, or cannot be probed or rendered.
    public static func signature(ofFileAt path: String,
                                 options: ThumbnailOptions = ThumbnailOptions()) throws(SignatureError) -> PictureSignature {
        let facts = try probe(path)
        let source = ThumbnailSource(pathBytes: Array(path.utf8), displayPath: path, storedWidth: facts.storedWidth,
                                     storedHeight: facts.storedHeight, exifOrientation: facts.orientation, format: facts.format)
        return try signature(of: source, options: options)
    }

    /// The facts of the file at `path` (its format told by its first bytes).
    static func probe(_ path: String) throws(SignatureError) -> ImageFacts {
        let file: ReadOnlyFile
        do { file = try ReadOnlyFile(path: path) } catch { throw .unreadable(path: path, call: error.call, errno: error.errno) }
        guard let format = ImageFormat.ofFile(descriptor: file.descriptor) else { throw .unknownFormat(path: path) }
        do { return try ImageProbe.probe(descriptor: file.descriptor, path: path, format: format) } catch { throw .probe(error) }
    }
}
