import ArgumentParser
import PhotoGrid

/// `--sizes WxH,…` of `layout` and `detail`: lay out these display pixel sizes instead of a library.
struct SizesOption: ParsableArguments {
    @Option(parsing: .unconditional, help: "Display pixel sizes to lay out instead of a library, e.g. 4032x3024,3024x4032 (then --db does not apply).")
    var sizes: String?
}
