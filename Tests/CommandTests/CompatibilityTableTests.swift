import Foundation
import Testing
import WidgetTestSupport

/// docs/compatibility.md's table is what the SDK builds: every row of
/// scripts/api_coverage/rows.txt typechecked against the built modules.
@Suite("The compatibility table")
struct CompatibilityTableTests {
    @Test func theTableIsWhatTheSDKBuilds() async throws {
        let script = TestSupport.repositoryRoot.appendingPathComponent("scripts/api_coverage.py").path
        let result = try await TestSupport.run(executable: "/usr/bin/env", ["python3", script, "--check"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}
