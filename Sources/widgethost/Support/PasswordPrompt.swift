import ArgumentParser
import Foundation

/// A password read without showing it: asked twice on the terminal, or one
/// line of standard input for a script (`--password-stdin`).
enum PasswordPrompt {
    static func read(fromStandardInput: Bool, for name: String) throws -> String {
        if fromStandardInput {
            guard let line = Swift.readLine(strippingNewline: true) else {
                throw ValidationError("--password-stdin: standard input was empty; give the password as its first line")
            }
            return line
        }
        guard isatty(STDIN_FILENO) == 1 else {
            throw ValidationError("no terminal to ask the password on: give it as the first line of standard input with --password-stdin")
        }
        let first = try ask("Password for \(name): ")
        let second = try ask("Again: ")
        guard first == second else { throw ValidationError("the two passwords differ; nothing was changed") }
        return first
    }

    /// The terminal as it was, for the Ctrl-C handler to put back: a
    /// signal handler can capture nothing. Written before the handler is
    /// installed, read only by it.
    nonisolated(unsafe) private static var saved = termios()

    /// One line from the terminal with echo off, restored whatever happens,
    /// Ctrl-C included (which would otherwise leave the shell typing blind).
    private static func ask(_ prompt: String) throws -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        tcgetattr(STDIN_FILENO, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        let previous = signal(SIGINT) { _ in
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &PasswordPrompt.saved)
            _exit(130)
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            signal(SIGINT, previous)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = Swift.readLine(strippingNewline: true) else { throw ValidationError("no password given") }
        return line
    }
}
