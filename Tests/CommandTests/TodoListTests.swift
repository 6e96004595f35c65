import Foundation
import HostTestSupport
import Testing
@testable import WidgetHost

/// The seed's to-do widget end to end through the real binary, and the
/// `defaults` command its tasks are written with.
@Suite("TodoList and widgethost defaults")
struct TodoListTests {
    @Test func aTaskIsCompletedFromTheWidgetAndTheNextEntryShowsTheOther() async throws {
        let fixture = try ContainerFixture.withInteractiveKinds(extra: "  - kind: TodoList\n")
        let write = try await fixture.run("defaults", "write", "todo.Inbox", #"[{"title": "Buy milk"}, {"title": "Call Ann"}]"#)
        #expect(write.status == 0 && write.stdout.isEmpty && write.stderr.isEmpty, "\(write.stderr)")
        let id = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "TodoList"))
        let host = try RunningHost(fixture, arguments: ["--log"])
        #expect(await host.waitFor("instance=\(id) kind=TodoList [widgethost] entry of"), "\(host.output)")

        let listed = try JSONSerialization.jsonObject(with: Data(try await fixture.run("actions", id, "--json").stdout.utf8)) as? [[String: Any]]
        let first = try #require(listed?.first)
        #expect(first["type"] as? String == "toggle" && first["isOn"] as? Bool == false)
        let title = try #require(first["label"] as? String)
        #expect(["Buy milk", "Call Ann"].contains(title))

        #expect(try await fixture.run("tap", id, "1").status == 0)
        #expect(await host.waitFor("instance=\(id) kind=TodoList [widgethost] entry of", count: 2), "\(host.output)")
        let other = title == "Buy milk" ? "Call Ann" : "Buy milk"
        let next = try await fixture.run("actions", id)
        #expect(next.stdout.contains("toggle (off)  \(other)"), "the other task is the only open one: \(next.stdout)")
        let stored = try await fixture.run("defaults", "read", "todo.Inbox")
        let tasks = try JSONSerialization.jsonObject(with: Data(stored.stdout.utf8)) as? [[String: Any]]
        #expect(tasks?.first { $0["title"] as? String == title }?["done"] as? Bool == true, "\(stored.stdout)")

        // The last one: then the widget says there are none.
        #expect(try await fixture.run("tap", id, "1").status == 0)
        #expect(await host.waitFor("instance=\(id) kind=TodoList [widgethost] entry of", count: 3), "\(host.output)")
        #expect(try await fixture.run("render", id).stdout.contains(">No Tasks</text>"))
        #expect(try await fixture.run("actions", id).stdout == "instance \(id)'s current entry has no controls or links\n")
        #expect(await host.stop() == 0)
    }

    @Test func defaultsReadsWritesAndDeletesAndRefusesBadInput() async throws {
        let fixture = try ContainerFixture()
        #expect(try await fixture.run("defaults", "write", "greeting", #""hello""#).status == 0)
        #expect(try await fixture.run("defaults", "write", "count", "3").status == 0)
        #expect(try await fixture.run("defaults", "read", "greeting").stdout == "\"hello\"\n")
        let all = try JSONSerialization.jsonObject(with: Data(try await fixture.run("defaults", "read").stdout.utf8)) as? [String: Any]
        #expect(all?["greeting"] as? String == "hello" && all?["count"] as? Int == 3)

        let before = try await fixture.run("defaults", "read").stdout
        let bare = try await fixture.run("defaults", "write", "greeting", "hello")
        #expect(bare.status == 1)
        #expect(bare.stderr.hasPrefix("error: 'hello' is not JSON: ") && bare.stderr.contains(#"strings need quotes"#), "\(bare.stderr)")
        #expect(bare.stderr.split(separator: "\n").count == 1)
        let broken = try await fixture.run("defaults", "write", "list", "[1, 2")
        #expect(broken.status == 1 && broken.stderr.hasPrefix("error: '[1, 2' is not JSON"), "\(broken.stderr)")
        let missing = try await fixture.run("defaults", "read", "nope")
        #expect(missing.status == 1 && missing.stderr == "error: no key 'nope' in the shared defaults; 'widgethost defaults read' lists them\n")
        let deleteMissing = try await fixture.run("defaults", "delete", "nope")
        #expect(deleteMissing.status == 1 && deleteMissing.stderr.contains("nothing was deleted"))
        #expect(try await fixture.run("defaults", "read").stdout == before, "refused input changed nothing")

        #expect(try await fixture.run("defaults", "delete", "greeting").status == 0)
        #expect(try await fixture.run("defaults", "read", "greeting").status == 1)
    }
}
