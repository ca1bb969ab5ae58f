/// What a movie file says about itself, read from its header without decoding frames.
public struct VideoHeader: Sendable, Equatable {
    /// The video stream's picture; nil when the file has none (audio only, or only a cover picture).
    public var video: VideoStreamHeader?
    /// The duration in seconds (the container's, else the video stream's); nil when the file states
    /// none or an absurd one (negative, not finite, or more than `VideoProbe.longestDuration`).
    public var duration: Double?
    /// `com.apple.quicktime.creationdate` when present and parseable, else the container's `creation_time`.
    public var captureDate: VideoCaptureDate?
    /// `com.apple.quicktime.content.identifier`: the Live Photo pairing with a HEIC's Apple maker note.
    public var contentIdentifier: String?
    /// The poster frame's presentation time in seconds from the start (`VideoPoster`: the keyframe its
    /// poster decodes, found by reading packets, none decoded); nil when the video has no keyframe
    /// within reach (its poster cannot be made either).
    public var posterTime: Double?
    /// libavformat's name for the container ("mov,mp4,m4a,3gp,3g2,mj2" for MP4, MOV, M4V and 3GP).
    public var container: String

    /// Whether the file has a video stream.
    public var hasVideoStream: Bool { video != nil }

    public init(video: VideoStreamHeader?, duration: Double?, captureDate: VideoCaptureDate?, contentIdentifier: String?, container: String) {
        self.video = video; self.duration = duration; self.captureDate = captureDate
        self.contentIdentifier = contentIdentifier; self.container = container
    }
}
