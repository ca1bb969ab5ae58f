/// How `aspectRatio` scales its ratio into the proposal: fit inside it, or fill it.
public enum ContentMode: String, Sendable, Hashable, CaseIterable {
    case fit
    case fill
}
