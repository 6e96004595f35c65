import Foundation
import WidgetKinds
import WidgetSDK

// What the errors of the layers below the scheduler mean to it.

extension ReloadFailure: ReloadFailureConvertible {
    package var reloadFailure: ReloadFailure { self }
}

extension ExtensionUnavailable: ReloadFailureConvertible {
    package var reloadFailure: ReloadFailure { ReloadFailure(.unavailable, reason, retryAfter: retryAfter) }
}

extension ExtensionOverLimit: ReloadFailureConvertible {
    package var reloadFailure: ReloadFailure { ReloadFailure(.failed, reason) }
}

extension ExtensionCrash: ReloadFailureConvertible {
    package var reloadFailure: ReloadFailure { ReloadFailure(.crashed, description) }
}

extension RateLimitedError: ReloadFailureConvertible {
    package var reloadFailure: ReloadFailure { ReloadFailure(.rateLimited, String(describing: self), rateLimitedUntil: until) }
}
