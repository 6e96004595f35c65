import Synchronization

/// How many lines a module may have logged: a bucket of `burst` lines that
/// fills at `rate` a second, per module and across its extension's
/// restarts. A kind that printed 200,000 lines in 25 s kept 36.5 MB in the
/// log and took 7 to 9 s of the host's CPU; past its budget its lines are
/// read and counted, not logged, and the count is logged when the budget
/// lets a line through again or the extension ends.
final class LogBudget: Sendable {
    static let rate = 100.0
    static let burst = 1_000.0
    static let rule = "a kind may log \(Int(burst)) lines at once and \(Int(rate)) a second"

    enum Verdict: Equatable {
        /// Log the line, after saying how many were not.
        case allowed(suppressedBefore: Int)
        case refused
    }

    private struct State {
        var tokens = LogBudget.burst
        var refilled = ContinuousClock.now
        var suppressed = 0
    }

    private let state = Mutex(State())

    private static let modules = Mutex<[String: LogBudget]>([:])

    /// The budget of `module`, the same for each of its extensions.
    static func of(_ module: String) -> LogBudget {
        modules.withLock { modules in
            if let budget = modules[module] { return budget }
            let budget = LogBudget()
            modules[module] = budget
            return budget
        }
    }

    func take(now: ContinuousClock.Instant = .now) -> Verdict {
        state.withLock { state in
            let elapsed = now - state.refilled
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            state.tokens = max(state.tokens, min(Self.burst, state.tokens + seconds * Self.rate))
            state.refilled = now
            guard state.tokens >= 1 else {
                state.suppressed += 1
                return .refused
            }
            state.tokens -= 1
            defer { state.suppressed = 0 }
            return .allowed(suppressedBefore: state.suppressed)
        }
    }

    /// Lines of a crash report: let through beyond the budget.
    static let crashReport = 200.0

    /// Lets `lines` more through now.
    func grant(_ lines: Double) {
        state.withLock { $0.tokens += lines }
    }

    /// The lines not logged since the last one that was, which are then said.
    func takeSuppressed() -> Int {
        state.withLock { state in
            defer { state.suppressed = 0 }
            return state.suppressed
        }
    }
}
