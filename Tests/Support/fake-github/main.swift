import FakeGitHub
import Foundation

// fake-github: the tests' GitHub look-alike as a process, for `make e2e` and
// trying the host by hand without the internet. It serves two repositories
// with known counts, prints its address, and runs until it is signalled.
//
//   fake-github            # prints "fake GitHub at http://127.0.0.1:PORT"

let server = FakeGitHub()
server.add(.init(owner: "apple", name: "swift", description: "The Swift Programming Language",
                 stars: 65_076, forks: 10_432, openIssues: 512, pushedAt: Date() - 3 * 86_400,
                 contributors: [("DougGregor", 5_123), ("slavapestov", 4_210), ("gottesmm", 3_317)]))
server.add(.init(owner: "sallen0400", name: "swift-news", description: "Swift news, daily",
                 stars: 1_234, forks: 56, openIssues: 7, pushedAt: Date() - 12 * 86_400))
try await server.start()
// Unbuffered, so a script reading a pipe or a file sees it at once.
FileHandle.standardOutput.write(Data("fake GitHub at \(server.apiBase)\n".utf8))
// Until SIGTERM or SIGINT, whose default action ends the process.
while true { try await Task.sleep(for: .seconds(3_600)) }
