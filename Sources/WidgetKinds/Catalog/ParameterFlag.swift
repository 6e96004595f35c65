/// Parameter names as command-line flags: `topRepo` is `--top-repo`. A
/// parameter whose flag would be one of `add-instance`'s own (an intent's
/// `name` is common) is `--set-<flag>`: `--set-name`.
package enum ParameterFlag {
    /// `add-instance`'s own flags.
    static let taken: Set<String> = ["name", "family", "json", "help", "h", "config", "version"]

    package static func name(for parameter: String) -> String {
        let flag = plain(parameter)
        return taken.contains(flag) ? "set-" + flag : flag
    }

    private static func plain(_ parameter: String) -> String {
        var flag = ""
        for character in parameter {
            if character.isUppercase {
                if !flag.isEmpty { flag += "-" }
                flag += character.lowercased()
            } else {
                flag.append(character)
            }
        }
        return flag
    }
}
