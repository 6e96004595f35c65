import WidgetConfiguration
import WidgetContainer
import WidgetKinds
import WidgetSDK
import YAML

/// The manifest's `instances:`, checked against the loaded kinds as
/// `add-instance` checks its flags, and put into the container: the host
/// does so at start and whenever the manifest changes; `validate` checks
/// them without writing.
package struct DeclaredInstances: Sendable {
    package let bundle: LoadedBundle

    package init(bundle: LoadedBundle) {
        self.bundle = bundle
    }

    /// Each declared instance as it would be stored, and the problems of
    /// those that cannot be: each named by file, line and column. Ids in
    /// `keep` could not be checked (a problem, or a kind that did not load):
    /// whatever the container holds under them stays as it is.
    package struct Plan: Sendable {
        package var instances: [(id: String, instance: SharedContainer.NewInstance)] = []
        package var problems: [YAMLError] = []
        package var keep: Set<String> = []
    }

    package func plan() async -> Plan {
        var plan = Plan()
        let manifest = bundle.manifest
        let planner = InstancePlanner(bundle: bundle)
        for (index, entry) in manifest.instances.enumerated() {
            let path = "instances[\(index)]"
            do {
                let kind = try planner.kind(named: entry.kind.value)
                let family: WidgetFamily
                do {
                    family = try planner.family(entry.family?.value, for: kind)
                } catch {
                    throw YAMLError(file: manifest.file, mark: entry.family?.mark ?? entry.mark, path: path + ".family", message: error.description)
                }
                let name: String?
                do {
                    name = try InstanceName.checked(entry.name?.value)
                } catch {
                    throw YAMLError(file: manifest.file, mark: entry.name?.mark, path: path + ".name", message: Self.withoutFlag(error.description))
                }
                let values = entry.configuration.mapValues(\.value.texts)
                do {
                    let new = try await planner.plan(kind, family: family, name: name, given: values, label: { $0 })
                    plan.instances.append((entry.id.value, new))
                } catch let error as InstanceRequestError {
                    let parameter = error.parameter
                    let mark = parameter.flatMap { entry.configuration[$0]?.mark } ?? entry.mark
                    throw YAMLError(file: manifest.file, mark: mark, path: path + ".configuration" + (parameter.map { ".\($0)" } ?? ""),
                                    message: parameter.map { Self.withoutFlag(error.description, flag: $0) } ?? error.description)
                }
            } catch let error as YAMLError {
                plan.problems.append(error)
                plan.keep.insert(entry.id.value)
            } catch {
                plan.problems.append(YAMLError(file: manifest.file, mark: entry.kind.mark, path: path + ".kind", message: "\(error)"))
                plan.keep.insert(entry.id.value)
            }
        }
        return plan
    }

    /// Checks the declared instances and writes those that pass; returns
    /// what changed and the problems of those left as they were. Without
    /// `removing`, instances the manifest no longer declares stay for now.
    package func apply(to container: SharedContainer, removing: Bool = true) async throws
        -> (changes: SharedContainer.DeclaredInstanceChanges, problems: [YAMLError]) {
        let plan = await plan()
        let changes = try await container.offPool { try $0.applyDeclaredInstances(plan.instances, keep: plan.keep, removing: removing) }
        let manifest = bundle.manifest
        let refused = changes.refused.map { id, kind in
            let entry = manifest.instances.enumerated().first { $0.element.id.value == id }
            return YAMLError(file: manifest.file, mark: entry?.element.id.mark, path: "instances[\(entry?.offset ?? 0)].id",
                             message: "'\(id)' is an instance of \(kind) placed from the command line; a declaration of another kind does not take it over: give this one another id, or remove that one ('widgethost remove-instance \(id)')")
        }
        return (changes, plan.problems + refused)
    }

    /// "--name: at most 64 characters" said of a key whose path already names it.
    private static func withoutFlag(_ message: String, flag: String = "--name") -> String {
        message.hasPrefix(flag + ": ") ? String(message.dropFirst(flag.count + 2)) : message
    }
}

extension InstanceRequestError {
    /// The parameter (as labelled) the error is about, if one.
    var parameter: String? {
        switch self {
        case .invalidValue(let flag, _), .missingRequired(let flag), .missingValue(let flag), .repeatedFlag(let flag): flag
        case .unknownParameter(let name, _, _, _): name
        default: nil
        }
    }
}

extension SharedContainer.DeclaredInstanceChanges {
    /// One line per change, for the log and for commands.
    package var lines: [String] {
        added.map { "instance \($0.id) added from the manifest: \($0.kind) (\($0.family.rawValue))" }
            + changed.map { before, after in
                var what: [String] = []
                if before.kind != after.kind { what.append("kind \(before.kind) → \(after.kind)") }
                if before.family != after.family { what.append("family \(before.family.rawValue) → \(after.family.rawValue)") }
                if before.name != after.name { what.append("name") }
                if before.configuration != after.configuration || before.configurationIdentifier != after.configurationIdentifier {
                    what.append("configuration")
                }
                return "instance \(after.id) changed in place from the manifest: \(what.joined(separator: ", "))"
            }
            + removed.map { "instance \($0.id) removed: the manifest no longer declares it (\($0.kind), \($0.family.rawValue)); its timeline is kept a day, should it be declared again" }
            + restored.map { "instance \($0.id) declared again: back with its timeline and budget (\($0.kind), \($0.family.rawValue))" }
            + adopted.map { "instance \($0) is now declared by the manifest" }
            + addedToSavedLists.sorted(by: { $0.key < $1.key }).map { "saved \($0.value.joined(separator: ", ")) to \($0.key)" }
    }
}
