import Foundation
import Synchronization
import Testing
import WidgetSDK
@testable import WidgetHost

@Suite("Dynamic options read the shared defaults")
struct SharedDefaultsTests {
    @Test func singleRepoOffersTheSavedRepositories() async throws {
        let bundle = LoadedBundle.load(try TestSupport.manifest(TestSupport.manifestText([("SingleRepo", "SingleRepo")])))
        let parameter = try #require(bundle.kind(named: "SingleRepo")?.configuration.parameters.first)
        guard case .dynamic(let options) = parameter.options else {
            Issue.record("repo has no dynamic options")
            return
        }
        #expect(options.providerName == "RepoOptionsProvider")
        #expect(await parameter.resolvedDefault() == .string("sallen0400/swift-news"))

        // A store of this test's own: other tests install containers meanwhile.
        try await SharedDefaults.$scopedStore.withValue(DictionaryStore()) {
            #expect(try await options.results() == [.string("sallen0400/swift-news")], "the list starts with the sample repository")
            try SharedDefaults.appGroup.set(["apple/swift", "swiftlang/swift-syntax"], forKey: "repos")
            #expect(try await options.results() == [.string("apple/swift"), .string("swiftlang/swift-syntax")])
        }
    }
}

final class DictionaryStore: SharedDefaultsStore {
    private let values = Mutex<[String: Data]>([:])

    func data(forKey key: String) throws -> Data? { values.withLock { $0[key] } }
    func setData(_ data: Data?, forKey key: String) throws { values.withLock { $0[key] = data } }
}
