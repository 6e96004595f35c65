/// The argument parser takes time quadratic in the number of positional
/// arguments: 10,000 repositories for `repos add` took 45 s to parse (3,000
/// took 5). A command whose values are a list (`ListedArguments`) gets
/// them past the parser instead: they are taken out of the command line
/// here, and `ListedArguments` puts them back first, in their order.
enum LongArgumentLists {
    /// Commands whose positional arguments are a `ListedArguments` list.
    static let commands: [[String]] = [["repos", "add"], ["remove-instance"]]
    /// Their options that take a value (the next argument is not a list item).
    static let optionsWithValues: Set<String> = ["--from", "--config"]
    /// Below this many, the parser takes the list itself (its messages are the usual ones).
    static let threshold = 64

    nonisolated(unsafe) private(set) static var taken: [String] = []

    /// `arguments` (without the program's name) with a long list taken out.
    static func separate(_ arguments: [String]) -> [String] {
        guard let command = commands.first(where: { arguments.starts(with: $0) }) else { return arguments }
        var kept = Array(command)
        var values: [String] = []
        var rest = arguments.dropFirst(command.count)
        var afterDashes = false
        while let argument = rest.popFirst() {
            if afterDashes || !argument.hasPrefix("-") || argument == "-" {
                values.append(argument)
            } else if argument == "--" {
                afterDashes = true
            } else {
                kept.append(argument)
                if optionsWithValues.contains(argument), let value = rest.popFirst() { kept.append(value) }
            }
        }
        guard values.count >= threshold else { return arguments }
        taken = values
        return kept
    }
}
