import ArgumentParser
import Foundation
import HostText
import WidgetHost

/// Values given on the command line, or one a line from a file or standard
/// input with `--from`. A long list on the command line does not go through
/// the argument parser, whose time is quadratic in it (`LongArgumentLists`).
struct ListedArguments: ParsableArguments {
    @Option(name: .customLong("from"), help: ArgumentHelp(
        "Also read values from this file, one a line ('-' for standard input); blank lines and lines starting with # are skipped.",
        valueName: "file"))
    var file: String?

    /// The arguments, then the file's lines; fails with a one-line message
    /// when the file cannot be read or nothing was given.
    func values(_ arguments: [String], naming what: String) throws -> [String] {
        var values = LongArgumentLists.taken + arguments
        if let file {
            let data: Data?
            if file == "-" {
                data = try? FileHandle.standardInput.readToEnd() ?? Data()
            } else {
                data = FileManager.default.contents(atPath: file)
            }
            guard let data else {
                Terminal.error("error: cannot read \(TerminalText.escaped(file)): \(Self.reason(file))")
                throw ExitCode.failure
            }
            for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
                let value = line.trimmingCharacters(in: .whitespaces)
                if !value.isEmpty && !value.hasPrefix("#") { values.append(value) }
            }
        }
        if values.isEmpty {
            Terminal.error("error: no \(what) given, as arguments or with --from")
            throw ExitCode.failure
        }
        return values
    }

    private static func reason(_ path: String) -> String {
        var info = stat()
        if stat(path, &info) != 0 { return String(cString: strerror(errno)).lowercased() }
        if (info.st_mode & S_IFMT) == S_IFDIR { return "it is a folder" }
        return "permission denied"
    }
}
