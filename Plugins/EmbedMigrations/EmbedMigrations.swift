// EmbedMigrations: a build-tool plugin that compiles the package's Migrations/*.sql into the
// PhotoLibrary module as string literals (and Migrations/postgres/*.sql, PostgreSQL's dialect), so the photogrid binary never needs the source tree.
import Foundation
import PackagePlugin

@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Migrations")
        // SQLite's migrations at the top, PostgreSQL's (the same numbers, its dialect) in postgres/.
        var names = try FileManager.default.contentsOfDirectory(atPath: folder.path())
            .filter { $0.hasSuffix(".sql") }
        let dialect = folder.appending(path: "postgres")
        if FileManager.default.fileExists(atPath: dialect.path()) {
            names += try FileManager.default.contentsOfDirectory(atPath: dialect.path())
                .filter { $0.hasSuffix(".sql") }.map { "postgres/" + $0 }
        }
        names.sort()
        let inputs = names.map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) SQL migration(s) into \(target.name)",
                executable: try context.tool(named: "FileEmbedder").url,
                arguments: [output.path(), folder.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
