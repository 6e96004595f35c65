import CYAML

/// Turns a YAML document into a `Node` tree with libyaml's event parser.
public enum YAMLParser {
    /// Parses a single-document stream. An empty document is `nil`.
    public static func parse(_ text: String, file: String? = nil) throws(YAMLError) -> Node? {
        try parseCountingNodes(text, file: file).root
    }

    /// Every document of a stream (`---` separated), in order; an empty
    /// document is `nil`. The same limits hold as for one document.
    public static func parseDocuments(_ text: String, file: String? = nil) throws(YAMLError) -> [Node?] {
        try build(text, file: file, into: TreeBuilder(allowsManyDocuments: true)).documentRoots
    }

    /// The tree, and how many nodes the text itself writes (aliases not
    /// expanded): what a decode's expansion budget is measured against.
    static func parseCountingNodes(_ text: String, file: String?) throws(YAMLError) -> (root: Node?, written: Int) {
        let builder = try build(text, file: file, into: TreeBuilder())
        return (builder.root, builder.nodesWritten)
    }

    /// Feeds the text's events to `builder`; an error is given the file's name.
    private static func build(_ text: String, file: String?, into builder: TreeBuilder) throws(YAMLError) -> TreeBuilder {
        var builder = builder
        do {
            try parseEvents(Array(text.utf8)) { event throws(YAMLError) in try builder.handle(event) }
        } catch {
            var located = error
            located.file = file
            throw located
        }
        return builder
    }

    private static func parseEvents(_ bytes: [UInt8], _ handle: (ParseEvent) throws(YAMLError) -> Void) throws(YAMLError) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(mark: nil, message: "libyaml could not initialise a parser")
        }
        defer { yaml_parser_delete(&parser) }

        try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLError) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { throw parserError(parser) }
                let parsed = ParseEvent(event)
                yaml_event_delete(&event)
                if case .streamEnd = parsed { return }
                try handle(parsed)
            }
        }
    }

    private static func parserError(_ parser: yaml_parser_t) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if parser.error == YAML_READER_ERROR {
            return YAMLError(mark: nil, message: "\(problem) at byte \(parser.problem_offset)")
        }
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            let mark = Mark(parser.context_mark)
            message += " (\(context) at line \(mark.line), column \(mark.column))"
        }
        return YAMLError(mark: Mark(parser.problem_mark), message: message)
    }
}

/// The libyaml events the tree builder needs, copied out of C memory.
enum ParseEvent {
    case streamEnd
    case documentStart(Mark)
    case documentEnd
    case scalar(text: String, plain: Bool, anchor: String?, tag: String?, mark: Mark)
    case alias(anchor: String, mark: Mark)
    case sequenceStart(anchor: String?, tag: String?, mark: Mark)
    case mappingStart(anchor: String?, tag: String?, mark: Mark)
    case collectionEnd
    case ignored

    init(_ event: yaml_event_t) {
        let mark = Mark(event.start_mark)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            self = .streamEnd
        case YAML_DOCUMENT_START_EVENT:
            self = .documentStart(mark)
        case YAML_DOCUMENT_END_EVENT:
            self = .documentEnd
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            self = .scalar(
                text: String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self),
                plain: scalar.style == YAML_PLAIN_SCALAR_STYLE,
                anchor: string(scalar.anchor), tag: string(scalar.tag), mark: mark)
        case YAML_ALIAS_EVENT:
            self = .alias(anchor: string(event.data.alias.anchor) ?? "", mark: mark)
        case YAML_SEQUENCE_START_EVENT:
            let start = event.data.sequence_start
            self = .sequenceStart(anchor: string(start.anchor), tag: string(start.tag), mark: mark)
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            self = .mappingStart(anchor: string(start.anchor), tag: string(start.tag), mark: mark)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            self = .collectionEnd
        default:
            self = .ignored
        }
    }
}

private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    pointer.map { String(cString: UnsafePointer($0)) }
}

extension Mark {
    init(_ mark: yaml_mark_t) {
        self.init(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }
}
