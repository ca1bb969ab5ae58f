/// The drag velocity the Swift Talk code measures: from the last two samples only.
///
/// Source: `objcio/S01E314-…` `Shared/DragState.swift` `update(_:)`:
/// `velocity = (translation_new − translation_old) / (time_new − time_old)` in points per second [H].
public struct DragSample: Sendable, Hashable {
    /// Seconds since any fixed reference.
    public var time: Double
    /// The gesture's translation from the touch-down point.
    public var translation: Point

    public init(time: Double, translation: Point) {
        self.time = time
        self.translation = translation
    }

    /// Velocity between two samples; zero when they share a timestamp (the original would divide by 0).
    public static func velocity(from old: DragSample, to new: DragSample) -> Point {
        let dt = new.time - old.time
        guard dt != 0 else { return .zero }
        return Point(x: (new.translation.x - old.translation.x) / dt, y: (new.translation.y - old.translation.y) / dt)
    }

    /// Velocity of a gesture: from its last two samples (zero with fewer than two).
    public static func velocity(of samples: [DragSample]) -> Point {
        guard samples.count >= 2 else { return .zero }
        return velocity(from: samples[samples.count - 2], to: samples[samples.count - 1])
    }
}
