import Foundation
import Synchronization
import Testing
import WidgetConfiguration
@testable import WidgetHost
@testable import WidgetKinds
import WidgetSDK
import WidgetTestSupport

@Suite("Dynamic options read the shared defaults")
struct SharedDefaultsTests {
    @Test func singleRepoOffersTheSavedRepositories() async throws {
        let bundle = await LoadedBundle.load(try TestSupport.manifest(TestSupport.manifestText([("SingleRepo", "SingleRepo")])))
        let parameter = try #require(bundle.kind(named: "SingleRepo")?.configuration.parameters.first)
        guard case .dynamic(let options) = parameter.options else {
            Issue.record("repo has no dynamic options")
            return
        }
        #expect(options.providerName == "RepoOptionsProvider")
        #expect(await parameter.resolvedDefault() == .string("sallen0400/swift-news"))

        // The module's provider reads the container through the host's channel.
        let manifestPath = try TestSupport.writeManifest("""
            container: {group: group.test.defaults, path: data}
            widgets:
              - {kind: SingleRepo, module: SingleRepo}
            """)
        let workspace = try await Workspace(manifest: try Manifest.load(from: manifestPath))
        guard case .dynamic(let stored)? = workspace.bundle.kind(named: "SingleRepo")?.configuration.parameters.first?.options else {
            Issue.record("repo has no dynamic options")
            return
        }
        #expect(try await stored.results() == [.string("sallen0400/swift-news")], "the list starts with the sample repository")
        try await workspace.withServices {
            try SharedDefaults.appGroup.set(["apple/swift", "swiftlang/swift-syntax"], forKey: "repos")
        }
        #expect(try await stored.results() == [.string("apple/swift"), .string("swiftlang/swift-syntax")])
    }
}
