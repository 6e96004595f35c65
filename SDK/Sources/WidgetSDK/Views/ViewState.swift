import Foundation

/// A view's state, as SwiftUI's `@State`: a widget's view is made once per
/// entry, so it holds its initial value (or what `.onAppear` set) for that
/// drawing; nothing is interactive but `Button(intent:)` and `Toggle`.
@propertyWrapper
public struct State<Value> {
    private final class Storage {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private let storage: Storage

    /// State that starts at `value`.
    public init(wrappedValue value: Value) {
        storage = Storage(value)
    }

    /// State that starts at `value`, SwiftUI's older spelling.
    public init(initialValue value: Value) {
        storage = Storage(value)
    }

    /// The value, for this drawing.
    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }

    /// A binding to the value: `$count`.
    public var projectedValue: Binding<Value> {
        let storage = storage
        return Binding(get: { storage.value }, set: { storage.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// Nil to begin with.
    public init() {
        self.init(wrappedValue: nil)
    }
}

/// A value owned elsewhere, as SwiftUI's `@Binding`.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// A binding that never changes.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The bound value.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// The binding itself: `$value` passes it on.
    public var projectedValue: Binding<Value> { self }

    /// A binding passed on as `$value`.
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// A binding to a part of the value: `$settings.name`.
    public subscript<Part>(dynamicMember keyPath: WritableKeyPath<Value, Part>) -> Binding<Part> {
        let get = get, set = set
        return Binding<Part>(get: { get()[keyPath: keyPath] }, set: { part in
            var value = get()
            value[keyPath: keyPath] = part
            set(value)
        })
    }
}

/// A view that hides its type, as SwiftUI's `AnyView`.
public struct AnyView: View, PrimitiveView {
    let node: ViewNode

    /// `view`, its type hidden.
    public init<V: View>(_ view: V) {
        node = ViewNode(archiving: view)
    }

    /// `view`, its type hidden.
    public init<V: View>(erasing view: V) {
        self.init(view)
    }
}

extension Text {
    /// Where a line cut short loses its letters, with "…" in their place.
    public enum TruncationMode: String, Codable, Sendable, Hashable {
        /// Cut at the start: "…ong title".
        case head
        /// Cut at the end: "A long ti…", as text is unless told.
        case tail
        /// Cut in the middle.
        case middle
    }

    /// A timer counting down to the interval's end (or up from its start),
    /// as `Text(date, style: .timer)` draws it.
    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
        self.init(countsDown ? timerInterval.upperBound : timerInterval.lowerBound, style: .timer)
    }
}

extension ProgressView {
    /// A bar filled to how much of `timerInterval` has passed when the
    /// entry is made (or is left, counting down); it does not move between entries.
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true) {
        let total = timerInterval.upperBound.timeIntervalSince(timerInterval.lowerBound)
        let passed = min(max(0, Date().timeIntervalSince(timerInterval.lowerBound)), max(0, total))
        self.init(value: countsDown ? total - passed : passed, total: max(total, 1))
    }
}

extension View {
    /// Runs `action` as the view is made, once per entry: the picture
    /// taken after it shows what it changed in a model, not in `@State`
    /// (the view was made before).
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        action?()
        return ArchivedView(ViewNode(archiving: self))
    }

    /// Nothing disappears from a still picture.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { ArchivedView(ViewNode(archiving: self)) }

    /// Where a line of the text within that does not fit is cut: at its
    /// end (as unless told), its start or its middle.
    public func truncationMode(_ mode: Text.TruncationMode) -> some View { modified(.truncationMode(mode)) }

    /// Laid out, not drawn.
    public func hidden() -> some View { modified(.opacity(0)) }

    /// Accepted and ignored: siblings are drawn in the order they are written.
    public func zIndex(_ value: Double) -> some View { ArchivedView(ViewNode(archiving: self)) }
}
