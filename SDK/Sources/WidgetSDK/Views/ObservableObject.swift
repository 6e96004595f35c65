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
    public init() {}
    public func send() {}
}

/// Combine's `@Published`: the value, kept as it is.
@propertyWrapper
public struct Published<Value> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    public init(initialValue: Value) {
        self.wrappedValue = initialValue
    }
}

/// SwiftUI's `@StateObject`: the object, made once for the view.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject> {
    public let wrappedValue: ObjectType

    public init(wrappedValue thunk: @autoclosure () -> ObjectType) {
        wrappedValue = thunk()
    }

    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

/// SwiftUI's `@ObservedObject`: the object the view was given.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject> {
    /// Bindings to the object's properties: `$model.name`.
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Value>) -> Binding<Value> {
            let object = object
            return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }

    public let wrappedValue: ObjectType

    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    public init(initialValue: ObjectType) {
        self.wrappedValue = initialValue
    }

    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }
}
