import Foundation
import JSON

/// A wall-clock budget for loading a scene in a one-shot tool: a legal file whose cost
/// explodes is refused in one line after `seconds` instead of running for minutes.
///
/// The budget is `PARALLAX_LOAD_BUDGET` seconds when set (a whole number, 0: none), else
/// `defaultSeconds`. When it runs out, SIGALRM prints the line and exits 1 at once: loading
/// writes nothing, so there is nothing to clean up.
///
/// Does not: cover rendering (a frame loop obeys `StopSignals`), or apply to the demo's
/// reload (a slow file there keeps the last good scene running).
public enum LoadBudget {
    /// Seconds a load may take by default.
    public static let defaultSeconds: UInt32 = 10

    /// Runs `body` (the load of `what`) under the budget.
    public static func run<T>(_ what: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                              _ body: () throws -> T) rethrows -> T {
        let seconds = environment["PARALLAX_LOAD_BUDGET"].flatMap { UInt32($0) } ?? defaultSeconds
        guard seconds > 0 else { return try body() }
        free(budgetLine)
        budgetLine = strdup("\(ToolProcess.name): \(FileName.escaped(OneLine.bounded(what))): loading took more than \(seconds) s (the loading budget; PARALLAX_LOAD_BUDGET sets it); stopped\n")
        signal(SIGALRM) { _ in
            if let line = budgetLine { _ = write(2, line, strlen(line)) }
            _exit(1)
        }
        alarm(seconds)
        defer { alarm(0) }
        return try body()
    }
}

/// The line SIGALRM prints (made before the alarm is set).
private var budgetLine: UnsafeMutablePointer<CChar>?
