import ExtensionProtocol
import Foundation
import Testing
@testable import WidgetRendering
import WidgetSDK

/// Issue 37: `Path`, custom `Shape`s, `.trim(from:to:)` and `Ellipse` (four
/// of thirteen real extensions: sparklines, progress rings, charts) did not
/// compile; a stroke's caps, joins and dashes were drawn plain.
@Suite("Paths, custom shapes and trims")
struct PathAndShapeTests {
    /// A sparkline as widget extensions write one: in proportion to `rect`.
    struct Sparkline: Shape {
        let values: [Double]
        func path(in rect: CGRect) -> Path {
            Path { path in
                for (index, value) in values.enumerated() {
                    let point = CGPoint(x: rect.minX + rect.width * Double(index) / Double(values.count - 1),
                                        y: rect.minY + rect.height * (1 - value))
                    index == 0 ? path.move(to: point) : path.addLine(to: point)
                }
            }
        }
    }

    /// Made while the entry is archived, as a widget's body is: a shape asks the family's size then.
    private func archived<V: View>(_ view: @autoclosure () -> V, _ family: WidgetFamily = .systemSmall) -> ViewNode {
        var environment = EnvironmentValues()
        environment.widgetFamily = family
        return EnvironmentValues.$current.withValue(environment) { ViewNode(archiving: view()) }
    }

    private func svg<V: View>(_ view: @autoclosure () -> V, _ family: WidgetFamily = .systemSmall) -> String {
        SVGRenderer().render(LayoutEngine().layout(archived(view(), family), family: family))
    }

    /// The numbers of the first `<path d="…">` whose attributes contain `marker`.
    private func pathNumbers(_ svg: String, marker: String) throws -> [Double] {
        let element = try #require(svg.split(separator: "<").first { $0.hasPrefix("path ") && $0.contains(marker) }, "\(svg)")
        let data = try #require(element.firstMatch(of: /d="([^"]*)"/)).1
        return data.split(separator: " ").compactMap { Double($0) }
    }

