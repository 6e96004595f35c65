import Foundation
import WidgetSDK

/// A round avatar; a person symbol until the image has been fetched.
struct AvatarView: View {
    let data: Data
    let size: Double

    var body: some View {
        if data.isEmpty {
            Image(systemName: "person.crop.circle.fill")
                .frame(width: size, height: size)
                .foregroundStyle(.secondary)
        } else {
            Image(data: data)
                .resizable()
                .frame(width: size, height: size)
                .clipShape(Circle())
        }
    }
}
