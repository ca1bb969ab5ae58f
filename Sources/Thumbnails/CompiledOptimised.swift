/// Whether this module was compiled with optimisation: in release builds, and in debug builds too, since
/// Package.swift compiles the pixel code `-O` there (unoptimised it is about 100× slower; docs/install.md,
/// "Build and install"). A test holds it true, so `swift test` never runs this module unoptimised.
let isCompiledOptimised = !_isDebugAssertConfiguration()
