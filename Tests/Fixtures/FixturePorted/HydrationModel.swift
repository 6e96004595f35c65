// The app's model, shared with the extension: a Combine ObservableObject.
import Combine

final class HydrationModel: ObservableObject {
    @Published var glasses = 0

    func drink() {
        glasses += 1
    }
}
