// apple-typecheck: platforms=iOS,tvOS
// Stand-in for Apple's SwiftUI, as far as the tvOS sample and the views it shares with the iOS
// sample (Examples/Sources/SampleUI, Examples/Sources/SampleTV, Examples/Apps/tvOS) name it.
// Written from Apple's SwiftUI documentation (developer.apple.com/documentation/swiftui; the
// tvOS availability of each symbol as listed there) and compared with the iOS 16.5 SDK's
// SwiftUI.swiftinterface (arm64e-apple-ios), which the real-SDK check uses for the iOS side: the
// property wrappers' isolation (`@MainActor(unsafe)` there, `@preconcurrency @MainActor` here) and
// the `@_inheritActorContext` of `task` and `refreshable` are copied from it. Simplified where
// type-checking does not depend on it: every modifier returns `ModifiedContent<Self, _Modifier>`
// where Apple's return `some View`, and no layout or rendering detail is modelled. `View` is not
// main-actor isolated, as in the iOS 16.5 SDK (Xcode 16 SDKs isolate it), so the samples mark
// their views `@MainActor`. A claim, not Apple's SDK.
@_exported import Combine
@_exported import CoreGraphics
import Foundation

// MARK: View, App, builders

@available(iOS 13.0, tvOS 13.0, *)
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor var body: Self.Body { get }
}

@available(iOS 13.0, tvOS 13.0, *)
extension Never: View {
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 13.0, tvOS 13.0, *)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 13.0, tvOS 13.0, *)
public struct EmptyView: View {
    public init()
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 13.0, tvOS 13.0, *)
public struct TupleView<T>: View {
    public init(_ value: T)
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 13.0, tvOS 13.0, *)
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 13.0, tvOS 13.0, *)
@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content
    public static func buildBlock() -> EmptyView
    public static func buildBlock<Content: View>(_ content: Content) -> Content
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
    public static func buildIf<Content: View>(_ content: Content?) -> Content?
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView
}

@available(iOS 13.0, tvOS 13.0, *)
public struct AnyView: View {
    public init<V: View>(_ view: V)
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 14.0, tvOS 14.0, *)
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor var body: Self.Body { get }
}

@available(iOS 14.0, tvOS 14.0, *)
@resultBuilder public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content
}

@available(iOS 14.0, tvOS 14.0, *)
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor var body: Self.Body { get }
    @MainActor init()
}

@available(iOS 14.0, tvOS 14.0, *)
extension App {
    @MainActor public static func main()
}

@available(iOS 14.0, tvOS 14.0, *)
public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content)
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 14.0, tvOS 14.0, *)
extension Never: Scene {}

// MARK: State and observation

@available(iOS 13.0, tvOS 13.0, *)
public protocol DynamicProperty {}

@available(iOS 13.0, tvOS 13.0, *)
@propertyWrapper public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value)
    public var wrappedValue: Value { get nonmutating set }
    public var projectedValue: Binding<Value> { get }
}

@available(iOS 13.0, tvOS 13.0, *)
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void)
    public var wrappedValue: Value { get nonmutating set }
    public var projectedValue: Binding<Value> { get }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { get }
}

@available(iOS 13.0, tvOS 13.0, *)
@propertyWrapper @frozen public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    public init(wrappedValue: ObjectType)
    @preconcurrency @MainActor public var wrappedValue: ObjectType { get set }
}

@available(iOS 14.0, tvOS 14.0, *)
@propertyWrapper @frozen public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType)
    @preconcurrency @MainActor public var wrappedValue: ObjectType { get }
}

// MARK: Views

@available(iOS 13.0, tvOS 13.0, *)
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    public init(_ value: String)
    public init(stringLiteral value: String)
    public init(stringInterpolation: LocalizedStringKey.StringInterpolation)
    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int)
        public mutating func appendLiteral(_ literal: String)
        public mutating func appendInterpolation(_ string: String)
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T)
        @available(iOS 14.0, tvOS 14.0, *)
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle)
    }
}

@available(iOS 13.0, tvOS 13.0, *)
public protocol _FormatSpecifiable: Equatable {}
extension Int: _FormatSpecifiable {}
extension Int64: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}

@available(iOS 13.0, tvOS 13.0, *)
public struct Text: View, Equatable {
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil)
    public init<S: StringProtocol>(_ content: S)
    public init(verbatim content: String)
    public func font(_ font: Font?) -> Text
    public func bold() -> Text
    public struct DateStyle: Sendable {
        public static let time: Text.DateStyle
        public static let date: Text.DateStyle
        public static let relative: Text.DateStyle
    }
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 13.0, tvOS 13.0, *)
public struct Image: View, Equatable {
    public init(systemName: String)
    public init(decorative cgImage: CGImage, scale: CGFloat, orientation: Image.Orientation = .up)
    public enum Orientation: UInt8, Sendable { case up, down, left, right }
    public enum Interpolation: Sendable { case none, low, medium, high }
    public enum ResizingMode: Sendable { case tile, stretch }
    public func resizable(resizingMode: Image.ResizingMode = .stretch) -> Image
    public func interpolation(_ interpolation: Image.Interpolation) -> Image
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 14.0, tvOS 14.0, *)
public struct Label<Title: View, Icon: View>: View {
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 14.0, tvOS 14.0, *)
extension Label where Title == Text, Icon == Image {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String)
    public init<S: StringProtocol>(_ title: S, systemImage name: String)
}

