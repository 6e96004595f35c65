/// Parameter names as command-line flags: `topRepo` is `--top-repo`.
package enum ParameterFlag {
    package static func name(for parameter: String) -> String {
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
