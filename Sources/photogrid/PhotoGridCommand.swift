import ArgumentParser
import PhotoGrid

@main
struct PhotoGridCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "photogrid")
}