@available(iOS 13.0, tvOS 13.0, *)
public enum HorizontalAlignment: Sendable { case leading, center, trailing }

@available(iOS 13.0, tvOS 13.0, *)
public enum VerticalAlignment: Sendable { case top, center, bottom }

@available(iOS 13.0, tvOS 13.0, *)
public struct Alignment: Sendable {
    public static let center: Alignment
}

@available(iOS 13.0, tvOS 13.0, *)
public struct VStack<Content: View>: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 13.0, tvOS 13.0, *)
public struct HStack<Content: View>: View {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 13.0, tvOS 13.0, *)
public struct Spacer: View {
    public init(minLength: CGFloat? = nil)
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 13.0, tvOS 13.0, *)
public struct List<SelectionValue: Hashable, Content: View>: View {
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 13.0, tvOS 13.0, *)
extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content)
}

@available(iOS 13.0, tvOS 13.0, *)
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content>: View where Content: View {
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 13.0, tvOS 13.0, *)
extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
}

@available(iOS 13.0, tvOS 13.0, *)
public struct Section<Parent, Content, Footer>: View where Parent: View, Content: View, Footer: View {
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 13.0, tvOS 13.0, *)
extension Section where Parent == EmptyView, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content)
}

@available(iOS 15.0, tvOS 15.0, *)
extension Section where Parent == Text, Footer == EmptyView {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content)
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content)
}

@available(iOS 15.0, tvOS 15.0, *)
public struct ButtonRole: Equatable, Sendable {
    public static let destructive: ButtonRole
    public static let cancel: ButtonRole
}

@available(iOS 13.0, tvOS 13.0, *)
public struct Button<Label: View>: View {
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label)
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 13.0, tvOS 13.0, *)
extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void)
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void)
    @available(iOS 15.0, tvOS 15.0, *)
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping () -> Void)
}

@available(iOS 14.0, tvOS 14.0, *)
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 14.0, tvOS 14.0, *)
extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init()
}

@available(iOS 14.0, tvOS 14.0, *)
extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    public init(_ titleKey: LocalizedStringKey)
}

@available(iOS 16.0, tvOS 16.0, *)
public struct NavigationStack<Data, Root: View>: View {
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 16.0, tvOS 16.0, *)
extension NavigationStack where Data == Never {
    public init(@ViewBuilder root: () -> Root)
}

@available(iOS 13.0, tvOS 13.0, *)
public struct NavigationLink<Label: View, Destination: View>: View {
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 13.0, tvOS 13.0, *)
extension NavigationLink where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination)
}

// MARK: Styles

@available(iOS 13.0, tvOS 13.0, *)
public struct Font: Hashable, Sendable {
    public static let title: Font
    public static let headline: Font
    public static let caption: Font
    public struct Weight: Hashable, Sendable {
        public static let regular: Font.Weight
        public static let bold: Font.Weight
    }
    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }
    @available(iOS 16.0, tvOS 16.0, *)
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font
}

@available(iOS 15.0, tvOS 15.0, *)
public protocol ShapeStyle: Sendable {}

@available(iOS 13.0, tvOS 13.0, *)
public struct Color: Hashable, Sendable, ShapeStyle {
    public static let red: Color
    public static let green: Color
}

@available(iOS 15.0, tvOS 15.0, *)
public struct HierarchicalShapeStyle: ShapeStyle {
    public static let primary: HierarchicalShapeStyle
    public static let secondary: HierarchicalShapeStyle
}

@available(iOS 15.0, tvOS 15.0, *)
extension ShapeStyle where Self == Color {
    public static var red: Color { get }
    public static var green: Color { get }
}

@available(iOS 15.0, tvOS 15.0, *)
extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var secondary: HierarchicalShapeStyle { get }
}

// MARK: Modifiers

@available(iOS 13.0, tvOS 13.0, *)
public struct _Modifier {}

@available(iOS 13.0, tvOS 13.0, *)
public struct ModifiedContent<Content, Modifier> {}

@available(iOS 13.0, tvOS 13.0, *)
extension ModifiedContent: View where Content: View {
    public typealias Body = Never
    public var body: Never { get }
}

@available(iOS 13.0, tvOS 13.0, *)
extension View {
    public func padding() -> ModifiedContent<Self, _Modifier>
    public func font(_ font: Font?) -> ModifiedContent<Self, _Modifier>
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> ModifiedContent<Self, _Modifier>
    @available(iOS 15.0, tvOS 15.0, *)
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, _Modifier>
    @available(iOS 15.0, tvOS 15.0, *)
    public func task(priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> ModifiedContent<Self, _Modifier>
    @available(iOS 15.0, tvOS 15.0, *)
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> ModifiedContent<Self, _Modifier>
    @available(iOS 15.0, tvOS 15.0, *)
    public func refreshable(@_inheritActorContext action: @escaping @Sendable () async -> Void) -> ModifiedContent<Self, _Modifier>
    @available(iOS 15.0, tvOS 15.0, *)
    @_disfavoredOverload public func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> ModifiedContent<Self, _Modifier>
    @available(iOS 14.0, tvOS 14.0, *)
    public func navigationTitle(_ title: LocalizedStringKey) -> ModifiedContent<Self, _Modifier>
}