    @Test func aCustomShapeIsMadeInTheWidgetsSizeAndScaledToItsFrame() throws {
        func view() -> some View { Sparkline(values: [0, 1, 0.5]).stroke(Color.blue, lineWidth: 2).frame(width: 100, height: 40) }
        let node = archived(view())
        guard case .shape(.path(let path)) = node.content else { Issue.record("archived as \(node.content)"); return }
        // systemSmall is 170 points, less 16 on each side.
        #expect(path.reference == CGRect(x: 0, y: 0, width: 138, height: 138))
        #expect(path.elements.count == 3)

        let numbers = try pathNumbers(svg(view()), marker: #"stroke-width="2""#)
        #expect(numbers.count == 6, "\(numbers)")
        // Frame centred in the 170-point card: x from 35 to 135, y from 65 to 105.
        #expect(numbers == [35, 105, 85, 65, 135, 85], "scaled from 138×138 to 100×40: \(numbers)")
    }

    @Test func aPathDrawnAsAViewKeepsItsOwnCoordinates() throws {
        let view = Path { path in
            path.move(to: CGPoint(x: 0, y: 10))
            path.addLine(to: CGPoint(x: 30, y: 0))
        }.stroke(Color.red, lineWidth: 3)
        let node = archived(view)
        guard case .shape(.path(let path)) = node.content else { Issue.record("archived as \(node.content)"); return }
        #expect(path.reference == nil)
        let numbers = try pathNumbers(svg(view), marker: #"stroke-width="3""#)
        // The path fills the card's content area, which starts at 16, 16.
        #expect(numbers == [16, 26, 46, 16], "\(numbers)")
    }

    @Test func aTrimmedRingIsThePartOfTheCircleFromThreeOClockClockwise() throws {
        let ring = Circle().trim(from: 0, to: 0.25)
            .stroke(Color.green, style: StrokeStyle(lineWidth: 6, lineCap: .round))
            .frame(width: 100, height: 100)
        let drawn = svg(ring)
        #expect(drawn.contains(#"stroke-linecap="round""#), "\(drawn)")
        let numbers = try pathNumbers(drawn, marker: #"stroke-width="6""#)
        let points = stride(from: 0, to: numbers.count - 1, by: 2).map { CGPoint(x: numbers[$0], y: numbers[$0 + 1]) }
        let (first, last) = (try #require(points.first), try #require(points.last))
        // Centre 85, 85, radius 50: from (135, 85) at three o'clock to (85, 135) at six.
        #expect(abs(first.x - 135) < 0.01 && abs(first.y - 85) < 0.01, "\(first)")
        #expect(abs(last.x - 85) < 0.01 && abs(last.y - 135) < 0.01, "\(last)")
        #expect(points.allSatisfy { abs(hypot($0.x - 85, $0.y - 85) - 50) < 0.5 }, "every point on the circle")
    }

    @Test func aTrimOfATrimKeepsThePartOfThePart() {
        let node = archived(Rectangle().trim(from: 0.5, to: 1).trim(from: 0, to: 0.5).stroke())
        #expect(node.content == .shape(.trimmed(.rectangle, from: 0.5, to: 0.75)))
    }

    @Test func anEllipseFillsItsFrame() {
        let drawn = svg(Ellipse().fill(Color.orange).frame(width: 80, height: 40))
        #expect(drawn.contains(#"<ellipse cx="85" cy="85" rx="40" ry="20""#), "\(drawn)")
    }

    @Test func arcsAndCurvesAreBuiltAsSwiftUIBuildsThem() {
        var path = Path()
        path.addArc(center: CGPoint(x: 50, y: 50), radius: 10, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
        // Angles grow clockwise on screen: a quarter turn from the right ends at the bottom.
        #expect(path.elements.count == 2)
        #expect(path.currentPoint.map { abs($0.x - 50) < 1e-9 && abs($0.y - 60) < 1e-9 } == true, "\(String(describing: path.currentPoint))")
        let bounds = Path(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 20)).boundingRect
        #expect(bounds == CGRect(x: 0, y: 0, width: 40, height: 20))
        let half = Path(CGRect(x: 0, y: 0, width: 10, height: 10)).trimmedPath(from: 0, to: 0.5)
        #expect(half.currentPoint == CGPoint(x: 10, y: 10), "half the perimeter ends at the opposite corner")
    }

    @Test func dashesAndJoinsAreDrawn() {
        let drawn = svg(Rectangle().stroke(Color.gray, style: StrokeStyle(lineWidth: 1, lineJoin: .round, dash: [4, 2], dashPhase: 1)))
        #expect(drawn.contains(#"stroke-linejoin="round""#), "\(drawn)")
        #expect(drawn.contains(#"stroke-dasharray="4 2" stroke-dashoffset="1""#), "\(drawn)")
    }

    @Test func shapesTravelInTheArchiveAndAreChecked() throws {
        let views: [ViewNode] = [
            archived(Sparkline(values: [0.2, 0.9, 0.4, 0.6]).stroke(Color.blue, style: StrokeStyle(lineWidth: 2, lineCap: .round, dash: [3, 1]))),
            archived(Circle().trim(from: 0.1, to: 0.7).stroke(lineWidth: 4)),
            archived(Ellipse().fill(Color.red)),
            archived(Text("clipped").clipShape(Path(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 5))),
        ]
        for node in views {
            let entry = ArchivedEntry(date: Date(timeIntervalSince1970: 0), view: node)
            #expect(try ArchiveCodec.decodeEntry(ArchiveCodec.encode(entry)).view == node)
            #expect(try EntryValidator().validate(node) == node)
            let json = try JSONEncoder().encode(node)
            #expect(try JSONDecoder().decode(ViewNode.self, from: json) == node)
        }
    }

    @Test func aPathTooLargeOrNotFiniteIsRefusedByName() {
        let huge = Path { path in
            for index in 0...EntryValidator.maximumPathElements { path.addLine(to: CGPoint(x: Double(index), y: 0)) }
        }
        #expect(throws: EntryRefused.self) { try EntryValidator().validate(archived(huge)) }
        let infinite = Path { $0.addLine(to: CGPoint(x: Double.nan, y: 0)) }
        do {
            _ = try EntryValidator().validate(archived(infinite))
            Issue.record("a NaN point was accepted")
        } catch let refusal as EntryRefused {
            #expect("\(refusal)".contains("a path's x is not finite"), "\(refusal)")
        } catch {
            Issue.record("\(error)")
        }
        // A trim of a trim never comes from the SDK: the reader refuses it before it nests further.
        let nested = ViewNode(.shape(.trimmed(.trimmed(.circle, from: 0, to: 1), from: 0, to: 1)))
        #expect(throws: (any Error).self) {
            try ArchiveCodec.decodeEntry(ArchiveCodec.encode(ArchivedEntry(date: Date(timeIntervalSince1970: 0), view: nested)))
        }
    }

    @Test func aSparklineIsTracedOnTheBoard() {
        let board = ANSIRenderer(colors: .none).render(LayoutEngine().layout(archived(Sparkline(values: [0, 1, 0]).stroke(lineWidth: 2), .systemMedium),
                                                                              family: .systemMedium))
        #expect(board.contains("╱") && board.contains("╲"), "up, then down:\n\(board)")
    }
}
