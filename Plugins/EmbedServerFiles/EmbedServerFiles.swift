// EmbedServerFiles: a build-tool plugin that compiles the files `photogrid serve` sends — the OpenAPI
// document (docs/openapi.json) and the web gallery (Web/) — into the PhotoGridServer module as string
// literals, so the binary never looks for them on disk.
import Foundation
import PackagePlugin

@main
struct EmbedServerFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var inputs = [root.appending(path: "docs/openapi.json")]
        let web = root.appending(path: "Web")
        if let walker = FileManager.default.enumerator(at: web, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                if !url.lastPathComponent.hasPrefix(".") { inputs.append(url) }
            }
        }
        inputs.sort { $0.path() < $1.path() }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) server file(s) into \(target.name)",
                executable: try context.tool(named: "FileEmbedder").url,
                arguments: [output.path(), root.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
