import Foundation

/// Combine's `ObservableObject`, as a widget's models adopt it: a widget's
/// view is made once per entry, so nothing observes the changes, and a
/// model works as the plain object it is.
public protocol ObservableObject: AnyObject {
    /// What announces a change.
    associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// A publisher no one subscribes to in a widget.
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

/// Combine's publisher of an object's changes; `send()` does nothing here.
public final class ObservableObjectPublisher: Sendable {
    /// A publisher.
    public init() {}
    /// Announces a change; no one listens in a widget.
    public func send() {}
}

/// Combine's `@Published`: the value, kept as it is.
@propertyWrapper
public struct Published<Value> {
    /// The value.
    public var wrappedValue: Value

    /// A published value.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// A published value, Combine's older spelling.
    public init(initialValue: Value) {
        self.wrappedValue = initialValue
    }
}

/// SwiftUI's `@StateObject`: the object, made once for the view.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject> {
    /// The object.
    public let wrappedValue: ObjectType

    /// The object the view owns, made once.
    public init(wrappedValue thunk: @autoclosure () -> ObjectType) {
        wrappedValue = thunk()
    }

    /// Bindings to the object's properties: `$model.name`.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

/// SwiftUI's `@ObservedObject`: the object the view was given.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject> {
    /// Bindings to the object's properties: `$model.name`.
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        /// A binding to one of the object's properties.
        public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Value>) -> Binding<Value> {
            let object = object
            return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }

    /// The object.
    public let wrappedValue: ObjectType

    /// The object the view was given.
    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    /// The object the view was given, SwiftUI's older spelling.
    public init(initialValue: ObjectType) {
        self.wrappedValue = initialValue
    }

    /// Bindings to the object's properties: `$model.name`.
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }
}
