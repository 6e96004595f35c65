import ArgumentParser

@main
struct WidgetHostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widgethost",
        abstract: "A WidgetKit-style widget host: loads widget kinds from modules and keeps their timelines fresh.",
        discussion: """
            The bundle manifest (config.yaml) names the kinds this host offers and the container their \
            instances live in. Start with 'widgethost validate', then 'widgethost kinds'.
            """,
        subcommands: [
            ValidateCommand.self, KindsCommand.self, RunCommand.self, ReloadCommand.self, StatusCommand.self, TimelineCommand.self,
            ReposCommand.self, AddInstanceCommand.self, ListInstancesCommand.self, RemoveInstanceCommand.self,
            OptionsCommand.self, RenderCommand.self, PreviewCommand.self,
        ])
}
