import Foundation

/// What an Xcode project (`project.pbxproj`) says about its targets: the
/// files each is built from, as Xcode's target membership has them, and
/// its build settings. Read, not trusted: an object that names a missing
/// object is skipped, a path outside the project's tree is kept as written.
package struct XcodeProject: Sendable {
    package struct Target: Sendable {
        package enum Role: Sendable { case source, resource, folder }

        package let name: String
        package let productType: String
        /// Files of its Sources and Resources phases, the folders Xcode 16
        /// keeps in sync with the target (`.folder`: all of it, but
        /// `excluded`) and the files of other targets' folders it shares.
        package let members: [(url: URL, role: Role)]
        package let excluded: Set<String>
        /// Its build settings, over the project's, in the default configuration.
        package let settings: [String: String]
        /// Swift packages it uses (`XCSwiftPackageProductDependency`).
        package let packageProducts: [String]

        package var isAppExtension: Bool { productType == "com.apple.product-type.app-extension" }

        /// A build setting with `$(VAR)` and `${VAR}` expanded from the others
        /// and from `builtins` (TARGET_NAME, SRCROOT, …).
        package func setting(_ name: String, builtins: [String: String]) -> String? {
            settings[name].map { expand($0, builtins: builtins) }
        }

        /// `value` (an Info.plist's `$(PRODUCT_NAME)`) with the settings expanded as in `setting(_:builtins:)`.
        package func expand(_ value: String, builtins: [String: String]) -> String {
            expand(value, builtins: builtins, depth: 0)
        }

        private func expand(_ value: String, builtins: [String: String], depth: Int) -> String {
            guard depth < 8, value.contains("$") else { return value }
            var result = ""
            var rest = Substring(value)
            while let dollar = rest.firstIndex(of: "$") {
                result += rest[..<dollar]
                let after = rest.index(after: dollar)
                guard after < rest.endIndex, let close = ["(": ")", "{": "}"][rest[after]],
                      let end = rest[after...].firstIndex(of: Character(close)) else {
                    result.append("$")
                    rest = rest[after...]
                    continue
                }
                let name = rest[rest.index(after: after)..<end]
                // `$(PRODUCT_NAME:c99extidentifier)`: the operators are not applied, the name is.
                let variable = String(name.split(separator: ":").first ?? "")
                let found = builtins[variable] ?? settings[variable].map { expand($0, builtins: builtins, depth: depth + 1) } ?? ""
                result += name.contains(":c99extidentifier") ? XcodeProject.identifier(found) : found
                rest = rest[rest.index(after: end)...]
            }
            return result + rest
        }
    }

    /// The `.xcodeproj` folder.
    package let url: URL
    /// The folder its paths are relative to (SRCROOT).
    package let root: URL
    package let targets: [Target]

    package init(_ url: URL) throws(ImportError) {
        self.url = url.standardizedFileURL
        let file = url.appendingPathComponent("project.pbxproj")
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw .badFile(url.path, line: nil, reason: "an .xcodeproj without project.pbxproj")
        }
        let plist = try PropertyListFile(file)
        guard let objects = plist["objects"] as? [String: Any], let rootID = plist.string("rootObject"),
              let project = objects[rootID] as? [String: Any] else {
            throw .badFile(file.path, line: nil, reason: "no project object (objects and rootObject)")
        }
        let graph = ObjectGraph(objects: objects)
        var root = url.deletingLastPathComponent()
        if let directory = project["projectDirPath"] as? String, !directory.isEmpty {
            root = directory.hasPrefix("/") ? URL(fileURLWithPath: directory) : root.appendingPathComponent(directory)
        }
        root = root.standardizedFileURL
        self.root = root
        let projectSettings = graph.settings(of: project["buildConfigurationList"] as? String)
        targets = graph.ids(project["targets"]).compactMap { [root] id in
            graph.target(id, root: root, projectSettings: projectSettings)
        }
    }

    /// Xcode's `c99extidentifier`: what a target's name becomes as a module name.
    package static func identifier(_ name: String) -> String {
        var scalars = name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? Character(scalar) : "_"
        }
        if let first = scalars.first, first.isNumber { scalars.insert("_", at: 0) }
        return String(scalars)
    }

    /// The project's objects, by id, and the paths they stand for.
    private struct ObjectGraph {
        let objects: [String: Any]
        /// Each group's child, to its group: paths are relative to the parent.
        let parents: [String: String]

        init(objects: [String: Any]) {
            self.objects = objects
            var parents: [String: String] = [:]
            for (id, value) in objects {
                guard let object = value as? [String: Any], let children = object["children"] as? [String] else { continue }
                for child in children { parents[child] = id }
            }
            self.parents = parents
        }

        func object(_ id: String?) -> [String: Any]? {
            id.flatMap { objects[$0] as? [String: Any] }
        }

        func ids(_ value: Any?) -> [String] {
            value as? [String] ?? []
        }

        /// Where a file or group is, or nil for one outside the project (an SDK's framework, a built product).
        func path(of id: String, root: URL, depth: Int = 0) -> URL? {
            guard depth < 64, let object = object(id) else { return nil }
            let own = object["path"] as? String
            let base: URL?
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<group>":
                base = parents[id].flatMap { path(of: $0, root: root, depth: depth + 1) } ?? root
            case "SOURCE_ROOT":
                base = root
            case "<absolute>":
                return own.map { URL(fileURLWithPath: $0) }
            default:
                return nil
            }
            guard let base else { return nil }
            guard let own, !own.isEmpty else { return base }
            return base.appendingPathComponent(own).standardizedFileURL
        }

        func settings(of listID: String?) -> [String: String] {
            guard let list = object(listID) else { return [:] }
            let configurations = ids(list["buildConfigurations"]).compactMap { object($0) }
            let preferred = list["defaultConfigurationName"] as? String ?? "Release"
            guard let chosen = configurations.first(where: { $0["name"] as? String == preferred }) ?? configurations.first,
                  let settings = chosen["buildSettings"] as? [String: Any] else { return [:] }
            var flat: [String: String] = [:]
            for (key, value) in settings {
                // `INFOPLIST_FILE[sdk=iphoneos*]`: the plain key is the one meant.
                guard !key.contains("[") else { continue }
                if let text = value as? String { flat[key] = text } else if let list = value as? [String] { flat[key] = list.joined(separator: " ") }
            }
            return flat
        }

        func target(_ id: String, root: URL, projectSettings: [String: String]) -> Target? {
            guard let target = object(id), target["isa"] as? String == "PBXNativeTarget", let name = target["name"] as? String else { return nil }
            var members: [(URL, Target.Role)] = []
            for phaseID in ids(target["buildPhases"]) {
                guard let phase = object(phaseID) else { continue }
                let role: Target.Role
                switch phase["isa"] as? String {
                case "PBXSourcesBuildPhase": role = .source
                case "PBXResourcesBuildPhase": role = .resource
                default: continue
                }
                for buildFileID in ids(phase["files"]) {
                    guard let reference = object(buildFileID)?["fileRef"] as? String else { continue }
                    if object(reference)?["isa"] as? String == "PBXVariantGroup" {
                        // A localised file: one member per language (`en.lproj/Localizable.strings`).
                        for child in ids(object(reference)?["children"]) {
                            if let url = path(of: child, root: root) { members.append((url, role)) }
                        }
                    } else if let url = path(of: reference, root: root) {
                        members.append((url, role))
                    }
                }
            }
            var excluded: Set<String> = []
            for groupID in ids(target["fileSystemSynchronizedGroups"]) {
                guard let group = object(groupID), let folder = path(of: groupID, root: root) else { continue }
                members.append((folder, .folder))
                for exceptionID in ids(group["exceptions"]) {
                    guard let exception = object(exceptionID), exception["target"] as? String == id else { continue }
                    for relative in exception["membershipExceptions"] as? [String] ?? [] {
                        excluded.insert(folder.appendingPathComponent(relative).standardizedFileURL.path)
                    }
                }
            }
            // A file of another target's folder that this target shares: Xcode 16
            // lists it as that folder's exception for this target, the other way round.
            let own = Set(ids(target["fileSystemSynchronizedGroups"]))
            for (groupID, value) in objects.sorted(by: { $0.key < $1.key }) where !own.contains(groupID) {
                guard let group = value as? [String: Any], group["isa"] as? String == "PBXFileSystemSynchronizedRootGroup",
                      let folder = path(of: groupID, root: root) else { continue }
                for exceptionID in ids(group["exceptions"]) {
                    guard let exception = object(exceptionID), exception["target"] as? String == id else { continue }
                    for relative in exception["membershipExceptions"] as? [String] ?? [] {
                        let url = folder.appendingPathComponent(relative).standardizedFileURL
                        var isFolder: ObjCBool = false
                        // A subfolder shared whole is walked as a synced folder is.
                        let shared = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
                        members.append((url, shared ? .folder : .source))
                    }
                }
            }
            let products = ids(target["packageProductDependencies"]).compactMap { object($0)?["productName"] as? String }
            return Target(name: name, productType: target["productType"] as? String ?? "", members: members, excluded: excluded,
                          settings: projectSettings.merging(settings(of: target["buildConfigurationList"] as? String)) { $1 },
                          packageProducts: products)
        }
    }
}
