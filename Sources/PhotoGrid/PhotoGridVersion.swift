/// PhotoGrid's version: the one place it is written (`photogrid --version` prints it).
public enum PhotoGridVersion {
    public static let current = "0.9.0"
}
