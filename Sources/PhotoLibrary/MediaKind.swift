/// What a library row shows: a photo, a video, or a Live Photo (a photo and a short movie of one moment,
/// one item). Stored in `photos.media`.
public enum MediaKind: String, Sendable, Hashable, Codable, CaseIterable {
    case photo, video, live
}
