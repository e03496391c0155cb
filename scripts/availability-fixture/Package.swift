// swift-tools-version: 6.1
import PackageDescription

// The fixture of scripts/check-availability: code that uses APIs above its floor, the same
// floor as swift-sqlite's, each ungated use marked `// expect: SYMBOL` on its line and each
// gated one unmarked. `scripts/check-availability --self-test` builds it and checks that the
// scan reports exactly the marked uses. It is not part of swift-sqlite's build.
let package = Package(
    name: "AvailabilityFixture",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    targets: [
        .target(name: "AvailabilityFixture")
    ],
    swiftLanguageModes: [.v6]
)
