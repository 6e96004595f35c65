import Foundation

/// The functions a shared library exports, read from its ELF dynamic symbol
/// table: how the previews a module's `#Preview`s made are found, since
/// `dlsym` answers only for a name already known.
enum ExportedSymbols {
    /// The names of the defined functions in `path` that start with `prefix`,
    /// in the table's order; none when the file is not a 64-bit
    /// little-endian ELF library or its tables do not add up.
    static func functions(in path: String, prefix: String) -> [String] {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return [] }
        return data.withUnsafeBytes { functions(in: $0, prefix: Array(prefix.utf8)) }
    }

    private static func functions(in file: UnsafeRawBufferPointer, prefix: [UInt8]) -> [String] {
        // ELF64, little-endian: "\u{7F}ELF", class 2, data 1.
        guard file.count >= 64, file.starts(with: [0x7F, 0x45, 0x4C, 0x46, 2, 1]) else { return [] }
        func integer<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T? {
            guard offset >= 0, offset <= file.count - MemoryLayout<T>.size else { return nil }
            return T(littleEndian: file.loadUnaligned(fromByteOffset: offset, as: T.self))
        }
        guard let sectionTable = integer(0x28, UInt64.self).flatMap(Int.init(exactly:)),
              let sectionSize = integer(0x3A, UInt16.self), let sectionCount = integer(0x3C, UInt16.self), sectionSize >= 64 else { return [] }
        func section(_ index: Int) -> (type: UInt32, offset: Int, size: Int, link: Int)? {
            let base = sectionTable + index * Int(sectionSize)
            guard let type = integer(base + 4, UInt32.self), let offset = integer(base + 0x18, UInt64.self).flatMap(Int.init(exactly:)),
                  let size = integer(base + 0x20, UInt64.self).flatMap(Int.init(exactly:)),
                  let link = integer(base + 0x28, UInt32.self), offset <= file.count, size <= file.count - offset else { return nil }
            return (type, offset, size, Int(link))
        }
        let dynamicSymbols: UInt32 = 11
        guard let symbols = (0..<Int(sectionCount)).lazy.compactMap(section).first(where: { $0.type == dynamicSymbols }),
              symbols.link < Int(sectionCount), let strings = section(symbols.link) else { return [] }
        var names: [String] = []
        // Elf64_Sym: name (4), info (1), other (1), section (2), value (8), size (8).
        for start in stride(from: symbols.offset, to: symbols.offset + symbols.size - 23, by: 24) {
            guard let nameOffset = integer(start, UInt32.self), let info = integer(start + 4, UInt8.self),
                  let sectionIndex = integer(start + 6, UInt16.self) else { break }
            // Functions (type 2) defined here (a section index other than 0).
            guard info & 0xF == 2, sectionIndex != 0, Int(nameOffset) < strings.size else { continue }
            let name = strings.offset + Int(nameOffset)
            let end = file[name..<(strings.offset + strings.size)].firstIndex(of: 0) ?? (strings.offset + strings.size)
            guard end - name >= prefix.count, file[name..<(name + prefix.count)].elementsEqual(prefix) else { continue }
            names.append(String(decoding: file[name..<end], as: UTF8.self))
        }
        return names
    }
}
